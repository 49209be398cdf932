import type { Order } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** Home delivery: the server sets the store's shipping fee on the order (once, however often called). */
export const addDelivery = (orderId: string): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}/addDelivery`, { method: 'POST' });
