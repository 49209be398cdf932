import type { Store } from '@shop/contracts/stores';
import { apiRequest } from '@/lib/api-client';

export const getStore = (id: number, signal?: AbortSignal): Promise<Store> =>
  apiRequest<Store>(`/api/stores/${id}`, { signal });
