import type { Model, ModelInput } from '@shop/contracts/catalogue';
import { apiRequest } from '@/lib/api-client';

export const createModel = (input: ModelInput): Promise<Model> =>
  apiRequest<Model>('/api/models', { method: 'POST', body: input });
