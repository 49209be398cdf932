import type { ErrorBody } from '@shop/contracts/errors';
import { type MessageKey, messages } from '@shop/contracts/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

/** Errors of the database being away or too busy to answer: the client gets a 503 and may try again. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  if (typeof e.code === 'string' && (/^08/.test(e.code) || /^57P0[1-3]$/.test(e.code))) return true;
  if (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET' || e.code === 'ETIMEDOUT' || e.code === 'EPIPE')
    return true;
  // The last one is the pool's: every connection busy for longer than it waits (a queue of
  // requests behind one lock on a loaded machine); the database is there, only busy.
  return /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(
    e.message ?? '',
  );
}

/** Maps the framework's own 4xx errors to our stable codes. */
function frameworkError(err: FastifyError): { status: number; body: ErrorBody } | null {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: { error: 'UNSUPPORTED_MEDIA_TYPE', message: messages.unsupportedMediaType },
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { error: 'BODY_TOO_LARGE', message: messages.bodyTooLarge } };
    // A photo over the upload cap: say what the limit is, in the customer's words.
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, body: { error: 'IMAGE_TOO_LARGE', message: messages.imageTooLarge } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: { error: 'INVALID_JSON', message: messages.invalidJson } };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, body: { error: 'BAD_REQUEST', message: messages.badRequest } };
    default:
      break;
  }
  if (err instanceof SyntaxError) {
    return { status: 400, body: { error: 'INVALID_JSON', message: messages.invalidJson } };
  }
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    if (err.statusCode === 413)
      return { status: 413, body: { error: 'BODY_TOO_LARGE', message: messages.bodyTooLarge } };
    if (err.statusCode === 415) {
      return {
        status: 415,
        body: { error: 'UNSUPPORTED_MEDIA_TYPE', message: messages.unsupportedMediaType },
      };
    }
    return { status: 400, body: { error: 'BAD_REQUEST', message: messages.badRequest } };
  }
  return null;
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
}

/**
 * What a customer can fix, said in their words: a schema whose rule names a message key (the
 * scene's 'textTooLong', 'tooManyLayers'...) gets that message, a font or sticker outside the
 * shop's lists gets its own. Anything else keeps the general message.
 */
function specificMessage(issue: ValidationIssue): string | null {
  const key = issue.message;
  if (key && Object.hasOwn(messages, key)) return messages[key as MessageKey];
  const last = issue.instancePath.split('/').pop();
  if (issue.keyword === 'invalid_value' && last === 'font') return messages.sceneUnknownFont;
  if (issue.keyword === 'invalid_value' && last === 'sticker') return messages.sceneUnknownSticker;
  return null;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      const retryAfter = (err as AppError & { retryAfter?: number }).retryAfter;
      if (retryAfter) reply.header('retry-after', String(retryAfter));
      const body: ErrorBody = { error: err.code, message: err.message };
      if (err.field) body.field = err.field;
      return reply.code(err.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = [
        ...new Set(err.validation.map((v) => v.instancePath.replace(/^\//, '').replace(/\//g, '.'))),
      ]
        .filter(Boolean)
        .slice(0, 5);
      const where = fields.length ? ` Revise: ${fields.join(', ')}.` : '';
      const specific = err.validation
        .map((v) => ({ v, message: specificMessage(v) }))
        .find((s) => s.message !== null);
      if (specific?.message) {
        // The field the message is about, as the other refusals name it (e.g. 'scene.layers.3.text').
        const field = specific.v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return reply.code(400).send({
          error: 'VALIDATION_FAILED',
          message: specific.message,
          ...(field ? { field } : {}),
        } satisfies ErrorBody);
      }
      return reply.code(400).send({
        error: 'VALIDATION_FAILED',
        message: `${messages.validationFailed}${where}`,
      } satisfies ErrorBody);
    }
    // The database refuses to cancel an order whose invoice has not been rectified (migration 0011).
    if ((err as { code?: string }).code === 'IV409') {
      return reply
        .code(409)
        .send({ error: 'ORDER_STATE', message: messages.cancelNeedsRectification } satisfies ErrorBody);
    }
    const mapped = frameworkError(err);
    if (mapped) return reply.code(mapped.status).send(mapped.body);
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ error: 'SERVICE_UNAVAILABLE', message: messages.serviceUnavailable } satisfies ErrorBody);
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: 'INTERNAL', message: messages.internal } satisfies ErrorBody);
  });
}
