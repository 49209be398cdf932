import { OrderData } from '@/features/checkout/components/order-data';

export const OrderDataRoute = () => <OrderData />;
