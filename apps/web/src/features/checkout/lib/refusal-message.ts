import { ApiError } from '@/lib/api-client';

/**
 * The server's own Spanish text when it refused the call for a reason the customer can act on
 * (400: the data breaks a rule; 409: the order cannot take this step now), else `fallback`.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && (error.status === 400 || error.status === 409)
    ? error.message
    : fallback;
}

/** True when the server refused a step because of the order's state (another tab moved it on, say). */
export const isStateConflict = (error: unknown): boolean => error instanceof ApiError && error.status === 409;
