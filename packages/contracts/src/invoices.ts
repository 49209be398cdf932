import { z } from 'zod';
import { OrderId } from './orders.ts';

/** `POST /api/orders/{id}/generateInvoice`: the invoice PDF and its full number ("T2026-000001"). */
export const GeneratedInvoiceSchema = z.object({ uri: z.string(), number: z.string() });
export type GeneratedInvoice = z.infer<typeof GeneratedInvoiceSchema>;

/** The invoice on the order's read shape (`GET /api/orders/{id}`): its number and its PDF. */
export const OrderInvoiceSchema = z.object({ number: z.string(), uri: z.string() });
export type OrderInvoice = z.infer<typeof OrderInvoiceSchema>;

export const INVOICE_PAGE_SIZE = 50;

/** `GET /api/invoices?year=&page=&size=` (admin). */
export const InvoiceListQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2999).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(INVOICE_PAGE_SIZE),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>;

/**
 * AEAT's TipoFactura: F1 factura completa; F2 simplificada; F3 completa en sustitución de una
 * simplificada; R1 rectificativa de una completa; R5 rectificativa de una simplificada.
 */
export const InvoiceKind = z.enum(['F1', 'F2', 'F3', 'R1', 'R5']);
export type InvoiceKind = z.infer<typeof InvoiceKind>;

/**
 * Where an invoice's latest VERI*FACTU record stands: queued, being sent, accepted (with the CSV of
 * its request), accepted with errors, or rejected (with the AEAT's code and text).
 */
export const RecordState = z.enum(['pending', 'sending', 'accepted', 'accepted_with_errors', 'rejected']);
export type RecordState = z.infer<typeof RecordState>;

export const VerifactuStatusSchema = z.object({
  state: RecordState,
  /** 'alta' registers the invoice; 'anulacion' annuls it. */
  recordType: z.enum(['alta', 'anulacion']),
  /** The record was generated again after a rejection. */
  subsanacion: z.boolean(),
  /** Sent (or to be sent) late, after an outage: its request carries Incidencia. */
  late: z.boolean(),
  csv: z.string().nullable(),
  code: z.number().int().nullable(),
  text: z.string().nullable(),
  /** The record's huella (SHA-256, 64 uppercase hex digits). */
  hash: z.string(),
});
export type VerifactuStatus = z.infer<typeof VerifactuStatusSchema>;

export const InvoiceSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: InvoiceKind,
  series: z.string(),
  issuedAt: z.string(),
  orderId: OrderId,
  orderNumber: z.string(),
  storeId: z.number().int(),
  storeName: z.string(),
  /** The full invoice's recipient, else the customer's name. */
  customer: z.string().nullable(),
  taxId: z.string().nullable(),
  /** The invoice a rectificativa corrects, or the simplified one an F3 replaces. */
  refersTo: z.string().nullable(),
  reason: z.string().nullable(),
  annulled: z.boolean(),
  replacedBy: z.string().nullable(),
  /**
   * An admin may annul it: an ordinary invoice (F1, F2, F3), neither annulled, replaced nor
   * rectified, of an order with no recorded payment. The invoice of a sale that happened is
   * corrected by a rectificativa, never annulled; a rectificativa is never annulled.
   */
  annullable: z.boolean(),
  /** A simplified invoice still current and unrectified: staff may exchange it for a full one. */
  exchangeable: z.boolean(),
  /** Euros, as everywhere in JSON. */
  base: z.number(),
  vat: z.number(),
  vatRate: z.number(),
  total: z.number(),
  /** The PDF. */
  uri: z.string(),
  /** The latest record's XML (`GET /api/invoices/{number}/record`). */
  recordUri: z.string(),
  verifactu: VerifactuStatusSchema,
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

/** The sender's state, for the back office. */
export const VerifactuSenderSchema = z.object({
  /** False when no AEAT endpoint is configured: records are kept and queued, nothing goes out. */
  enabled: z.boolean(),
  /** A SOAP Client fault stopped the sending until staff resume it. */
  halted: z.object({ at: z.string(), reason: z.string() }).nullable(),
  nextSendAt: z.string().nullable(),
  waitSeconds: z.number().int(),
  pending: z.number().int(),
  rejected: z.number().int(),
  lastError: z.string().nullable(),
});
export type VerifactuSender = z.infer<typeof VerifactuSenderSchema>;

export const InvoicePageSchema = z.object({
  items: z.array(InvoiceSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  sender: VerifactuSenderSchema,
});
export type InvoicePage = z.infer<typeof InvoicePageSchema>;

/** `GET /api/invoices/verify` (admin): every huella recomputed from the first record on, every PDF re-hashed. */
export const ChainVerificationSchema = z.object({
  ok: z.boolean(),
  records: z.number().int(),
  firstBrokenId: z.number().int().optional(),
  /** Invoices whose stored PDF no longer has the SHA-256 taken when it was issued. */
  pdfMismatches: z.array(z.string()).optional(),
});
export type ChainVerificationResult = z.infer<typeof ChainVerificationSchema>;

export const InvoiceNumberParamsSchema = z.object({ number: z.string().regex(/^[A-Z]{1,3}\d{4}-\d{6}$/) });

/** 'Necesito factura completa': the recipient of a full invoice. */
export const FiscalDataSchema = z.object({
  taxId: z.string().trim().max(30),
  name: z.string().trim().max(120),
  address: z.string().trim().max(200),
  postalCode: z.string().trim().max(10),
  city: z.string().trim().max(100),
});
export type FiscalData = z.infer<typeof FiscalDataSchema>;

/** `PUT /api/orders/{id}/invoiceRequest`: the data, or `{ "fullInvoice": false }` to drop it. */
export const InvoiceRequestSchema = z.union([
  FiscalDataSchema.extend({ fullInvoice: z.literal(true) }),
  z.object({ fullInvoice: z.literal(false) }),
]);
export type InvoiceRequest = z.infer<typeof InvoiceRequestSchema>;

export const InvoiceRequestStateSchema = z.object({
  fullInvoice: z.boolean(),
  data: FiscalDataSchema.nullable(),
});
export type InvoiceRequestState = z.infer<typeof InvoiceRequestStateSchema>;

/** `POST /api/invoices/{number}/annul` (admin) and the reason of other corrections. */
export const InvoiceReasonSchema = z.object({ reason: z.string().trim().min(1).max(500) });

/** `POST /api/orders/{id}/rectify` (admin): a rectificativa for `amount` euros (all that is left if omitted). */
export const CorrectionSchema = z.object({
  amount: z.number().positive().max(1_000_000).optional(),
  reason: z.string().trim().min(1).max(500),
});

export const InvoiceActionResultSchema = z.object({ number: z.string(), uri: z.string() });
export const RecordActionResultSchema = z.object({ ok: z.literal(true) });
