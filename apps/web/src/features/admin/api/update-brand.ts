import type { Brand, BrandInput } from '@shop/contracts/catalogue';
import { apiRequest } from '@/lib/api-client';

export const updateBrand = (id: number, input: BrandInput): Promise<Brand> =>
  apiRequest<Brand>(`/api/brands/${id}`, { method: 'PUT', body: input });
