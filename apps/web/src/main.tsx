// Global styles first: screens' own stylesheets build on them.
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/layout.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadRoute } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The page's route module first (the server sent it along with the page), so that the first paint
// is the page and not a spinner in its place. A module that fails to load is left to the route,
// which says so.
preloadRoute(location.pathname)
  .catch(() => undefined)
  .finally(() => {
    // A transition: React renders the first screen in slices of a few milliseconds and lets the
    // browser in between, instead of in one long task (on a slow phone that task blocked input for
    // several hundred milliseconds; Lighthouse counted it as Total Blocking Time).
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </StrictMode>,
      );
    });
  });
