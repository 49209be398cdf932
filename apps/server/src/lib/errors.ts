import type { ErrorCode } from '@shop/contracts/errors';
import { type MessageKey, messages } from '@shop/contracts/messages';

/** A failure the client caused or may act on: it reaches the client as `{ error, message }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const fail = (status: number, code: ErrorCode, key: MessageKey): AppError =>
  new AppError(status, code, messages[key]);

export const notFound = (code: ErrorCode = 'NOT_FOUND', key: MessageKey = 'notFound') => fail(404, code, key);
export const conflict = (key: MessageKey, code: ErrorCode = 'CONFLICT') => fail(409, code, key);
export const forbidden = () => fail(403, 'FORBIDDEN', 'forbidden');
export const unauthenticated = () => fail(401, 'UNAUTHENTICATED', 'unauthenticated');
