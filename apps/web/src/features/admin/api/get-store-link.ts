import type { Origin } from '@shop/contracts/stores';
import { apiRequest } from '@/lib/api-client';

/** The code of a store's customer link (`false`) or in-store screen link (`screen`). */
export const getStoreLink = (
  id: number,
  origin: Origin,
  signal?: AbortSignal,
): Promise<{ urlCode: string }> => apiRequest<{ urlCode: string }>(`/api/stores/${id}/${origin}`, { signal });
