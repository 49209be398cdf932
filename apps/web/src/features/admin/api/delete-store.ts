import { apiRequest } from '@/lib/api-client';

/** 409 IN_USE while orders or staff accounts refer to the store. */
export const deleteStore = (id: number): Promise<void> =>
  apiRequest<void>(`/api/stores/${id}`, { method: 'DELETE' });
