import type { Order } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** The customer's order: its model and template, and whether it has a photo yet. */
export const getOrder = (orderId: string, signal?: AbortSignal): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}`, { signal });
