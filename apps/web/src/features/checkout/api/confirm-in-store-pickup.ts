import type { Order } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** The customer collects the case at the store: no delivery, no shipping fee. */
export const confirmInStorePickup = (orderId: string): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}/confirmInStorePickup`, { method: 'POST' });
