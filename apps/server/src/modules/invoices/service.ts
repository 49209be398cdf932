import type { StaffUser } from '@shop/contracts/auth';
import type { ChainVerificationResult, InvoiceListQuery, InvoicePage } from '@shop/contracts/invoices';
import { centsToEuros, eurosToCents } from '@shop/contracts/money';
import type { OrderStatus } from '@shop/contracts/orders';
import type { Database, Queryable } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { fail } from '../../lib/errors.ts';
import { requireStoreAccess } from '../auth/service.ts';
import { type FileService, fileUri } from '../files/service.ts';
import { getOrder } from '../orders/service.ts';
import { lockOrder } from '../orders/state.ts';
import { buildInvoiceAmounts, type InvoiceLine } from './amounts.ts';
import { renderInvoicePdf, stripControlChars } from './pdf.ts';
import {
  altaHash,
  amountText,
  ChainVerifier,
  cotejoUrl,
  madridDate,
  madridIsoDate,
  madridTimestamp,
  madridYear,
} from './verifactu.ts';

/**
 * Issuing simplified invoices (RD 1619/2012 art. 7) with their VERI*FACTU registration records
 * (RD 1007/2023). One transaction does everything: the number, the record chained to the previous
 * one, the PDF and the rows. If anything fails, nothing is kept and the number is not used, so the
 * series has no gaps; once committed, nothing of it changes again (database triggers refuse it).
 */

/** The series of simplified invoices ("tickets"); numbering restarts each Madrid calendar year. */
export const INVOICE_SERIES = 'T';

/** An invoice documents a sale that has been paid (or gone further). */
const INVOICEABLE: ReadonlySet<OrderStatus> = new Set(['paid', 'printed', 'ready', 'shipped', 'delivered']);

/** "T2026-000001": NumSerieFactura, unique per seller. */
export const formatInvoiceNumber = (series: string, year: number, n: number): string =>
  `${series}${year}-${String(n).padStart(6, '0')}`;

export type InvoiceConfig = Pick<Config, 'company' | 'production'>;

export interface IssuedInvoice {
  id: number;
  fullNumber: string;
  pdfFileId: string;
  /** False when the order already had its invoice and that one was returned. */
  created: boolean;
}

/**
 * The invoice of a paid order: issues it on the first call and returns the same one on every later
 * call. Admins may invoice any order; store staff only their store's (403 otherwise); 404 for an
 * unknown order, 409 for an order that is not paid.
 */
export function issueInvoice(
  db: Database,
  files: FileService,
  config: InvoiceConfig,
  orderId: string,
  staff: StaffUser | null,
): Promise<IssuedInvoice> {
  return withIssueSlot(() => issueInTransaction(db, files, config, orderId, staff));
}

/**
 * Issues in flight in this process. Issuing is serialised by the chain lock anyway, and each waiting
 * transaction holds a pooled connection: without a limit, a burst of invoice requests would take the
 * whole pool and starve every other request. Two keep the next issue ready at the lock; the rest
 * wait here, without a connection. Correctness never depends on this: the database locks decide.
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
    // Hand the slot straight to the next waiter, or give it back.
    const next = waitingIssues.shift();
    if (next) next();
    else issuesInFlight--;
  }
}

async function issueInTransaction(
  db: Database,
  files: FileService,
  config: InvoiceConfig,
  orderId: string,
  staff: StaffUser | null,
): Promise<IssuedInvoice> {
  return db.transaction(async (tx) => {
    // 1. The order, locked: two calls for one order queue here, and the second finds the invoice.
    const locked = await lockOrder(tx, orderId);
    requireStoreAccess(staff, locked.store_id);
    const existing = await tx.query<{ id: number; full_number: string; pdf_file_id: string }>(
      `SELECT id, full_number, pdf_file_id FROM invoices WHERE order_id = $1 AND kind = 'F2'`,
      [orderId],
    );
    if (existing.rows[0]) {
      const r = existing.rows[0];
      return { id: r.id, fullNumber: r.full_number, pdfFileId: r.pdf_file_id, created: false };
    }
    if (!INVOICEABLE.has(locked.status)) throw fail(409, 'ORDER_STATE', 'invoiceNeedsPayment');
    const order = await getOrder(tx, orderId);
    const paidAt = await paymentTime(tx, orderId);

    // 2. The head of the seller's VERI*FACTU chain, locked until commit: records are chained one
    // at a time, in the same order as the numbers below.
    const issuerNif = config.company.nif.trim();
    const chain = await tx.query<{ last_record_id: number | null; last_hash: string }>(
      `INSERT INTO verifactu_chain (issuer_nif) VALUES ($1)
       ON CONFLICT (issuer_nif) DO UPDATE SET last_hash = verifactu_chain.last_hash
       RETURNING last_record_id, last_hash`,
      [issuerNif],
    );
    const previous = chain.rows[0]!;

    // 3. The time of issue, read after the lock from the database's clock (one clock for every app
    // instance): dates and record timestamps then never go backwards along the numbering.
    const now = (await tx.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0]!.now;
    const year = madridYear(now);

    // 4. The next number of the series for that year. The upsert locks the counter row until commit
    // and a rollback undoes the increment: numbers are consecutive with no gaps (art. 6.1.a and 7.1.a).
    const counter = await tx.query<{ last_number: number }>(
      `INSERT INTO invoice_counters (series, year, last_number) VALUES ($1, $2, 1)
       ON CONFLICT (series, year) DO UPDATE SET last_number = invoice_counters.last_number + 1
       RETURNING last_number`,
      [INVOICE_SERIES, year],
    );
    const number = counter.rows[0]!.last_number;
    const fullNumber = formatInvoiceNumber(INVOICE_SERIES, year, number);

    // 5. Amounts from integer cents, VAT included.
    const items = [
      {
        description: stripControlChars(`Funda personalizada ${order.brand.name} ${order.model.name}`),
        totalCents: eurosToCents(order.total),
      },
    ];
    const shippingCents = eurosToCents(order.shipping);
    if (shippingCents > 0) items.push({ description: 'Envío a domicilio', totalCents: shippingCents });
    const { lines, totals } = buildInvoiceAmounts(items);

    // 6. The registration record and its huella, chained to the previous one.
    const record = {
      issuerNif,
      invoiceNumber: fullNumber,
      issueDate: madridDate(now),
      invoiceType: 'F2',
      cuotaTotal: amountText(totals.vatCents),
      importeTotal: amountText(totals.totalCents),
      previousHash: previous.last_hash,
      generatedAt: madridTimestamp(now),
    };
    const hash = altaHash(record);

    // 7. The PDF, stored before the rows (bytes first, as FileService does). It is the invoice as
    // issued: never rendered again.
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
    const operationDate = paidAt && madridIsoDate(paidAt) !== madridIsoDate(now) ? paidAt : null;
    const pdf = await renderInvoicePdf({
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
      },
      lines,
      totals,
      qrText: cotejoUrl(
        {
          nif: issuerNif,
          invoiceNumber: fullNumber,
          issueDate: record.issueDate,
          importeTotal: record.importeTotal,
        },
        config.production,
      ),
    });
    const file = await files.save(tx, { kind: 'invoice', contentType: 'application/pdf', bytes: pdf });

    // 8. The rows, written once.
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO invoices (order_id, kind, series, year, number, full_number, issued_at, issue_date, operation_date,
         seller, store_id, store, buyer_name, buyer_email, buyer_phone, buyer_address, buyer_city, buyer_postal_code,
         is_home_delivery, lines, base_cents, vat_rate, vat_cents, total_cents, pdf_file_id, issued_by)
       VALUES ($1, 'F2', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
         $22, $23, $24, $25)
       RETURNING id`,
      [
        orderId,
        INVOICE_SERIES,
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
        JSON.stringify(lines satisfies InvoiceLine[]),
        totals.baseCents,
        totals.vatRate,
        totals.vatCents,
        totals.totalCents,
        file.id,
        staff?.id ?? null,
      ],
    );
    const invoiceId = inserted.rows[0]!.id;
    const rec = await tx.query<{ id: number }>(
      `INSERT INTO verifactu_records (invoice_id, issuer_nif, invoice_number, issue_date, invoice_type, cuota_total,
         importe_total, previous_id, previous_hash, hash, generated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        invoiceId,
        record.issuerNif,
        record.invoiceNumber,
        record.issueDate,
        record.invoiceType,
        record.cuotaTotal,
        record.importeTotal,
        previous.last_record_id,
        record.previousHash,
        hash,
        record.generatedAt,
      ],
    );
    await tx.query('UPDATE verifactu_chain SET last_record_id = $2, last_hash = $3 WHERE issuer_nif = $1', [
      issuerNif,
      rec.rows[0]!.id,
      hash,
    ]);
    return { id: invoiceId, fullNumber, pdfFileId: file.id, created: true };
  });
}

/**
 * When the order was paid, from its timeline (read-only): an invoice issued on a later day states
 * the operation date too (art. 7.1.c).
 */
async function paymentTime(q: Queryable, orderId: string): Promise<Date | null> {
  const { rows } = await q.query<{ at: Date | null }>(
    `SELECT min(at) AS at FROM order_events WHERE order_id = $1 AND to_status = 'paid'`,
    [orderId],
  );
  return rows[0]?.at ?? null;
}

interface InvoiceListRow {
  id: number;
  full_number: string;
  kind: 'F2' | 'R5';
  issued_at: Date;
  order_id: string;
  store_id: number;
  store_name: string;
  buyer_name: string | null;
  base_cents: number;
  vat_cents: number;
  vat_rate: number;
  total_cents: number;
  pdf_file_id: string;
  submission_status: 'pending' | 'sent' | 'error';
  submitted_via: 'outbox' | 'aeat' | null;
  submission_attempts: number;
  last_error: string | null;
  hash: string;
  total: number;
}

/** Invoices newest first, optionally of one numbering year (admin list). */
export async function listInvoices(q: Queryable, query: InvoiceListQuery): Promise<InvoicePage> {
  const { rows } = await q.query<InvoiceListRow>(
    `SELECT i.id, i.full_number, i.kind, i.issued_at, i.order_id, i.store_id, i.store->>'name' AS store_name,
            i.buyer_name, i.base_cents, i.vat_cents, i.vat_rate, i.total_cents, i.pdf_file_id,
            r.submission_status, r.submitted_via, r.submission_attempts, r.last_error, r.hash,
            count(*) OVER () AS total
     FROM invoices i JOIN verifactu_records r ON r.invoice_id = i.id
     WHERE $1::int IS NULL OR i.year = $1
     ORDER BY i.issued_at DESC, i.id DESC
     LIMIT $2 OFFSET $3`,
    [query.year ?? null, query.size, (query.page - 1) * query.size],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const count = await q.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM invoices WHERE $1::int IS NULL OR year = $1',
      [query.year ?? null],
    );
    total = count.rows[0]!.n;
  }
  return {
    items: rows.map((r) => ({
      id: r.id,
      number: r.full_number,
      kind: r.kind,
      issuedAt: r.issued_at.toISOString(),
      orderId: r.order_id,
      storeId: r.store_id,
      storeName: r.store_name,
      buyerName: r.buyer_name,
      base: centsToEuros(r.base_cents),
      vat: centsToEuros(r.vat_cents),
      vatRate: r.vat_rate,
      total: centsToEuros(r.total_cents),
      uri: fileUri(r.pdf_file_id),
      verifactu: {
        status: r.submission_status,
        via: r.submitted_via,
        attempts: r.submission_attempts,
        lastError: r.last_error,
        hash: r.hash,
      },
    })),
    total,
    page: query.page,
    size: query.size,
  };
}

interface ChainRow {
  id: number;
  issuer_nif: string;
  invoice_number: string;
  issue_date: string;
  invoice_type: string;
  cuota_total: string;
  importe_total: string;
  previous_id: number | null;
  previous_hash: string;
  hash: string;
  generated_at: string;
  // The invoice the record registers, to check that the two still say the same.
  full_number: string;
  kind: string;
  invoice_issue_date: string;
  vat_cents: number;
  total_cents: number;
}

const VERIFY_BATCH = 1000;

/**
 * Recomputes the whole chain from the first record, a page at a time, and checks that every record
 * still matches its invoice (number, type, date, VAT and total).
 */
export async function verifyStoredChain(q: Queryable): Promise<ChainVerificationResult> {
  const verifier = new ChainVerifier();
  let mismatchId: number | undefined;
  let after = 0;
  for (;;) {
    const { rows } = await q.query<ChainRow>(
      `SELECT r.id, r.issuer_nif, r.invoice_number, r.issue_date, r.invoice_type, r.cuota_total, r.importe_total,
              r.previous_id, r.previous_hash, r.hash, r.generated_at,
              i.full_number, i.kind, to_char(i.issue_date, 'DD-MM-YYYY') AS invoice_issue_date, i.vat_cents, i.total_cents
       FROM verifactu_records r JOIN invoices i ON i.id = r.invoice_id
       WHERE r.id > $1 ORDER BY r.id LIMIT $2`,
      [after, VERIFY_BATCH],
    );
    for (const r of rows) {
      verifier.push({
        id: r.id,
        issuerNif: r.issuer_nif,
        invoiceNumber: r.invoice_number,
        issueDate: r.issue_date,
        invoiceType: r.invoice_type,
        cuotaTotal: r.cuota_total,
        importeTotal: r.importe_total,
        previousId: r.previous_id,
        previousHash: r.previous_hash,
        hash: r.hash,
        generatedAt: r.generated_at,
      });
      const matches =
        r.invoice_number === r.full_number &&
        r.invoice_type === r.kind &&
        r.issue_date === r.invoice_issue_date &&
        r.cuota_total === amountText(r.vat_cents) &&
        r.importe_total === amountText(r.total_cents);
      if (!matches && mismatchId === undefined) mismatchId = r.id;
    }
    if (rows.length < VERIFY_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  const result = verifier.result();
  const firstBrokenId = Math.min(
    result.firstBrokenId ?? Number.POSITIVE_INFINITY,
    mismatchId ?? Number.POSITIVE_INFINITY,
  );
  return Number.isFinite(firstBrokenId) ? { ok: false, records: result.records, firstBrokenId } : result;
}
