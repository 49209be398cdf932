import { ApiError } from '@/lib/api-client';
import { PhotoTooLargeError } from './prepare-photo';

/** Refusals the customer can act on: too large (413), not an image (415), unreadable (422), too many (429). */
const EXPLAINED_BY_SERVER = new Set([413, 415, 422, 429]);

/** Link refusals: forged or expired, already used, or the design already confirmed at the store. */
const LINK_CLOSED = new Set(['UPLOAD_LINK_INVALID', 'UPLOAD_LINK_USED']);

/**
 * The Spanish explanation of a failed photo upload when it tells the customer what to do (choose
 * another photo, wait a moment, scan the code again); null for any other failure.
 */
export function uploadRefusalMessage(error: unknown): string | null {
  if (error instanceof PhotoTooLargeError) return error.message;
  if (!(error instanceof ApiError)) return null;
  return EXPLAINED_BY_SERVER.has(error.status) || isUploadLinkInvalid(error) ? error.message : null;
}

/** True when the phone's upload link cannot be used (any more): only a new QR code helps then. */
export const isUploadLinkInvalid = (error: unknown): boolean =>
  error instanceof ApiError &&
  ((error.status === 403 && LINK_CLOSED.has(error.code)) ||
    (error.status === 409 && error.code === 'ORDER_STATE'));
