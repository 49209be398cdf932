import { isEmail } from '@shop/contracts/checkout-rules';
import { ErasureRequestSchema, ErasureResultSchema } from '@shop/contracts/erasure';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fieldError } from '../lib/errors.ts';
import { requireAdmin } from '../modules/auth/index.ts';
import { eraseCustomer } from '../workflows/erasure.ts';

/**
 * A customer's erasure request, from the back office (administrators): first looked at, then done
 * (`workflows/erasure.ts`). The answer lists the orders by number, never the person's data.
 */
export async function erasureRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, files } = app.deps;
  r.post(
    '/api/admin/erasure',
    { schema: { body: ErasureRequestSchema, response: { 200: ErasureResultSchema }, tags: ['privacy'] } },
    async (req, reply) => {
      const staff = requireAdmin(req.staff);
      if (!isEmail(req.body.email)) throw fieldError(400, 'VALIDATION_FAILED', 'invalidEmail', 'email');
      const result = await eraseCustomer(db, files, req.body);
      if (result.done) {
        req.log.info(
          {
            by: staff.email,
            orders: result.erased.length,
            pending: result.pending.length,
            files: result.files,
          },
          'customer data erased on request',
        );
      }
      return reply.header('cache-control', 'no-store').send(result);
    },
  );
}
