import { isAbort } from './api-client';

/** A failure whose message is a customer-facing text from the message catalogue. */
export class DisplayError extends Error {
  override name = 'DisplayError';
}

/** Awaits `call`; an abort goes through untouched, any other failure becomes `DisplayError(message)`. */
export async function orFail<T>(call: Promise<T>, message: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new DisplayError(message);
  }
}

/** The text to show for a failure: the DisplayError's own message, else `fallback`. */
export const displayMessage = (error: unknown, fallback: string): string =>
  error instanceof DisplayError ? error.message : fallback;
