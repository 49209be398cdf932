import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { PRIVATE_KINDS } from './service.ts';

const ParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, files } = app.deps;

  r.get('/api/images/:id', { schema: { params: ParamsSchema, tags: ['images'] } }, async (req, reply) => {
    const file = await files.find(db, req.params.id);
    const bytes = file && (await files.bytes(file));
    if (!file || !bytes) throw notFound();
    reply
      .header('content-type', file.contentType)
      .header('x-content-type-options', 'nosniff')
      // An SVG opened on its own must not run anything.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header(
        'cache-control',
        // Ids are never reused, so public catalogue files can be kept forever; customers' photos never.
        PRIVATE_KINDS.has(file.kind) ? 'private, no-store' : 'public, max-age=31536000, immutable',
      );
    return reply.send(bytes);
  });
}
