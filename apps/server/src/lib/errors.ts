import type { ErrorCode } from '@shop/contracts/errors';
import { type MessageKey, messages } from '@shop/contracts/messages';
import type { Queryable } from '../db/client.ts';

/** A failure the client caused or may act on: it reaches the client as `{ error, message }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** The input field the error is about, when there is one: forms show the message next to it. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export const fail = (status: number, code: ErrorCode, key: MessageKey): AppError =>
  new AppError(status, code, messages[key]);

/** A refusal about one field of the input, e.g. 422 MODEL_NOT_SELLABLE on `template`. */
export const fieldError = (status: number, code: ErrorCode, key: MessageKey, field: string): AppError =>
  new AppError(status, code, messages[key], field);

export const notFound = (code: ErrorCode = 'NOT_FOUND', key: MessageKey = 'notFound') => fail(404, code, key);
export const conflict = (key: MessageKey, code: ErrorCode = 'CONFLICT') => fail(409, code, key);
export const forbidden = () => fail(403, 'FORBIDDEN', 'forbidden');
export const unauthenticated = () => fail(401, 'UNAUTHENTICATED', 'unauthenticated');

/**
 * A DELETE that a reference made after the caller's check (a model added to the brand, an order
 * placed for the model) turns into the same 409 IN_USE as the check, not into a 500.
 */
export async function deleteOrInUse(
  q: Queryable,
  sql: string,
  params: unknown[],
  message: MessageKey,
): Promise<{ rowCount: number }> {
  try {
    return await q.query(sql, params);
  } catch (err) {
    if ((err as { code?: string }).code === '23503') throw conflict(message, 'IN_USE');
    throw err;
  }
}
