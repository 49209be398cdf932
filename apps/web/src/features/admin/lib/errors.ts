import { messages } from '@shop/contracts/messages';
import { ApiError } from '@/lib/api-client';

/** The text to show for a failed call: the server's own Spanish message when it sent one. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0)
      return 'No se ha podido conectar con el servidor. Compruebe la conexión e inténtelo de nuevo.';
    // Codes like HTTP_ERROR or INVALID_RESPONSE carry an English technical text, not a message.
    if (error.code !== 'HTTP_ERROR' && error.code !== 'INVALID_RESPONSE') return error.message;
  }
  return messages.internal;
}

/** True when the staff session is gone (expired, signed out elsewhere, account disabled). */
export const isUnauthenticated = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401;
