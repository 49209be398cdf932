import type { Order } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** '¡OK, pedir!' chooses paying at the store (docs/product.md §4.5); the pay-now switch comes later. */
export const confirmPayAtStore = (orderId: string): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}/confirmPaymentMethod`, {
    method: 'POST',
    query: { paymentMethod: 'paystore' },
  });
