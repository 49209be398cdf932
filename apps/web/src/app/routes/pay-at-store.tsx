import { PayAtStore } from '@/features/checkout/components/pay-at-store';

export const PayAtStoreRoute = () => <PayAtStore />;
