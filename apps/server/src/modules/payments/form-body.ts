import type { FastifyInstance } from 'fastify';

/** Form field names we keep: letters, digits and underscores (no `__proto__` and the like). */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * Parses `application/x-www-form-urlencoded` bodies in the plugin that calls it, and only there:
 * the rest of the API keeps refusing anything but JSON. The first value of a repeated field wins.
 */
export function registerFormBody(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_req, body, done) => {
      const fields: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(body as string)) {
        // A NUL cannot be stored (PostgreSQL text) and no gateway sends one: such a field is absent.
        if (FIELD_NAME.test(name) && !value.includes('\u0000') && !Object.hasOwn(fields, name))
          fields[name] = value;
      }
      done(null, fields);
    },
  );
}
