import { messages } from '@shop/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/** No request of ours nests deeper than a few levels; a deeper body is an attack or a bug. */
export const MAX_JSON_DEPTH = 16;
export const JSON_BODY_LIMIT = 256 * 1024;

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
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    (_req, body, done) => {
      const text = body as string;
      if (text.trim() === '') return done(null, undefined);
      if (jsonDepth(text) > MAX_JSON_DEPTH) {
        return done(new AppError(400, 'INVALID_JSON', messages.jsonTooDeep), undefined);
      }
      try {
        // Keys that would reach Object.prototype are dropped, never merged.
        done(
          null,
          JSON.parse(text, (key, value) =>
            key === '__proto__' || key === 'constructor' ? undefined : value,
          ),
        );
      } catch {
        done(new AppError(400, 'INVALID_JSON', messages.invalidJson), undefined);
      }
    },
  );
}
