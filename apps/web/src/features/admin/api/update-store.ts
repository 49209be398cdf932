import type { Store, StoreInput } from '@shop/contracts/stores';
import { apiRequest } from '@/lib/api-client';

/** Admins may edit any store, store staff their own. */
export const updateStore = (id: number, input: StoreInput): Promise<Store> =>
  apiRequest<Store>(`/api/stores/${id}`, { method: 'PUT', body: input });
