import type { OrderEvent } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** The order's changes of state, oldest first. */
export const getOrderTimeline = (id: string, signal?: AbortSignal): Promise<OrderEvent[]> =>
  apiRequest<OrderEvent[]>(`/api/orders/${id}/timeline`, { signal });
