import { messages } from '@shop/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/** No request of ours nests deeper than a few levels; a deeper body is an attack or a bug. */
export const MAX_JSON_DEPTH = 16;
export const JSON_BODY_LIMIT = 256 * 1024;

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Deepest bracket nesting of a JSON text, ignoring brackets inside strings. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > max) max = depth;
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/**
 * JSON bodies only as `application/json`; the default text/plain parser is removed so that a
 * JSON endpoint refuses other content types (415), as the forgery protection expects.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT },
    (_req, body, done) => {
      let text: string;
      try {
        // JSON is UTF-8 (RFC 8259); invalid bytes are refused, not stored as U+FFFD.
        text = UTF8.decode(body as Buffer);
      } catch {
        return done(new AppError(400, 'INVALID_JSON', messages.invalidJson), undefined);
      }
      if (text.trim() === '') return done(null, undefined);
      if (jsonDepth(text) > MAX_JSON_DEPTH) {
        return done(new AppError(400, 'INVALID_JSON', messages.jsonTooDeep), undefined);
      }
      let value: unknown;
      let nul = false;
      try {
        // Keys that would reach Object.prototype are dropped, never merged.
        value = JSON.parse(text, (key, v) => {
          if (typeof v === 'string' && v.includes('\u0000')) nul = true;
          return key === '__proto__' || key === 'constructor' ? undefined : v;
        });
      } catch {
        return done(new AppError(400, 'INVALID_JSON', messages.invalidJson), undefined);
      }
      // PostgreSQL text cannot hold U+0000: refused here rather than failing in a query as a 500.
      if (nul) return done(new AppError(400, 'VALIDATION_FAILED', messages.validationFailed), undefined);
      done(null, value);
    },
  );
}
