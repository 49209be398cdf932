import {
  GatewayOrderParamsSchema,
  PaymentListQuerySchema,
  PaymentPageSchema,
  ResolveAttemptSchema,
  ResolveResultSchema,
} from '@shop/contracts/payments-admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin } from '../modules/auth/index.ts';
import { listPayments, paymentsCsv } from '../read-models/payments.ts';
import { resolveAttempt } from '../workflows/reconcile-payments.ts';

/** The payments screen's calls (admin): the list with its CSV export, and resolving lost attempts. */
export async function paymentAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['payments'];

  r.get(
    '/api/payments',
    { schema: { querystring: PaymentListQuerySchema, response: { 200: PaymentPageSchema }, tags } },
    async (req, reply) => {
      requireAdmin(req.staff);
      return reply.header('cache-control', 'no-store').send(await listPayments(db, req.query));
    },
  );

  // The same list, every page of it, for a spreadsheet.
  r.get(
    '/api/payments/csv',
    { schema: { querystring: PaymentListQuerySchema, tags } },
    async (req, reply) => {
      requireAdmin(req.staff);
      const csv = paymentsCsv(await listPayments(db, req.query, true));
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="pagos.csv"')
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  r.post(
    '/api/payments/:gatewayOrder/resolve',
    {
      schema: {
        params: GatewayOrderParamsSchema,
        body: ResolveAttemptSchema,
        response: { 200: ResolveResultSchema },
        tags,
      },
    },
    async (req) => {
      const admin = requireAdmin(req.staff);
      const result = await resolveAttempt(
        db,
        {
          config,
          invoices: app.deps.invoices,
          rest: app.deps.redsysRest,
          log: req.log,
          effects: () => app.deps.checkoutEffects,
        },
        req.params.gatewayOrder,
        'notTaken' in req.body ? { notTaken: true } : { authorisationCode: req.body.authorisationCode },
        admin.email,
      );
      return { outcome: result.outcome };
    },
  );
}
