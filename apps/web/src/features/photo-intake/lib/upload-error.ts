import { ApiError } from '@/lib/api-client';

/** Refusals the customer can act on: too large (413), not an image (415), unreadable (422), too many (429). */
const EXPLAINED_BY_SERVER = new Set([413, 415, 422, 429]);

/**
 * The server's own Spanish explanation of a failed photo upload when it tells the customer what to
 * do (choose another photo, wait a moment, scan the code again); null for any other failure.
 */
export function uploadRefusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const linkInvalid = error.status === 403 && error.code === 'UPLOAD_LINK_INVALID';
  return EXPLAINED_BY_SERVER.has(error.status) || linkInvalid ? error.message : null;
}

/** True when the phone's upload link is forged or expired: only a new QR code helps then. */
export const isUploadLinkInvalid = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.code === 'UPLOAD_LINK_INVALID';
