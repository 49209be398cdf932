import type { Store, StoreInput } from '@shop/contracts/stores';
import { apiRequest } from '@/lib/api-client';

export const createStore = (input: StoreInput): Promise<Store> =>
  apiRequest<Store>('/api/stores', { method: 'POST', body: input });
