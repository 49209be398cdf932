import { Navigate, useParams } from 'react-router';
import { ContactActions } from '@/features/pages/components/contact-actions';
import { StaticPageView } from '@/features/pages/components/static-page-view';
import { isStaticSlug } from '@/features/pages/content/footer-links';

/** `/:slug` for the static pages; any other single-segment path goes back to the landing. */
export function StaticPageRoute() {
  const { slug = '' } = useParams();
  if (!isStaticSlug(slug)) return <Navigate to="/" replace />;
  return (
    <StaticPageView key={slug} slug={slug}>
      {slug === 'contact' && <ContactActions />}
    </StaticPageView>
  );
}
