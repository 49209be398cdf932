import type { Model, Outline } from '@shop/contracts/catalogue';
import { apiRequest } from '@/lib/api-client';

/** The phone's real size, for the case's 3D view; null when the model has none recorded. */
export const getModelOutline = async (modelId: number): Promise<Outline | null> =>
  (await apiRequest<Model>(`/api/models/${modelId}`)).outline;
