import type { Brand } from '@shop/contracts/catalogue';
import { apiRequest } from '@/lib/api-client';

export const getBrand = (id: number, signal?: AbortSignal): Promise<Brand> =>
  apiRequest<Brand>(`/api/brands/${id}`, { signal });
