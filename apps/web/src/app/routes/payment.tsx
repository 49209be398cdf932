import { PaymentResult } from '@/features/checkout/components/payment-result';

export const PaymentSuccessRoute = () => <PaymentResult outcome="success" />;

export const PaymentFailureRoute = () => <PaymentResult outcome="failure" />;
