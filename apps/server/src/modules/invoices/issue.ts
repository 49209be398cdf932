import { createHash } from 'node:crypto';
import type { InvoiceKind } from '@shop/contracts/invoices';
import type { Order } from '@shop/contracts/orders';
import type { Queryable } from '../../db/client.ts';
import type { InvoiceLine } from './amounts.ts';
import { insertRecord, lockChain, softwareIdentity } from './chain.ts';
import { formatInvoiceNumber, SERIES, takeNumber } from './numbering.ts';
import { renderInvoicePdf } from './pdf.ts';
import { stripControlChars } from './pdf-text.ts';
import type { StoredInvoice } from './stored-invoice.ts';
import type { InvoiceActor, InvoiceDeps, IssuedInvoice } from './types.ts';
import {
  altaHash,
  amountText,
  cotejoUrl,
  madridDate,
  madridIsoDate,
  madridTimestamp,
  madridYear,
} from './verifactu.ts';
import { type InvoiceRef, type Recipient, registroAltaXml } from './verifactu-xml.ts';

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

/** A full invoice's recipient, as its record and its PDF name them. */
export interface FiscalIdentity {
  taxId: string;
  kind: 'NIF' | 'VAT';
  country: string;
  name: string;
  address: string;
}

export interface IssueSpec {
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
export const descriptionOf = (
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

/**
 * Issues one invoice in the caller's transaction: its number, its alta chained at the head of the
 * issuer's chain, its XML, its PDF and its rows.
 */
export async function issue(tx: Queryable, deps: InvoiceDeps, spec: IssueSpec): Promise<IssuedInvoice> {
  const { config, files } = deps;
  const { order } = spec;
  const issuerNif = config.company.nif.trim();
  const head = await lockChain(tx, issuerNif);
  const now = head.now;
  const year = madridYear(now);

  const series = SERIES[spec.kind];
  const number = await takeNumber(tx, series, year);
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
  // Only what the invoice needs: a simplified one names no buyer (RD 1619/2012 art. 7), so it keeps
  // none of the customer's data; a full one names its recipient (the fiscal data) and where the
  // case was sent. No invoice keeps an e-mail or a phone: the order has them while it needs them.
  const shipTo = Boolean(spec.fiscal) && order.isHomeDelivery;
  const buyer = {
    name: null,
    email: null,
    phone: null,
    address: shipTo ? clean(order.customerAddress) : null,
    city: shipTo ? clean(order.customerCity) : null,
    postalCode: shipTo ? clean(order.customerPostalCode) : null,
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
      pickup: !order.isHomeDelivery,
      delivery: shipTo
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
          // The environment the record goes to, whatever the run mode: only there can it be checked.
          config.verifactu.environment === 'production',
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
