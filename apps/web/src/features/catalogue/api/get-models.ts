import type { ModelPage } from '@shop/contracts/catalogue';
import { MODEL_PAGE_SIZE } from '@shop/contracts/constants';
import { apiRequest } from '@/lib/api-client';

export interface ModelsQuery {
  store: number;
  brand: number;
  /** Search term on the model name. */
  filtro?: string;
  page?: number;
  size?: number;
}

/** One page of the models a store offers for a brand (visible models only). */
export const getModels = (
  { store, brand, filtro, page = 1, size = MODEL_PAGE_SIZE }: ModelsQuery,
  signal?: AbortSignal,
): Promise<ModelPage> =>
  apiRequest<ModelPage>('/api/models', { query: { store, brand, filtro, page, size }, signal });
