import { useParams } from 'react-router';
import { TrackingPage } from '@/features/tracking/components/tracking-page';
import '@/styles/tracking.css';

/** `/seguimiento/:token`: the customer's read-only tracking page (its tracking token), a chunk of its own. */
export function TrackingRoute() {
  const { token = '' } = useParams();
  return <TrackingPage key={token} token={token} />;
}
