import { storeValidationUrl } from '@shop/contracts/api-urls';
import { STORE_IS_VALID } from '@shop/contracts/constants';
import type { StoreValidationSchema } from '@shop/contracts/stores';
import type { z } from 'zod';
import { ApiError, apiRequest } from '@/lib/api-client';

export type StoreValidation = z.infer<typeof StoreValidationSchema>;

export const validateStore = (storeId: number, signal?: AbortSignal): Promise<StoreValidation> =>
  apiRequest<StoreValidation>(storeValidationUrl(storeId), { signal });

/**
 * Whether the store may take orders: its validation reply must say exactly 'Store is valid'.
 * A 404 or 409 is the server's "no" (unknown or inactive store); any other failure is thrown.
 */
export async function isStoreValid(storeId: number, signal?: AbortSignal): Promise<boolean> {
  try {
    const reply = await validateStore(storeId, signal);
    return reply.message === STORE_IS_VALID;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 409)) return false;
    throw error;
  }
}
