import {
  ChainVerificationSchema,
  CorrectionSchema,
  FiscalDataSchema,
  GeneratedInvoiceSchema,
  InvoiceActionResultSchema,
  InvoiceListQuerySchema,
  InvoiceNumberParamsSchema,
  InvoicePageSchema,
  InvoiceReasonSchema,
  InvoiceRequestSchema,
  InvoiceRequestStateSchema,
  RecordActionResultSchema,
} from '@shop/contracts/invoices';
import { eurosToCents } from '@shop/contracts/money';
import { OrderIdParamsSchema } from '@shop/contracts/orders';
import { TrackingParamsSchema } from '@shop/contracts/tracking';
import { VerifactuDeclarationSchema } from '@shop/contracts/verifactu-declaration';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fail, notFound } from '../../lib/errors.ts';
import { requireAdmin, requireStaff, requireStoreAccess } from '../auth/index.ts';
import { fileUri } from '../files/index.ts';
import { orderAccess, orderOfTrackingToken } from '../orders/index.ts';
import { annulInvoice } from './annulment.ts';
import { SOFTWARE } from './chain.ts';
import { issueCorrectiveInvoice } from './corrections.ts';
import { exchangeForFullInvoice, getInvoiceRequest, saveInvoiceRequest } from './fiscal-requests.ts';
import { issueInvoice } from './order-invoice.ts';
import {
  invoicePdfUri,
  invoiceRecordXml,
  listInvoices,
  orderInvoicePdf,
  verifyStoredChain,
} from './queries.ts';
import { resumeSending } from './sender.ts';
import { correctRejectedRecord } from './subsanacion.ts';

const PdfParamsSchema = OrderIdParamsSchema.extend({ number: InvoiceNumberParamsSchema.shape.number });
const TrackingPdfParamsSchema = TrackingParamsSchema.extend({
  number: InvoiceNumberParamsSchema.shape.number,
});

/**
 * Invoices: the customer's full-invoice request and PDF download (the session that owns the order,
 * or staff of its store; the PDF through the order's tracking link too),
 * staff's issue, exchange, resend and record download, admins' list, annulment, rectification,
 * chain check and sender resume.
 */
export async function invoiceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, files, invoices: deps } = app.deps;
  const tags = ['invoices'];
  const result = (i: { orderId: string; fullNumber: string }) => ({
    number: i.fullNumber,
    uri: invoicePdfUri(i.orderId, i.fullNumber),
  });

  // The invoicing system's declaración responsable, for anyone: it names the software and its
  // producer, as every record sent to the AEAT does, and no customer.
  r.get(
    '/api/verifactu/declaration',
    { schema: { response: { 200: VerifactuDeclarationSchema }, tags } },
    async (_req, reply) => {
      const { verifactu } = deps.config;
      return reply.header('cache-control', 'public, max-age=300').send({
        systemName: SOFTWARE.name,
        systemId: SOFTWARE.id,
        version: verifactu.systemVersion,
        producer: verifactu.producer,
        place: verifactu.declaration.place,
        date: verifactu.declaration.date,
      });
    },
  );

  r.post(
    '/api/orders/:id/generateInvoice',
    { schema: { params: OrderIdParamsSchema, response: { 200: GeneratedInvoiceSchema }, tags } },
    async (req, reply) => {
      const staff = requireStaff(req.staff);
      // Store access (admin: any store; store staff: their own) is checked on the locked order.
      const invoice = await issueInvoice(db, deps, req.params.id, staff);
      // The staff file URL, as before (the order's read shape carries the customer's download).
      return reply
        .header('cache-control', 'no-store')
        .send({ uri: fileUri(invoice.pdfFileId), number: invoice.fullNumber });
    },
  );

  const sendPdf = async (
    reply: FastifyReply,
    orderId: string,
    number: string,
    opts: { annulled?: boolean } = {},
  ) => {
    const fileId = await orderInvoicePdf(db, orderId, number, { annulled: opts.annulled ?? false });
    const file = await files.find(db, fileId);
    const bytes = file ? await files.bytes(file) : null;
    if (!bytes) throw notFound('INVOICE_NOT_FOUND', 'invoiceNotFound');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="factura-${number}.pdf"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(bytes);
  };

  r.get(
    '/api/orders/:id/invoices/:number/pdf',
    { schema: { params: PdfParamsSchema, tags } },
    async (req, reply) => {
      const access = await orderAccess(db, req, req.params.id);
      // Staff of the order's store may still read an annulled invoice; its customer may not.
      return sendPdf(reply, req.params.id, req.params.number, { annulled: access.staff !== null });
    },
  );

  // The tracking link downloads the order's invoices too: what the customer's mails promise.
  r.get(
    '/api/tracking/:token/invoices/:number/pdf',
    { schema: { params: TrackingPdfParamsSchema, tags } },
    async (req, reply) => {
      reply.header('x-robots-tag', 'noindex');
      return sendPdf(reply, await orderOfTrackingToken(db, req.params.token), req.params.number);
    },
  );

  r.get(
    '/api/orders/:id/invoiceRequest',
    { schema: { params: OrderIdParamsSchema, response: { 200: InvoiceRequestStateSchema }, tags } },
    async (req, reply) => {
      await orderAccess(db, req, req.params.id);
      const data = await getInvoiceRequest(db, req.params.id);
      return reply.header('cache-control', 'no-store').send({ fullInvoice: data !== null, data });
    },
  );

  r.put(
    '/api/orders/:id/invoiceRequest',
    {
      schema: {
        params: OrderIdParamsSchema,
        body: InvoiceRequestSchema,
        response: { 200: InvoiceRequestStateSchema },
        tags,
      },
    },
    async (req, reply) => {
      await orderAccess(db, req, req.params.id);
      const body = req.body;
      await db.transaction((tx) => saveInvoiceRequest(tx, req.params.id, body.fullInvoice ? body : null));
      const data = await getInvoiceRequest(db, req.params.id);
      return reply.header('cache-control', 'no-store').send({ fullInvoice: data !== null, data });
    },
  );

  r.get(
    '/api/invoices',
    { schema: { querystring: InvoiceListQuerySchema, response: { 200: InvoicePageSchema }, tags } },
    async (req, reply) => {
      requireAdmin(req.staff);
      reply.header('cache-control', 'no-store');
      return listInvoices(db, req.query, deps.config);
    },
  );

  r.get(
    '/api/invoices/verify',
    { schema: { response: { 200: ChainVerificationSchema }, tags } },
    async (req, reply) => {
      requireAdmin(req.staff);
      reply.header('cache-control', 'no-store');
      return verifyStoredChain(db, files);
    },
  );

  r.get(
    '/api/invoices/:number/record',
    { schema: { params: InvoiceNumberParamsSchema, tags } },
    async (req, reply) => {
      requireStaff(req.staff);
      const record = await invoiceRecordXml(db, req.params.number, deps.config);
      requireStoreAccess(req.staff, record.storeId);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `inline; filename="registro-${req.params.number}.xml"`)
        .header('cache-control', 'no-store')
        .send(record.xml);
    },
  );

  r.post(
    '/api/invoices/:number/resend',
    { schema: { params: InvoiceNumberParamsSchema, response: { 200: RecordActionResultSchema }, tags } },
    async (req, reply) => {
      const staff = requireStaff(req.staff);
      await correctRejectedRecord(db, deps, req.params.number, staff);
      return reply.header('cache-control', 'no-store').send({ ok: true as const });
    },
  );

  r.post(
    '/api/invoices/:number/annul',
    {
      schema: {
        params: InvoiceNumberParamsSchema,
        body: InvoiceReasonSchema,
        response: { 200: RecordActionResultSchema },
        tags,
      },
    },
    async (req, reply) => {
      const staff = requireAdmin(req.staff);
      await annulInvoice(db, deps, req.params.number, req.body.reason, staff);
      return reply.header('cache-control', 'no-store').send({ ok: true as const });
    },
  );

  r.post(
    '/api/invoices/:number/exchange',
    {
      schema: {
        params: InvoiceNumberParamsSchema,
        body: FiscalDataSchema,
        response: { 200: InvoiceActionResultSchema },
        tags,
      },
    },
    async (req, reply) => {
      const staff = requireStaff(req.staff);
      const invoice = await exchangeForFullInvoice(db, deps, req.params.number, req.body, staff);
      return reply.header('cache-control', 'no-store').send(result(invoice));
    },
  );

  r.post(
    '/api/orders/:id/rectify',
    {
      schema: {
        params: OrderIdParamsSchema,
        body: CorrectionSchema,
        response: { 200: InvoiceActionResultSchema },
        tags,
      },
    },
    async (req, reply) => {
      const staff = requireAdmin(req.staff);
      const amount = req.body.amount;
      if (amount !== undefined && Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) {
        throw fail(400, 'VALIDATION_FAILED', 'invoiceCorrectionAmount');
      }
      const invoice = await db.transaction((tx) =>
        issueCorrectiveInvoice(tx, deps, {
          orderId: req.params.id,
          ...(amount !== undefined ? { amountCents: eurosToCents(amount) } : {}),
          reason: req.body.reason,
          actor: staff,
        }),
      );
      return reply.header('cache-control', 'no-store').send(result(invoice));
    },
  );

  r.post(
    '/api/verifactu/resume',
    { schema: { response: { 200: z.object({ ok: z.literal(true) }) }, tags } },
    async (req, reply) => {
      requireAdmin(req.staff);
      await resumeSending(db);
      return reply.header('cache-control', 'no-store').send({ ok: true as const });
    },
  );
}
