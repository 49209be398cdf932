import type { Model } from '@shop/contracts/catalogue';
import { apiRequest } from '@/lib/api-client';

/**
 * What the editor needs of the model beyond the order: the phone's real size (mock-up and
 * print-quality warning; null when none is recorded) and the case types it is sold in at the order's store.
 */
export const getModelOutline = async (
  modelId: number,
  storeId: number,
  signal?: AbortSignal,
): Promise<Pick<Model, 'outline' | 'caseTypes'>> => {
  const { outline, caseTypes } = await apiRequest<Model>(`/api/models/${modelId}`, {
    query: { store: storeId },
    signal,
  });
  return { outline, caseTypes };
};
