import type { Tracking } from '@shop/contracts/tracking';
import { apiRequest } from '@/lib/api-client';

/** The order's progress as its customer may see it (the order id is the capability). */
export const getTracking = (orderId: string, signal?: AbortSignal): Promise<Tracking> =>
  apiRequest<Tracking>(`/api/orders/${encodeURIComponent(orderId)}/tracking`, { signal });
