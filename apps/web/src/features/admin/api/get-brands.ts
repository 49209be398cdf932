import type { Brand } from '@shop/contracts/catalogue';
import { apiRequest } from '@/lib/api-client';

/** Every brand, hidden ones included (staff session). */
export const getBrands = (signal?: AbortSignal): Promise<Brand[]> =>
  apiRequest<Brand[]>('/api/brands', { signal });
