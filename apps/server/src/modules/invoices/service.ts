import { createHash } from 'node:crypto';
import type { StaffUser } from '@shop/contracts/auth';
import type { InvoiceKind } from '@shop/contracts/invoices';
import { eurosToCents } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import { productName } from '@shop/contracts/product';
import { parseTaxId } from '@shop/contracts/tax-id';
import type { Database, Queryable } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { fail } from '../../lib/errors.ts';
import { requireStoreAccess } from '../auth/service.ts';
import type { FileService } from '../files/service.ts';
import { getOrder } from '../orders/service.ts';
import { lockOrder } from '../orders/state.ts';
import { buildInvoiceAmounts, type InvoiceLine, splitVatIncluded, VAT_RATE } from './amounts.ts';
import { renderInvoicePdf, stripControlChars } from './pdf.ts';
import {
  altaHash,
  amountText,
  anulacionHash,
  cotejoUrl,
  madridDate,
  madridIsoDate,
  madridTimestamp,
  madridYear,
} from './verifactu.ts';
import {
  type InvoiceRef,
  type Recipient,
  registroAltaXml,
  registroAnulacionXml,
  type SoftwareIdentity,
} from './verifactu-xml.ts';

/**
 * Issuing invoices (RD 1619/2012) with their VERI*FACTU registration records (RD 1007/2023,
 * Orden HAC/1177/2024):
 *
 * - F2 (simplificada, series T) or F1 (completa, series F) when an order becomes paid, in the
 *   transaction that marks it paid;
 * - F3 (completa en sustitución de una simplificada, series F) when a customer asks later;
 * - R5 / R1 (rectificativa por diferencias of an F2 / of an F1 or F3, series R) for a refund or a
 *   cancellation, for any part of what is left;
 * - a RegistroAnulacion when an admin annuls an invoice issued by mistake;
 * - a subsanación (a new RegistroAlta, Subsanacion S, RechazoPrevio S) after the AEAT rejects one.
 *
 * One transaction does each: the number, the record chained to the previous one (one chain per
 * issuer, altas and anulaciones alike), its XML, the PDF and the rows. If anything fails, nothing is
 * kept and the number is not used, so series have no gaps; once committed, nothing of it changes
 * again (database triggers refuse it).
 */

/** Series per kind ("T2026-000001"); numbering restarts each Madrid calendar year. */
export const SERIES: Record<InvoiceKind, string> = { F2: 'T', F1: 'F', F3: 'F', R1: 'R', R5: 'R' };
/** The series of simplified invoices (the first one the shop had). */
export const INVOICE_SERIES = SERIES.F2;

/** "T2026-000001": NumSerieFactura, unique per seller. */
export const formatInvoiceNumber = (series: string, year: number, n: number): string =>
  `${series}${year}-${String(n).padStart(6, '0')}`;

export type InvoiceConfig = Pick<Config, 'company' | 'production' | 'verifactu'>;

/** What issuing needs besides the database: where PDFs go, and the company and VERI*FACTU settings. */
export interface InvoiceDeps {
  files: FileService;
  config: InvoiceConfig;
}

/** Who issues: a staff member, or the system on the gateway's word ('gateway'). */
export type InvoiceActor = StaffUser | string;

export interface IssuedInvoice {
  id: number;
  kind: InvoiceKind;
  fullNumber: string;
  pdfFileId: string;
  orderId: string;
  /** False when the invoice already existed and that one was returned. */
  created: boolean;
}

/** This software, as the AEAT's SistemaInformatico block names it (and the declaración responsable). */
export const SOFTWARE = { name: 'Fundamia Tienda Web', id: 'FW', version: '2.0' } as const;

export function softwareIdentity(config: InvoiceConfig): SoftwareIdentity {
  return {
    producerName: config.company.legalName,
    producerNif: config.company.nif.trim(),
    name: SOFTWARE.name,
    id: SOFTWARE.id,
    version: SOFTWARE.version,
    installation: config.verifactu.installation,
  };
}

/** The invoice download for whoever holds the order id (the order id is the capability). */
export const invoicePdfUri = (orderId: string, fullNumber: string): string =>
  `/api/orders/${orderId}/invoices/${fullNumber}/pdf`;

const TITLES: Record<InvoiceKind, string> = {
  F1: 'Factura',
  F2: 'Factura simplificada',
  F3: 'Factura',
  R1: 'Factura rectificativa',
  R5: 'Factura rectificativa',
};
const LEGAL_NOTES: Record<InvoiceKind, string> = {
  F1: 'Factura (art. 6 del Reglamento de facturación, RD 1619/2012).',
  F2: 'Factura simplificada (art. 7 del Reglamento de facturación, RD 1619/2012).',
  F3: 'Factura completa expedida en sustitución de una factura simplificada (art. 7.3 del RD 1619/2012).',
  R1: 'Factura rectificativa por diferencias (art. 15 del Reglamento de facturación, RD 1619/2012).',
  R5: 'Factura rectificativa de una factura simplificada, por diferencias (art. 15 del RD 1619/2012).',
};

const actorId = (a: InvoiceActor): number | null => (typeof a === 'string' ? null : a.id);

// ------------------------------------------------------------------------------------------------
// The stored invoice, as issuing and correcting read it
// ------------------------------------------------------------------------------------------------

interface StoredInvoice {
  id: number;
  order_id: string;
  kind: InvoiceKind;
  full_number: string;
  issue_date_text: string;
  issue_date_pdf: Date;
  base_cents: number;
  vat_cents: number;
  total_cents: number;
  buyer_tax_id: string | null;
  buyer_tax_id_kind: 'NIF' | 'VAT' | null;
  buyer_country: string | null;
  buyer_fiscal_name: string | null;
  buyer_fiscal_address: string | null;
  annulled: boolean;
  replaced: boolean;
}

const STORED_INVOICE = `
  SELECT i.id, i.order_id, i.kind, i.full_number, to_char(i.issue_date, 'DD-MM-YYYY') AS issue_date_text,
         i.issued_at AS issue_date_pdf, i.base_cents, i.vat_cents, i.total_cents, i.buyer_tax_id, i.buyer_tax_id_kind,
         i.buyer_country, i.buyer_fiscal_name, i.buyer_fiscal_address,
         EXISTS (SELECT 1 FROM invoice_annulments a WHERE a.invoice_id = i.id) AS annulled,
         EXISTS (SELECT 1 FROM invoices s WHERE s.replaces_invoice_id = i.id) AS replaced
  FROM invoices i`;

/**
 * The order's current invoice: the F3 that replaced its simplified one, else its F1 or F2; none
 * when that one was annulled.
 */
async function currentInvoice(q: Queryable, orderId: string): Promise<StoredInvoice | null> {
  const { rows } = await q.query<StoredInvoice>(
    `${STORED_INVOICE} WHERE i.order_id = $1 AND i.kind IN ('F1', 'F2', 'F3') ORDER BY i.id DESC`,
    [orderId],
  );
  const live = rows.find((r) => !r.replaced);
  return live && !live.annulled ? live : null;
}

/** What is left to rectify of an invoice: its total plus its rectificativas (negative). */
async function remainingCents(q: Queryable, invoice: StoredInvoice) {
  const { rows } = await q.query<{ base: number; vat: number; total: number; n: number }>(
    `SELECT coalesce(sum(base_cents), 0)::int AS base, coalesce(sum(vat_cents), 0)::int AS vat,
            coalesce(sum(total_cents), 0)::int AS total, count(*)::int AS n
     FROM invoices r WHERE r.rectifies_invoice_id = $1
       AND NOT EXISTS (SELECT 1 FROM invoice_annulments a WHERE a.invoice_id = r.id)`,
    [invoice.id],
  );
  const r = rows[0]!;
  return {
    baseCents: invoice.base_cents + r.base,
    vatCents: invoice.vat_cents + r.vat,
    totalCents: invoice.total_cents + r.total,
    rectifications: r.n,
  };
}

// ------------------------------------------------------------------------------------------------
// The chain
// ------------------------------------------------------------------------------------------------

interface ChainHead {
  issuerNif: string;
  /** The previous record's identification and huella; null for the first record. */
  previous: (InvoiceRef & { hash: string; id: number }) | null;
  /** The time of issue, read after the lock from the database's clock (one clock for every instance). */
  now: Date;
}

/**
 * Locks the head of the issuer's chain until commit: records are chained one at a time, in the
 * same order as the numbers taken after it, and their timestamps never go backwards.
 */
async function lockChain(tx: Queryable, issuerNif: string): Promise<ChainHead> {
  const chain = await tx.query<{ last_record_id: number | null }>(
    `INSERT INTO verifactu_chain (issuer_nif) VALUES ($1)
     ON CONFLICT (issuer_nif) DO UPDATE SET last_hash = verifactu_chain.last_hash
     RETURNING last_record_id`,
    [issuerNif],
  );
  const lastId = chain.rows[0]!.last_record_id;
  let previous: ChainHead['previous'] = null;
  if (lastId !== null) {
    const { rows } = await tx.query<{
      issuer_nif: string;
      invoice_number: string;
      issue_date: string;
      hash: string;
    }>('SELECT issuer_nif, invoice_number, issue_date, hash FROM verifactu_records WHERE id = $1', [lastId]);
    const p = rows[0]!;
    previous = {
      id: lastId,
      issuerNif: p.issuer_nif,
      invoiceNumber: p.invoice_number,
      issueDate: p.issue_date,
      hash: p.hash,
    };
  }
  const now = (await tx.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0]!.now;
  return { issuerNif, previous, now };
}

interface NewRecord {
  invoiceId: number;
  recordType: 'alta' | 'anulacion';
  invoiceNumber: string;
  issueDate: string;
  invoiceType: InvoiceKind | null;
  cuotaTotal: string | null;
  importeTotal: string | null;
  generatedAt: string;
  hash: string;
  xml: string;
  subsanacion: boolean;
  /** Queued late: generated to replace a record that could not go (its request carries Incidencia). */
  late?: boolean;
}

async function insertRecord(tx: Queryable, head: ChainHead, r: NewRecord): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO verifactu_records (invoice_id, issuer_nif, invoice_number, issue_date, invoice_type, cuota_total,
       importe_total, previous_id, previous_hash, hash, generated_at, record_type, xml, subsanacion, late)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [
      r.invoiceId,
      head.issuerNif,
      r.invoiceNumber,
      r.issueDate,
      r.invoiceType,
      r.cuotaTotal,
      r.importeTotal,
      head.previous?.id ?? null,
      head.previous?.hash ?? '',
      r.hash,
      r.generatedAt,
      r.recordType,
      r.xml,
      r.subsanacion,
      r.late ?? false,
    ],
  );
  const id = rows[0]!.id;
  await tx.query('UPDATE verifactu_chain SET last_record_id = $2, last_hash = $3 WHERE issuer_nif = $1', [
    head.issuerNif,
    id,
    r.hash,
  ]);
  // Wakes the sender of any instance (a LISTEN on PostgreSQL; nothing to do on PGlite).
  await tx.query(`SELECT pg_notify('verifactu', '')`);
  return id;
}

// ------------------------------------------------------------------------------------------------
// Issuing an alta
// ------------------------------------------------------------------------------------------------

interface FiscalIdentity {
  taxId: string;
  kind: 'NIF' | 'VAT';
  country: string;
  name: string;
  address: string;
}

interface IssueSpec {
  order: Order;
  kind: InvoiceKind;
  /** VAT-included amounts per line (negative for a rectificativa). */
  lines: InvoiceLine[];
  totals: { baseCents: number; vatCents: number; totalCents: number; vatRate: number };
  fiscal: FiscalIdentity | null;
  rectifies?: StoredInvoice;
  replaces?: StoredInvoice;
  reason?: string | null;
  operationDate?: Date | null;
  actor: InvoiceActor;
}

/** DescripcionOperacion: what was sold, or what a rectificativa corrects and why. */
const descriptionOf = (
  kind: InvoiceKind,
  lines: readonly InvoiceLine[],
  rectified: string | null,
  reason: string | null,
) =>
  kind === 'R1' || kind === 'R5'
    ? `Rectificación de la factura ${rectified}: ${reason ?? ''}`
    : lines.map((l) => l.description).join('; ');

const recipientOf = (f: FiscalIdentity): Recipient =>
  f.kind === 'NIF'
    ? { name: f.name, nif: f.taxId }
    : { name: f.name, country: f.country, vatNumber: f.taxId };

const refOf = (issuerNif: string, i: StoredInvoice): InvoiceRef => ({
  issuerNif,
  invoiceNumber: i.full_number,
  issueDate: i.issue_date_text,
});

const DATE = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

async function issue(tx: Queryable, deps: InvoiceDeps, spec: IssueSpec): Promise<IssuedInvoice> {
  const { config, files } = deps;
  const { order } = spec;
  const issuerNif = config.company.nif.trim();
  const head = await lockChain(tx, issuerNif);
  const now = head.now;
  const year = madridYear(now);

  // The next number of the series for that year. The upsert locks the counter row until commit
  // and a rollback undoes the increment: numbers are consecutive with no gaps (art. 6.1.a and 7.1.a).
  const series = SERIES[spec.kind];
  const counter = await tx.query<{ last_number: number }>(
    `INSERT INTO invoice_counters (series, year, last_number) VALUES ($1, $2, 1)
     ON CONFLICT (series, year) DO UPDATE SET last_number = invoice_counters.last_number + 1
     RETURNING last_number`,
    [series, year],
  );
  const number = counter.rows[0]!.last_number;
  const fullNumber = formatInvoiceNumber(series, year, number);
  const { totals } = spec;

  const fields = {
    issuerNif,
    invoiceNumber: fullNumber,
    issueDate: madridDate(now),
    invoiceType: spec.kind,
    cuotaTotal: amountText(totals.vatCents),
    importeTotal: amountText(totals.totalCents),
    previousHash: head.previous?.hash ?? '',
    generatedAt: madridTimestamp(now),
  };
  const hash = altaHash(fields);
  const operationDate =
    spec.operationDate && madridIsoDate(spec.operationDate) !== madridIsoDate(now)
      ? spec.operationDate
      : null;
  const xml = registroAltaXml({
    ...fields,
    issuerName: config.company.legalName,
    rectifies: spec.rectifies ? [refOf(issuerNif, spec.rectifies)] : undefined,
    replaces: spec.replaces ? [refOf(issuerNif, spec.replaces)] : undefined,
    operationDate: operationDate ? madridDate(operationDate) : null,
    description: descriptionOf(
      spec.kind,
      spec.lines,
      spec.rectifies?.full_number ?? null,
      spec.reason ?? null,
    ),
    recipient: spec.fiscal ? recipientOf(spec.fiscal) : null,
    breakdown: [
      {
        vatRate: `${totals.vatRate}.00`,
        base: amountText(totals.baseCents),
        vat: amountText(totals.vatCents),
      },
    ],
    previous: head.previous,
    hash,
    software: softwareIdentity(config),
  });

  // The PDF, stored before the rows (bytes first, as FileService does). It is the invoice as
  // issued: never rendered again. The QR and the VERI*FACTU legend only when records go to the AEAT.
  const c = config.company;
  const seller = {
    legalName: c.legalName,
    tradeName: c.tradeName,
    nif: issuerNif,
    address: c.address,
    postalCode: c.postalCode,
    town: c.town,
    province: c.province,
    email: c.email,
    phone: c.phone,
    registry: c.registry,
  };
  const store = {
    name: order.store.name,
    address: order.store.address,
    postalCode: order.store.postalCode,
    town: order.store.town,
    province: order.store.province,
  };
  const clean = (v: string | null) => (v ? stripControlChars(v) || null : null);
  const buyer = {
    name: clean(order.customerName),
    email: clean(order.customerEmail),
    phone: clean(order.customerPhone),
    address: order.isHomeDelivery ? clean(order.customerAddress) : null,
    city: order.isHomeDelivery ? clean(order.customerCity) : null,
    postalCode: order.isHomeDelivery ? clean(order.customerPostalCode) : null,
  };
  const references: string[] = [];
  if (spec.rectifies) {
    references.push(
      `Rectifica la factura ${spec.rectifies.full_number} de ${DATE.format(spec.rectifies.issue_date_pdf)}.`,
    );
  }
  if (spec.replaces) {
    references.push(
      `Sustituye a la factura simplificada ${spec.replaces.full_number} de ${DATE.format(spec.replaces.issue_date_pdf)}.`,
    );
  }
  if (spec.reason) references.push(`Motivo: ${stripControlChars(spec.reason)}`);
  const sending = config.verifactu.endpoint !== undefined;
  const pdf = await renderInvoicePdf({
    title: TITLES[spec.kind],
    legalNote: LEGAL_NOTES[spec.kind],
    references,
    fullNumber,
    issuedAt: now,
    operationDate,
    orderNumber: order.orderNumber,
    seller,
    store,
    buyer: {
      name: buyer.name,
      delivery: order.isHomeDelivery
        ? { address: buyer.address ?? '', postalCode: buyer.postalCode ?? '', city: buyer.city ?? '' }
        : null,
      fiscal: spec.fiscal
        ? { name: spec.fiscal.name, taxId: spec.fiscal.taxId, address: spec.fiscal.address }
        : null,
    },
    lines: spec.lines,
    totals,
    qrText: sending
      ? cotejoUrl(
          {
            nif: issuerNif,
            invoiceNumber: fullNumber,
            issueDate: fields.issueDate,
            importeTotal: fields.importeTotal,
          },
          config.production,
        )
      : null,
  });
  const pdfSha256 = createHash('sha256').update(pdf).digest('hex');
  const file = await files.save(tx, { kind: 'invoice', contentType: 'application/pdf', bytes: pdf });

  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO invoices (order_id, kind, rectifies_invoice_id, replaces_invoice_id, series, year, number, full_number,
       issued_at, issue_date, operation_date, seller, store_id, store, buyer_name, buyer_email, buyer_phone,
       buyer_address, buyer_city, buyer_postal_code, is_home_delivery, lines, base_cents, vat_rate, vat_cents,
       total_cents, pdf_file_id, issued_by, buyer_tax_id, buyer_tax_id_kind, buyer_country, buyer_fiscal_name,
       buyer_fiscal_address, reason, verifactu, pdf_sha256)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23,
       $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36)
     RETURNING id`,
    [
      order.id,
      spec.kind,
      spec.rectifies?.id ?? null,
      spec.replaces?.id ?? null,
      series,
      year,
      number,
      fullNumber,
      now,
      madridIsoDate(now),
      operationDate ? madridIsoDate(operationDate) : null,
      JSON.stringify(seller),
      order.store.id,
      JSON.stringify(store),
      buyer.name,
      buyer.email,
      buyer.phone,
      buyer.address,
      buyer.city,
      buyer.postalCode,
      order.isHomeDelivery,
      JSON.stringify(spec.lines),
      totals.baseCents,
      totals.vatRate,
      totals.vatCents,
      totals.totalCents,
      file.id,
      actorId(spec.actor),
      spec.fiscal?.taxId ?? null,
      spec.fiscal?.kind ?? null,
      spec.fiscal?.country ?? null,
      spec.fiscal?.name ?? null,
      spec.fiscal?.address ?? null,
      spec.reason ?? null,
      sending,
      pdfSha256,
    ],
  );
  const invoiceId = inserted.rows[0]!.id;
  await insertRecord(tx, head, {
    invoiceId,
    recordType: 'alta',
    invoiceNumber: fullNumber,
    issueDate: fields.issueDate,
    invoiceType: spec.kind,
    cuotaTotal: fields.cuotaTotal,
    importeTotal: fields.importeTotal,
    generatedAt: fields.generatedAt,
    hash,
    xml,
    subsanacion: false,
  });
  return { id: invoiceId, kind: spec.kind, fullNumber, pdfFileId: file.id, orderId: order.id, created: true };
}

/** The order's lines as sold: the case, and the delivery when there is one. */
function orderAmounts(order: Order) {
  const items = [
    {
      description: stripControlChars(productName(order.brand, order.model)),
      totalCents: eurosToCents(order.total),
    },
  ];
  const shippingCents = eurosToCents(order.shipping);
  if (shippingCents > 0) items.push({ description: 'Envío a domicilio', totalCents: shippingCents });
  return buildInvoiceAmounts(items);
}

interface RequestRow {
  tax_id: string;
  tax_id_kind: 'NIF' | 'VAT';
  country: string;
  name: string;
  address: string;
  postal_code: string;
  city: string;
}

const fiscalAddress = (r: { address: string; postal_code: string; city: string; country: string }) =>
  stripControlChars(`${r.address}, ${r.postal_code} ${r.city}${r.country === 'ES' ? '' : ` (${r.country})`}`);

/**
 * The invoice of a paid order, issued in the caller's transaction (the one that marks the order
 * paid): an F1 when the customer asked for a full invoice, else an F2. Returns the order's
 * existing invoice when it has one, so it may be called again. The caller holds the order's lock.
 */
export async function issueInvoiceForPaidOrder(
  tx: Queryable,
  deps: InvoiceDeps,
  orderId: string,
  actor: InvoiceActor,
): Promise<IssuedInvoice> {
  const existing = await tx.query<{
    id: number;
    kind: InvoiceKind;
    full_number: string;
    pdf_file_id: string;
  }>(`SELECT id, kind, full_number, pdf_file_id FROM invoices WHERE order_id = $1 AND kind IN ('F1', 'F2')`, [
    orderId,
  ]);
  if (existing.rows[0]) {
    const r = existing.rows[0];
    return {
      id: r.id,
      kind: r.kind,
      fullNumber: r.full_number,
      pdfFileId: r.pdf_file_id,
      orderId,
      created: false,
    };
  }
  const order = await getOrder(tx, orderId);
  if (!order.paidAt || order.status === 'cancelled') throw fail(409, 'ORDER_STATE', 'invoiceNeedsPayment');
  const request = (
    await tx.query<RequestRow>('SELECT * FROM invoice_requests WHERE order_id = $1', [orderId])
  ).rows[0];
  const { lines, totals } = orderAmounts(order);
  return issue(tx, deps, {
    order,
    kind: request ? 'F1' : 'F2',
    lines,
    totals,
    fiscal: request
      ? {
          taxId: request.tax_id,
          kind: request.tax_id_kind,
          country: request.country,
          name: request.name,
          address: fiscalAddress(request),
        }
      : null,
    // The day it was paid: an invoice issued on a later day states it (art. 7.1.c).
    operationDate: new Date(order.paidAt),
    actor,
  });
}

/**
 * Issues in flight in this process for the staff button. Issuing is serialised by the chain lock
 * anyway, and each waiting transaction holds a pooled connection: without a limit, a burst of
 * invoice requests would take the whole pool. Correctness never depends on this.
 */
const MAX_ISSUES_IN_FLIGHT = 2;
let issuesInFlight = 0;
const waitingIssues: (() => void)[] = [];

async function withIssueSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (issuesInFlight < MAX_ISSUES_IN_FLIGHT) issuesInFlight++;
  else await new Promise<void>((resolve) => waitingIssues.push(resolve));
  try {
    return await fn();
  } finally {
    const next = waitingIssues.shift();
    if (next) next();
    else issuesInFlight--;
  }
}

/**
 * The staff button (`generateInvoice`): the paid order's invoice, issued now if it has none (an
 * order paid before invoices were issued on payment), the same one on every later call. Admins may
 * invoice any order; store staff only their store's (403 otherwise); 404 for an unknown order, 409
 * for an order that is not paid.
 */
export function issueInvoice(
  db: Database,
  deps: InvoiceDeps,
  orderId: string,
  staff: StaffUser | null,
): Promise<IssuedInvoice> {
  return withIssueSlot(() =>
    db.transaction(async (tx) => {
      const locked = await lockOrder(tx, orderId);
      const user = requireStoreAccess(staff, locked.store_id);
      return issueInvoiceForPaidOrder(tx, deps, orderId, user);
    }),
  );
}

// ------------------------------------------------------------------------------------------------
// Corrections
// ------------------------------------------------------------------------------------------------

export interface CorrectiveInvoiceInput {
  orderId: string;
  /** How much to give back, VAT included, in cents; omitted: everything that is left. */
  amountCents?: number;
  reason: string;
  actor: InvoiceActor;
}

/**
 * A rectificativa por diferencias (R5 of a simplified invoice, R1 of a full one) of the order's
 * current invoice, for `amountCents` (never more than what is left), with negative amounts, citing
 * the original's number and date. Runs in the caller's transaction (a refund, a cancellation).
 * 409 when the order has no invoice or the amount is more than is left; 400 for a bad amount or reason.
 */
export async function issueCorrectiveInvoice(
  tx: Queryable,
  deps: InvoiceDeps,
  input: CorrectiveInvoiceInput,
): Promise<IssuedInvoice> {
  const reason = stripControlChars(input.reason ?? '');
  if (!reason || reason.length > 500) throw fail(400, 'VALIDATION_FAILED', 'invoiceReasonRequired');
  await lockOrder(tx, input.orderId);
  const original = await currentInvoice(tx, input.orderId);
  if (!original) throw fail(409, 'INVOICE_STATE', 'orderNotInvoiced');
  const left = await remainingCents(tx, original);
  const amount = input.amountCents ?? left.totalCents;
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw fail(
      left.totalCents <= 0 ? 409 : 400,
      left.totalCents <= 0 ? 'INVOICE_STATE' : 'VALIDATION_FAILED',
      left.totalCents <= 0 ? 'invoiceCorrectionTooLarge' : 'invoiceCorrectionAmount',
    );
  }
  if (amount > left.totalCents) throw fail(409, 'INVOICE_STATE', 'invoiceCorrectionTooLarge');
  // Everything that is left: the exact remaining base and VAT, so the invoice nets to zero to the cent.
  const split =
    amount === left.totalCents
      ? { baseCents: left.baseCents, vatCents: left.vatCents }
      : splitVatIncluded(amount, VAT_RATE);
  const description = `Rectificación de la factura ${original.full_number}: ${reason}`;
  const lines: InvoiceLine[] = [
    {
      description,
      quantity: 1,
      totalCents: -amount,
      baseCents: -split.baseCents,
      vatCents: -split.vatCents,
      vatRate: VAT_RATE,
    },
  ];
  const order = await getOrder(tx, input.orderId);
  const full = original.kind !== 'F2';
  return issue(tx, deps, {
    order,
    kind: full ? 'R1' : 'R5',
    lines,
    totals: {
      baseCents: -split.baseCents,
      vatCents: -split.vatCents,
      totalCents: -amount,
      vatRate: VAT_RATE,
    },
    fiscal: full ? fiscalOf(original) : null,
    rectifies: original,
    reason,
    actor: input.actor,
  });
}

function fiscalOf(i: StoredInvoice): FiscalIdentity {
  return {
    taxId: i.buyer_tax_id!,
    kind: i.buyer_tax_id_kind!,
    country: i.buyer_country ?? 'ES',
    name: i.buyer_fiscal_name ?? '',
    address: i.buyer_fiscal_address ?? '',
  };
}

/**
 * What cancelling an order needs from invoicing, in the cancellation's transaction: the
 * rectificativa of everything left on its invoice (none when there is no invoice or nothing is left).
 */
export async function rectifyForCancellation(
  tx: Queryable,
  deps: InvoiceDeps,
  orderId: string,
  actor: InvoiceActor,
  reason: string,
): Promise<IssuedInvoice | null> {
  const original = await currentInvoice(tx, orderId);
  if (!original) return null;
  const left = await remainingCents(tx, original);
  if (left.totalCents <= 0) return null;
  return issueCorrectiveInvoice(tx, deps, { orderId, reason, actor });
}

export interface FiscalData {
  taxId: string;
  name: string;
  address: string;
  postalCode: string;
  city: string;
}

/** Checks and reads a full invoice's recipient; 400 with the Spanish message when wrong. */
export function readFiscalData(d: FiscalData): RequestRow {
  const id = parseTaxId(d.taxId);
  if (typeof id === 'string') throw fail(400, 'VALIDATION_FAILED', id);
  const clean = (v: string) => stripControlChars(v);
  if (![d.name, d.address, d.postalCode, d.city].every((v) => clean(v))) {
    throw fail(400, 'VALIDATION_FAILED', 'fiscalFieldsRequired');
  }
  return {
    tax_id: id.id,
    tax_id_kind: id.kind,
    country: id.country,
    name: clean(d.name).slice(0, 120),
    address: clean(d.address).slice(0, 200),
    postal_code: clean(d.postalCode).slice(0, 10),
    city: clean(d.city).slice(0, 100),
  };
}

/**
 * 'Necesito factura completa' on an order not yet paid: stores (or, with null, forgets) the data
 * its invoice will carry. 409 once the order is paid or cancelled.
 */
export async function saveInvoiceRequest(
  tx: Queryable,
  orderId: string,
  data: FiscalData | null,
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  if (order.paid || order.status === 'cancelled') {
    throw fail(409, 'ORDER_STATE', 'invoiceRequestClosed');
  }
  if (!data) {
    await tx.query('DELETE FROM invoice_requests WHERE order_id = $1', [orderId]);
    return;
  }
  const r = readFiscalData(data);
  await tx.query(
    `INSERT INTO invoice_requests (order_id, tax_id, tax_id_kind, country, name, address, postal_code, city)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (order_id) DO UPDATE SET tax_id = $2, tax_id_kind = $3, country = $4, name = $5, address = $6,
       postal_code = $7, city = $8, updated_at = now()`,
    [orderId, r.tax_id, r.tax_id_kind, r.country, r.name, r.address, r.postal_code, r.city],
  );
}

/** The full-invoice data an order carries, for the data form. */
export async function getInvoiceRequest(q: Queryable, orderId: string): Promise<FiscalData | null> {
  const { rows } = await q.query<RequestRow>('SELECT * FROM invoice_requests WHERE order_id = $1', [orderId]);
  const r = rows[0];
  return r
    ? { taxId: r.tax_id, name: r.name, address: r.address, postalCode: r.postal_code, city: r.city }
    : null;
}

async function invoiceByNumber(q: Queryable, number: string, lock = false): Promise<StoredInvoice> {
  const { rows } = await q.query<StoredInvoice>(`${STORED_INVOICE} WHERE i.full_number = $1`, [number]);
  const inv = rows[0];
  if (!inv) throw fail(404, 'INVOICE_NOT_FOUND', 'invoiceNotFound');
  if (lock) await lockOrder(q, inv.order_id);
  return inv;
}

/**
 * Staff exchange a simplified invoice for a full one (F3, FacturasSustituidas), for the recipient
 * the customer gives. Only a current, unrectified F2 of the staff member's store (409 otherwise).
 */
export async function exchangeForFullInvoice(
  db: Database,
  deps: InvoiceDeps,
  number: string,
  data: FiscalData,
  staff: StaffUser | null,
): Promise<IssuedInvoice> {
  return db.transaction(async (tx) => {
    const original = await invoiceByNumber(tx, number, true);
    const order = await getOrder(tx, original.order_id);
    requireStoreAccess(staff, order.store.id);
    const request = readFiscalData(data);
    const current = await currentInvoice(tx, original.order_id);
    if (
      original.kind !== 'F2' ||
      current?.id !== original.id ||
      (await remainingCents(tx, original)).rectifications > 0
    ) {
      throw fail(409, 'INVOICE_STATE', 'invoiceExchangeNotAllowed');
    }
    const { rows } = await tx.query<{ lines: InvoiceLine[] }>('SELECT lines FROM invoices WHERE id = $1', [
      original.id,
    ]);
    return issue(tx, deps, {
      order,
      kind: 'F3',
      lines: rows[0]!.lines,
      totals: {
        baseCents: original.base_cents,
        vatCents: original.vat_cents,
        totalCents: original.total_cents,
        vatRate: VAT_RATE,
      },
      fiscal: {
        taxId: request.tax_id,
        kind: request.tax_id_kind,
        country: request.country,
        name: request.name,
        address: fiscalAddress(request),
      },
      replaces: original,
      actor: requireStoreAccess(staff, order.store.id),
    });
  });
}

/**
 * An admin annuls an invoice issued by mistake: a RegistroAnulacion in the chain, and the invoice
 * no longer counts (the order shows none). Refused (409):
 * - for an invoice already annulled, replaced by an F3, or with rectificativas: those stay;
 * - for a rectificativa: it records money given back or a correction made, which happened;
 * - for the invoice of a sale that happened (INVOICE_SALE_HAPPENED), i.e. of an order whose
 *   payment is recorded (`paid_at`): annulled, the order would stay paid with no valid invoice.
 *   A sale is undone by a rectificativa (a refund, a cancellation), never by an anulación.
 * What remains annullable is an ordinary invoice of an order with no recorded payment.
 */
export async function annulInvoice(
  db: Database,
  deps: InvoiceDeps,
  number: string,
  reason: string,
  staff: StaffUser,
): Promise<{ recordId: number }> {
  const why = stripControlChars(reason ?? '');
  if (!why || why.length > 500) throw fail(400, 'VALIDATION_FAILED', 'invoiceReasonRequired');
  return db.transaction(async (tx) => {
    const invoice = await invoiceByNumber(tx, number, true);
    const corrections = await tx.query('SELECT 1 FROM invoices WHERE rectifies_invoice_id = $1 LIMIT 1', [
      invoice.id,
    ]);
    if (invoice.annulled || invoice.replaced || corrections.rows.length > 0) {
      throw fail(409, 'INVOICE_STATE', 'invoiceAnnulNotAllowed');
    }
    if (invoice.kind === 'R1' || invoice.kind === 'R5') {
      throw fail(409, 'INVOICE_STATE', 'rectificativaNotAnnullable');
    }
    const { rows: sold } = await tx.query<{ paid: boolean }>(
      'SELECT paid_at IS NOT NULL AS paid FROM orders WHERE id = $1',
      [invoice.order_id],
    );
    if (sold[0]?.paid) throw fail(409, 'INVOICE_SALE_HAPPENED', 'invoiceSaleHappened');
    const recordId = await appendAnulacion(tx, deps, invoice, false);
    await tx.query(
      'INSERT INTO invoice_annulments (invoice_id, record_id, reason, annulled_by) VALUES ($1, $2, $3, $4)',
      [invoice.id, recordId, why, staff.id],
    );
    return { recordId };
  });
}

async function appendAnulacion(
  tx: Queryable,
  deps: InvoiceDeps,
  invoice: { id: number; full_number: string; issue_date_text: string },
  rechazoPrevio: boolean,
): Promise<number> {
  const head = await lockChain(tx, deps.config.company.nif.trim());
  const fields = {
    issuerNif: head.issuerNif,
    invoiceNumber: invoice.full_number,
    issueDate: invoice.issue_date_text,
    previousHash: head.previous?.hash ?? '',
    generatedAt: madridTimestamp(head.now),
  };
  const hash = anulacionHash(fields);
  const xml = registroAnulacionXml({
    ...fields,
    rechazoPrevio,
    previous: head.previous,
    hash,
    software: softwareIdentity(deps.config),
  });
  return insertRecord(tx, head, {
    invoiceId: invoice.id,
    recordType: 'anulacion',
    invoiceNumber: invoice.full_number,
    issueDate: invoice.issue_date_text,
    invoiceType: null,
    cuotaTotal: null,
    importeTotal: null,
    generatedAt: fields.generatedAt,
    hash,
    xml,
    subsanacion: false,
  });
}

/**
 * Staff resend a record the AEAT rejected: a new record of the same invoice at the head of the
 * chain (for an alta, Subsanacion S and RechazoPrevio S; for an anulación, RechazoPrevio S), queued
 * for the sender. 409 when the invoice's latest record is not rejected.
 */
export async function correctRejectedRecord(
  db: Database,
  deps: InvoiceDeps,
  number: string,
  staff: StaffUser,
): Promise<{ recordId: number }> {
  return db.transaction(async (tx) => {
    const invoice = await invoiceByNumber(tx, number, true);
    requireStoreAccess(staff, (await getOrder(tx, invoice.order_id)).store.id);
    const { rows } = await tx.query<{ id: number; record_type: 'alta' | 'anulacion'; state: string }>(
      `SELECT id, record_type, state FROM verifactu_records WHERE invoice_id = $1 ORDER BY id DESC LIMIT 1 FOR UPDATE`,
      [invoice.id],
    );
    const last = rows[0];
    if (last?.state !== 'rejected') throw fail(409, 'INVOICE_STATE', 'verifactuNothingToResend');
    let recordId: number;
    if (last!.record_type === 'anulacion') {
      recordId = await appendAnulacion(tx, deps, invoice, true);
    } else {
      recordId = await appendSubsanacion(tx, deps, invoice.id);
    }
    await tx.query('UPDATE verifactu_records SET corrected_by = $2 WHERE id = $1', [last.id, recordId]);
    return { recordId };
  });
}

interface AltaSource {
  id: number;
  kind: InvoiceKind;
  full_number: string;
  issue_date_text: string;
  base_cents: number;
  vat_cents: number;
  total_cents: number;
  vat_rate: number;
  operation_date_text: string | null;
  lines: InvoiceLine[];
  seller_name: string;
  buyer_tax_id: string | null;
  buyer_tax_id_kind: 'NIF' | 'VAT' | null;
  buyer_country: string | null;
  buyer_fiscal_name: string | null;
  rectified_number: string | null;
  rectified_date: string | null;
  replaced_number: string | null;
  replaced_date: string | null;
  reason: string | null;
}

const ALTA_SOURCE = `
  SELECT i.id, i.kind, i.full_number, to_char(i.issue_date, 'DD-MM-YYYY') AS issue_date_text, i.base_cents,
         i.vat_cents, i.total_cents, i.vat_rate, to_char(i.operation_date, 'DD-MM-YYYY') AS operation_date_text,
         i.lines, i.seller->>'legalName' AS seller_name, i.buyer_tax_id, i.buyer_tax_id_kind, i.buyer_country,
         i.buyer_fiscal_name, r.full_number AS rectified_number, to_char(r.issue_date, 'DD-MM-YYYY') AS rectified_date,
         s.full_number AS replaced_number, to_char(s.issue_date, 'DD-MM-YYYY') AS replaced_date, i.reason
  FROM invoices i
  LEFT JOIN invoices r ON r.id = i.rectifies_invoice_id
  LEFT JOIN invoices s ON s.id = i.replaces_invoice_id`;

/** The RegistroAlta of a stored invoice, chained to `previous`, generated at `generatedAt`. */
export function altaFromInvoice(
  src: AltaSource,
  issuerNif: string,
  software: SoftwareIdentity,
  previous: (InvoiceRef & { hash: string }) | null,
  generatedAt: string,
  subsanacion: boolean,
): { xml: string; hash: string; fields: { cuotaTotal: string; importeTotal: string } } {
  const fields = {
    issuerNif,
    invoiceNumber: src.full_number,
    issueDate: src.issue_date_text,
    invoiceType: src.kind,
    cuotaTotal: amountText(src.vat_cents),
    importeTotal: amountText(src.total_cents),
    previousHash: previous?.hash ?? '',
    generatedAt,
  };
  const hash = altaHash(fields);
  const ref = (n: string | null, d: string | null) =>
    n && d ? [{ issuerNif, invoiceNumber: n, issueDate: d }] : undefined;
  const xml = registroAltaXml({
    ...fields,
    issuerName: src.seller_name,
    subsanacion,
    rectifies: ref(src.rectified_number, src.rectified_date),
    replaces: ref(src.replaced_number, src.replaced_date),
    operationDate: src.operation_date_text,
    description: descriptionOf(src.kind, src.lines, src.rectified_number, src.reason),
    recipient:
      src.buyer_tax_id && src.buyer_tax_id_kind
        ? src.buyer_tax_id_kind === 'NIF'
          ? { name: src.buyer_fiscal_name ?? '', nif: src.buyer_tax_id }
          : {
              name: src.buyer_fiscal_name ?? '',
              country: src.buyer_country ?? '',
              vatNumber: src.buyer_tax_id,
            }
        : null,
    breakdown: [
      { vatRate: `${src.vat_rate}.00`, base: amountText(src.base_cents), vat: amountText(src.vat_cents) },
    ],
    previous,
    hash,
    software,
  });
  return { xml, hash, fields };
}

async function appendSubsanacion(tx: Queryable, deps: InvoiceDeps, invoiceId: number): Promise<number> {
  const head = await lockChain(tx, deps.config.company.nif.trim());
  const { rows } = await tx.query<AltaSource>(`${ALTA_SOURCE} WHERE i.id = $1`, [invoiceId]);
  const src = rows[0]!;
  const generatedAt = madridTimestamp(head.now);
  const { xml, hash, fields } = altaFromInvoice(
    src,
    head.issuerNif,
    softwareIdentity(deps.config),
    head.previous,
    generatedAt,
    true,
  );
  return insertRecord(tx, head, {
    invoiceId,
    recordType: 'alta',
    invoiceNumber: src.full_number,
    issueDate: src.issue_date_text,
    invoiceType: src.kind,
    cuotaTotal: fields.cuotaTotal,
    importeTotal: fields.importeTotal,
    generatedAt,
    hash,
    xml,
    subsanacion: true,
  });
}

/**
 * The XML of a record that was issued before records kept their XML: rebuilt from its stored
 * fields and its invoice, so that it can still be sent and read.
 */
export async function legacyRecordXml(
  q: Queryable,
  recordId: number,
  software: SoftwareIdentity,
): Promise<string> {
  const { rows } = await q.query<{
    invoice_id: number;
    issuer_nif: string;
    generated_at: string;
    p_nif: string | null;
    p_number: string | null;
    p_date: string | null;
    p_hash: string | null;
  }>(
    `SELECT r.invoice_id, r.issuer_nif, r.generated_at, p.issuer_nif AS p_nif, p.invoice_number AS p_number,
            p.issue_date AS p_date, p.hash AS p_hash
     FROM verifactu_records r LEFT JOIN verifactu_records p ON p.id = r.previous_id WHERE r.id = $1`,
    [recordId],
  );
  const r = rows[0]!;
  const src = (await q.query<AltaSource>(`${ALTA_SOURCE} WHERE i.id = $1`, [r.invoice_id])).rows[0]!;
  const previous =
    r.p_hash !== null
      ? { issuerNif: r.p_nif!, invoiceNumber: r.p_number!, issueDate: r.p_date!, hash: r.p_hash }
      : null;
  return altaFromInvoice(src, r.issuer_nif, software, previous, r.generated_at, false).xml;
}
