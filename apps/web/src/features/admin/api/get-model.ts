import type { Model } from '@shop/contracts/catalogue';
import { apiRequest } from '@/lib/api-client';

export const getModel = (id: number, signal?: AbortSignal): Promise<Model> =>
  apiRequest<Model>(`/api/models/${id}`, { signal });
