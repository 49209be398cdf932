import type { Model, ModelInput } from '@shop/contracts/catalogue';
import { apiRequest } from '@/lib/api-client';

export const updateModel = (id: number, input: ModelInput): Promise<Model> =>
  apiRequest<Model>(`/api/models/${id}`, { method: 'PUT', body: input });
