import type { ModelCaseType } from '@shop/contracts/case-types';
import type { Model } from '@shop/contracts/catalogue';
import { apiRequest } from '@/lib/api-client';

/** The case types the model is sold in at the store, with their prices (`GET /api/models/{id}`). */
export const getCaseTypes = async (
  modelId: number,
  storeId: number,
  signal?: AbortSignal,
): Promise<ModelCaseType[]> =>
  (await apiRequest<Model>(`/api/models/${modelId}`, { query: { store: storeId }, signal })).caseTypes;
