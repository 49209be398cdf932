import {
  ChainVerificationSchema,
  GeneratedInvoiceSchema,
  InvoiceListQuerySchema,
  InvoicePageSchema,
} from '@shop/contracts/invoices';
import { OrderIdParamsSchema } from '@shop/contracts/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin, requireStaff } from '../auth/service.ts';
import { fileUri } from '../files/service.ts';
import { issueInvoice, listInvoices, verifyStoredChain } from './service.ts';

/** Staff calls: issue an order's invoice; list invoices and verify the VERI*FACTU chain (admin). */
export async function invoiceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, files, config } = app.deps;
  const tags = ['invoices'];

  r.post(
    '/api/orders/:id/generateInvoice',
    { schema: { params: OrderIdParamsSchema, response: { 200: GeneratedInvoiceSchema }, tags } },
    async (req, reply) => {
      const staff = requireStaff(req.staff);
      // Store access (admin: any store; store staff: their own) is checked on the locked order.
      const invoice = await issueInvoice(db, files, config, req.params.id, staff);
      return reply
        .header('cache-control', 'no-store')
        .send({ uri: fileUri(invoice.pdfFileId), number: invoice.fullNumber });
    },
  );

  r.get(
    '/api/invoices',
    { schema: { querystring: InvoiceListQuerySchema, response: { 200: InvoicePageSchema }, tags } },
    async (req, reply) => {
      requireAdmin(req.staff);
      reply.header('cache-control', 'no-store');
      return listInvoices(db, req.query);
    },
  );

  r.get(
    '/api/invoices/verify',
    { schema: { response: { 200: ChainVerificationSchema }, tags } },
    async (req, reply) => {
      requireAdmin(req.staff);
      reply.header('cache-control', 'no-store');
      return verifyStoredChain(db);
    },
  );
}
