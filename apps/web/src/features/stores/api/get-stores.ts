import type { Store } from '@shop/contracts/stores';
import { apiRequest } from '@/lib/api-client';

export const getStores = (signal?: AbortSignal): Promise<Store[]> =>
  apiRequest<Store[]>('/api/stores', { signal });
