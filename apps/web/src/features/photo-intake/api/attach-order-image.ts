import type { Order } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** Puts an uploaded photo on the order. */
export const attachOrderImage = (orderId: string, uri: string, signal?: AbortSignal): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}`, {
    method: 'PUT',
    body: { image: uri },
    signal,
  });
