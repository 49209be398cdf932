import type { Tracking } from '@shop/contracts/tracking';
import { apiRequest } from '@/lib/api-client';

/** The order's progress as its tracking link shows it (the token reads this and the invoices only). */
export const getTracking = (token: string, signal?: AbortSignal): Promise<Tracking> =>
  apiRequest<Tracking>(`/api/tracking/${encodeURIComponent(token)}`, { signal });
