import type { FastifyInstance } from 'fastify';

/**
 * Every API answer is kept by no cache (browser, proxy) unless its route says otherwise: orders,
 * staff, invoices, payment states and errors carry personal data, and a route added tomorrow is
 * covered without remembering to. The public catalogue, the shop's settings and catalogue images
 * set their own `Cache-Control`.
 */
export function registerNoStoreByDefault(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply) => {
    if (!reply.hasHeader('cache-control') && (req.url === '/api' || req.url.startsWith('/api/'))) {
      reply.header('cache-control', 'no-store');
    }
  });
}
