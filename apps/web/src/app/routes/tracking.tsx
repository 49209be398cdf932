import { useParams } from 'react-router';
import { TrackingPage } from '@/features/tracking/components/tracking-page';
import '@/styles/tracking.css';

/** `/seguimiento/:orderId`: the customer's tracking page, a chunk of its own. */
export function TrackingRoute() {
  const { orderId = '' } = useParams();
  return <TrackingPage key={orderId} orderId={orderId} />;
}
