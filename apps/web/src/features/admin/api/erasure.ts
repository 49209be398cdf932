import type { ErasureRequest, ErasureResult } from '@shop/contracts/erasure';
import { apiRequest } from '@/lib/api-client';

/** A customer's erasure request (admin): without `confirm`, what it would do; with it, done. */
export const requestErasure = (body: ErasureRequest): Promise<ErasureResult> =>
  apiRequest<ErasureResult>('/api/admin/erasure', { method: 'POST', body });
