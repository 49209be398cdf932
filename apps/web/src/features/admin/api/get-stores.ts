import type { Store } from '@shop/contracts/stores';
import { apiRequest } from '@/lib/api-client';

/** Every store, down ones and the hidden one included; `name` filters by name. */
export const getStores = (name?: string, signal?: AbortSignal): Promise<Store[]> =>
  apiRequest<Store[]>('/api/stores', { query: { name }, signal });
