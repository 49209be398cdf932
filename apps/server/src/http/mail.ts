import { MailQueuedSchema, MailSendSchema, OutboxPageSchema, OutboxQuerySchema } from '@shop/contracts/mail';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin } from '../modules/auth/index.ts';
import { conditionsDocument, enqueueMail, listOutbox, renderConditionsPdf } from '../modules/mail/index.ts';

/**
 * The `POST /api/mails` of docs/product.md §7.7, for the shop's administrators only (anyone else could use the
 * shop as a spam relay), and the outbox list of the back office. The mails the customer's actions
 * cause are queued by the server itself; the storefront never composes one. Also the conditions
 * in force as the PDF the confirmation mail carries.
 */
export async function mailRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['mail'];
  // Access is decided before the input is looked at: a stranger learns nothing from a 400.
  const adminOnly = async (req: FastifyRequest) => {
    requireAdmin(req.staff);
  };

  r.post(
    '/api/mails',
    { preValidation: adminOnly, schema: { body: MailSendSchema, response: { 202: MailQueuedSchema }, tags } },
    async (req, reply) => {
      const queued = await db.transaction((tx) => enqueueMail(tx, req.body, config));
      return reply.code(202).header('cache-control', 'no-store').send({ queued });
    },
  );

  r.get(
    '/api/mails/outbox',
    {
      preValidation: adminOnly,
      schema: { querystring: OutboxQuerySchema, response: { 200: OutboxPageSchema }, tags },
    },
    async (req, reply) => {
      // Addresses and order mails are personal data.
      reply.header('cache-control', 'no-store');
      return listOutbox(db, req.query);
    },
  );

  // The conditions in force, as the PDF an order's confirmation carries (ADR 26), for anyone.
  r.get('/api/conditions/pdf', { schema: { tags: ['pages'] } }, async (_req, reply) => {
    const document = conditionsDocument(config.company);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="condiciones-${document.version}.pdf"`)
      .header('cache-control', 'public, max-age=300')
      .header('x-conditions-version', document.version)
      .send(await renderConditionsPdf(document, config.company));
  });
}
