import type { Order } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** Adds an upload of this visitor to the order's photos (the editor's tray). */
export const addOrderPhoto = (orderId: string, image: string): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}/photos`, { method: 'POST', body: { image } });
