import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers Helmet produces for `options`, computed once. Our policy has no per-request
 * parts (no nonces, no directive functions), so every response carries the same set, and building
 * it again for each request (as @fastify/helmet does: it calls `helmet(options)` per request,
 * which parses the CSP directives anew) cost about a tenth of the server's CPU on a cached
 * catalogue read.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string') throw new Error(`security header ${name} is not static`);
  }
  return Object.freeze(headers);
}

/** Sets the security headers of `options` on every response, as @fastify/helmet would. */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
