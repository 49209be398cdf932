import type { Brand, BrandInput } from '@shop/contracts/catalogue';
import { apiRequest } from '@/lib/api-client';

export const createBrand = (input: BrandInput): Promise<Brand> =>
  apiRequest<Brand>('/api/brands', { method: 'POST', body: input });
