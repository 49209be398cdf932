import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { LandingPage } from '@/features/landing/components/landing-page';
import { useKioskHome } from '@/lib/kiosk';

/** `/` and `/welcome/:encodedUrl`: the store link of the route is kept for every call to action. */
export function LandingRoute() {
  const { encodedUrl } = useParams();
  const kioskHome = useKioskHome();
  return <LandingPage storeHref={kioskHome ?? paths.store(encodedUrl)} />;
}
