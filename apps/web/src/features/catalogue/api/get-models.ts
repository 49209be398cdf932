import { type ModelsQuery, modelsUrl } from '@shop/contracts/api-urls';
import type { ModelPage } from '@shop/contracts/catalogue';
import { apiRequest } from '@/lib/api-client';

/** One page of the models a store offers for a brand (visible models only). */
export const getModels = (query: ModelsQuery, signal?: AbortSignal): Promise<ModelPage> =>
  apiRequest<ModelPage>(modelsUrl(query), { signal });
