import { BRANDS_URL } from '@shop/contracts/api-urls';
import type { Brand } from '@shop/contracts/catalogue';
import { apiRequest } from '@/lib/api-client';

export const getBrands = (signal?: AbortSignal): Promise<Brand[]> =>
  apiRequest<Brand[]>(BRANDS_URL, { signal });
