import { PayNow } from '@/features/checkout/components/pay-now';

export const PayNowRoute = () => <PayNow />;
