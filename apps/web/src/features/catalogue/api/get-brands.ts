import { storeBrandsUrl } from '@shop/contracts/api-urls';
import type { Brand } from '@shop/contracts/catalogue';
import { apiRequest } from '@/lib/api-client';

/** The brands customers may see, each with how many models `storeId` offers of it. */
export const getStoreBrands = (storeId: number, signal?: AbortSignal): Promise<Brand[]> =>
  apiRequest<Brand[]>(storeBrandsUrl(storeId), { signal });
