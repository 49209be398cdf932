import type { Model } from '@shop/contracts/catalogue';
import { apiRequest } from '@/lib/api-client';

/** Flips `isPublic`: a hidden model disappears from the storefront at once. */
export const toggleModelVisibility = (id: number): Promise<Model> =>
  apiRequest<Model>(`/api/models/${id}/toggleVisibility`, { method: 'PUT' });
