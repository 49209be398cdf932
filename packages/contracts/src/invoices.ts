import { z } from 'zod';
import { FileUri } from './common.ts';
import { OrderId } from './orders.ts';

/** `POST /api/orders/{id}/generateInvoice`: the invoice PDF and its full number ("T2026-000001"). */
export const GeneratedInvoiceSchema = z.object({ uri: FileUri, number: z.string() });
export type GeneratedInvoice = z.infer<typeof GeneratedInvoiceSchema>;

export const INVOICE_PAGE_SIZE = 50;

/** `GET /api/invoices?year=&page=&size=` (admin). */
export const InvoiceListQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2999).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(INVOICE_PAGE_SIZE),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>;

/** F2: factura simplificada; R5: factura rectificativa de una simplificada (AEAT's TipoFactura). */
export const InvoiceKind = z.enum(['F2', 'R5']);
export type InvoiceKind = z.infer<typeof InvoiceKind>;

/** Where the VERI*FACTU registration record stands: 'sent' names the channel it went through. */
export const VerifactuStatusSchema = z.object({
  status: z.enum(['pending', 'sent', 'error']),
  /** 'outbox' is a local copy only, not a submission to the AEAT; 'aeat' is the AEAT web service. */
  via: z.enum(['outbox', 'aeat']).nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** The record's huella (SHA-256, 64 uppercase hex digits). */
  hash: z.string(),
});

export const InvoiceSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: InvoiceKind,
  issuedAt: z.string(),
  orderId: OrderId,
  storeId: z.number().int(),
  storeName: z.string(),
  buyerName: z.string().nullable(),
  /** Euros, as everywhere in JSON. */
  base: z.number(),
  vat: z.number(),
  vatRate: z.number(),
  total: z.number(),
  uri: FileUri,
  verifactu: VerifactuStatusSchema,
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

export const InvoicePageSchema = z.object({
  items: z.array(InvoiceSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type InvoicePage = z.infer<typeof InvoicePageSchema>;

/** `GET /api/invoices/verify` (admin): every huella recomputed from the first record on. */
export const ChainVerificationSchema = z.object({
  ok: z.boolean(),
  records: z.number().int(),
  firstBrokenId: z.number().int().optional(),
});
export type ChainVerificationResult = z.infer<typeof ChainVerificationSchema>;
