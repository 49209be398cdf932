import type { ModelPage } from '@shop/contracts/catalogue';
import { apiRequest } from '@/lib/api-client';

export interface ModelListQuery {
  brand?: number;
  /** Search term on the model name. */
  filtro?: string;
  page: number;
  size: number;
}

/** A page of models, hidden and down ones included (staff session). */
export const getModels = (query: ModelListQuery, signal?: AbortSignal): Promise<ModelPage> =>
  apiRequest<ModelPage>('/api/models', { query: { ...query }, signal });
