import { apiRequest } from '@/lib/api-client';

/** 409 IN_USE while orders refer to the model. */
export const deleteModel = (id: number): Promise<void> =>
  apiRequest<void>(`/api/models/${id}`, { method: 'DELETE' });
