import { apiRequest } from '@/lib/api-client';

/** 409 IN_USE while the brand has models. */
export const deleteBrand = (id: number): Promise<void> =>
  apiRequest<void>(`/api/brands/${id}`, { method: 'DELETE' });
