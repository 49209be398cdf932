import type { Brand } from '@shop/contracts/catalogue';
import { apiRequest } from '@/lib/api-client';

export const getBrands = (signal?: AbortSignal): Promise<Brand[]> =>
  apiRequest<Brand[]>('/api/brands', { signal });
