import { OrderConfirmation } from '@/features/checkout/components/order-confirmation';

export const OrderConfirmationRoute = () => <OrderConfirmation />;
