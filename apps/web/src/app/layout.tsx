import { lazy, Suspense, useRef } from 'react';
import { Outlet, useMatch } from 'react-router';
import { SiteHeader } from '@/components/layouts/site-header';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { CookieBanner } from '@/features/cookie-consent/components/cookie-banner';
import { useCompany } from '@/features/pages/api/get-config';
import { useKioskHome, useLinkOnThisDevice } from '@/lib/kiosk';
import { getSessionValue } from '@/lib/session';
import { useScrollManager } from './scroll-manager';

// The footer is below the fold on every page (the main area is at least a screen tall): its code
// comes after the entry's, so the first screen does not wait for it.
const SiteFooter = lazy(() =>
  import('@/features/pages/components/site-footer').then((module) => ({ default: module.SiteFooter })),
);

/**
 * Where "Crear mi funda" leads: on the landing, its route's store link (else the store selection);
 * elsewhere the visitor's store, except on the store selection, which forgets it.
 */
function useStoreHref(): string {
  const welcome = useMatch('/welcome/:encodedUrl');
  const landing = useMatch('/');
  const selection = useMatch('/store');
  // A kiosk never leaves its store (see lib/kiosk.ts).
  const home = useKioskHome();
  if (home) return home;
  if (welcome) return paths.store(welcome.params.encodedUrl);
  if (landing || selection) return paths.store();
  return paths.store(getSessionValue('store_url'));
}

export function AppLayout() {
  const main = useRef<HTMLElement>(null);
  useScrollManager(main);
  const { company } = useCompany();
  const storeHref = useStoreHref();
  const linkOnThisDevice = useLinkOnThisDevice();

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <SiteHeader
        brandName={company?.tradeName ?? null}
        storeHref={storeHref}
        homeHref={linkOnThisDevice(paths.landing) ?? paths.landing}
      />
      <main id="main" className="app-main" ref={main} tabIndex={-1}>
        <Suspense fallback={<Spinner label="Cargando…" />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <CookieBanner />
    </div>
  );
}
