import type { Order } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** The customer's order as the editor needs it: photo, model and template. */
export const getOrder = (orderId: string, signal?: AbortSignal): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}`, { signal });
