import type { Origin, UrlCodeSchema } from '@shop/contracts/stores';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export type StoreUrlCode = z.infer<typeof UrlCodeSchema>;

export const getStoreUrlCode = (
  storeId: number,
  origin: Origin,
  signal?: AbortSignal,
): Promise<StoreUrlCode> => apiRequest<StoreUrlCode>(`/api/stores/${storeId}/${origin}`, { signal });
