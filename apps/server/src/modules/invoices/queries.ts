import { createHash } from 'node:crypto';
import type {
  ChainVerificationResult,
  InvoiceListQuery,
  InvoicePage,
  RecordState,
  VerifactuSender,
} from '@shop/contracts/invoices';
import { centsToEuros } from '@shop/contracts/money';
import type { Queryable } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import type { FileService } from '../files/index.ts';
import { formatOrderNumber, type OrderFacts, orderFacts } from '../orders/index.ts';
import { softwareIdentity } from './chain.ts';
import { legacyRecordXml } from './stored-alta.ts';
import type { InvoiceConfig } from './types.ts';
import { amountText, ChainVerifier } from './verifactu.ts';

/** The read side of invoicing: the back office's list, a record's XML, the chain and PDF check. */

/** The invoice download for whoever holds the order id (the order id is the capability). */
export const invoicePdfUri = (orderId: string, fullNumber: string): string =>
  `/api/orders/${orderId}/invoices/${fullNumber}/pdf`;

interface InvoiceListRow {
  id: number;
  full_number: string;
  kind: 'F1' | 'F2' | 'F3' | 'R1' | 'R5';
  series: string;
  issued_at: Date;
  order_id: string;
  store_id: number;
  store_name: string;
  buyer_name: string | null;
  buyer_fiscal_name: string | null;
  buyer_tax_id: string | null;
  refers_to: string | null;
  reason: string | null;
  annulled: boolean;
  replaced_by: string | null;
  open: boolean;
  base_cents: number;
  vat_cents: number;
  vat_rate: number;
  total_cents: number;
  state: RecordState;
  record_type: 'alta' | 'anulacion';
  subsanacion: boolean;
  late: boolean;
  csv: string | null;
  aeat_code: number | null;
  aeat_text: string | null;
  hash: string;
  total: number;
}

const ORDINARY: readonly string[] = ['F1', 'F2', 'F3'];

/** Invoices newest first, optionally of one numbering year, each with its latest record's state. */
export async function listInvoices(
  q: Queryable,
  query: InvoiceListQuery,
  config: InvoiceConfig,
): Promise<InvoicePage> {
  const { rows } = await q.query<InvoiceListRow>(
    `SELECT i.id, i.full_number, i.kind, i.series, i.issued_at, i.order_id, i.store_id,
            i.store->>'name' AS store_name, i.buyer_name, i.buyer_fiscal_name, i.buyer_tax_id,
            coalesce(ri.full_number, si.full_number) AS refers_to, coalesce(an.reason, i.reason) AS reason,
            an.invoice_id IS NOT NULL AS annulled, rep.full_number AS replaced_by,
            (an.invoice_id IS NULL AND rep.id IS NULL
              AND NOT EXISTS (SELECT 1 FROM invoices c WHERE c.rectifies_invoice_id = i.id)) AS open,
            i.base_cents, i.vat_cents, i.vat_rate, i.total_cents,
            r.state, r.record_type, r.subsanacion, r.late, r.csv, r.aeat_code, r.aeat_text, r.hash,
            count(*) OVER () AS total
     FROM invoices i
     JOIN LATERAL (SELECT * FROM verifactu_records vr WHERE vr.invoice_id = i.id ORDER BY vr.id DESC LIMIT 1) r ON true
     LEFT JOIN invoices ri ON ri.id = i.rectifies_invoice_id
     LEFT JOIN invoices si ON si.id = i.replaces_invoice_id
     LEFT JOIN invoices rep ON rep.replaces_invoice_id = i.id
     LEFT JOIN invoice_annulments an ON an.invoice_id = i.id
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
  // Each order's number and whether its sale happened (the invoice of a paid order is not annullable).
  const orders = await orderFacts(
    q,
    rows.map((r) => r.order_id),
  );
  const orderOf = (r: InvoiceListRow): OrderFacts => orders.get(r.order_id)!;
  return {
    items: rows.map((r) => ({
      id: r.id,
      number: r.full_number,
      kind: r.kind,
      series: r.series,
      issuedAt: r.issued_at.toISOString(),
      orderId: r.order_id,
      orderNumber: formatOrderNumber(orderOf(r).orderNumber),
      storeId: r.store_id,
      storeName: r.store_name,
      customer: r.buyer_fiscal_name ?? r.buyer_name,
      taxId: r.buyer_tax_id,
      refersTo: r.refers_to,
      reason: r.reason,
      annulled: r.annulled,
      replacedBy: r.replaced_by,
      annullable: r.open && ORDINARY.includes(r.kind) && !orderOf(r).paid,
      exchangeable: r.open && r.kind === 'F2',
      base: centsToEuros(r.base_cents),
      vat: centsToEuros(r.vat_cents),
      vatRate: r.vat_rate,
      total: centsToEuros(r.total_cents),
      uri: invoicePdfUri(r.order_id, r.full_number),
      recordUri: `/api/invoices/${r.full_number}/record`,
      verifactu: {
        state: r.state,
        recordType: r.record_type,
        subsanacion: r.subsanacion,
        late: r.late,
        csv: r.csv,
        code: r.aeat_code,
        text: r.aeat_text,
        hash: r.hash,
      },
    })),
    total,
    page: query.page,
    size: query.size,
    sender: await senderState(q, config),
  };
}

export async function senderState(q: Queryable, config: InvoiceConfig): Promise<VerifactuSender> {
  const { rows } = await q.query<{
    next_send_at: Date;
    wait_seconds: number;
    halted_at: Date | null;
    halted_reason: string | null;
    last_error: string | null;
    pending: number;
    rejected: number;
  }>(
    `SELECT s.next_send_at, s.wait_seconds, s.halted_at, s.halted_reason, s.last_error,
            (SELECT count(*)::int FROM verifactu_records WHERE state IN ('pending', 'sending')) AS pending,
            (SELECT count(*)::int FROM verifactu_records WHERE state = 'rejected' AND corrected_by IS NULL) AS rejected
     FROM verifactu_sender s`,
  );
  const s = rows[0]!;
  return {
    enabled: config.verifactu.endpoint !== undefined,
    halted: s.halted_at ? { at: s.halted_at.toISOString(), reason: s.halted_reason ?? '' } : null,
    nextSendAt: config.verifactu.endpoint ? s.next_send_at.toISOString() : null,
    waitSeconds: s.wait_seconds,
    pending: s.pending,
    rejected: s.rejected,
    lastError: s.last_error,
  };
}

/**
 * The invoice's latest record (its anulación when annulled, its subsanación after a rejection) as
 * the XML document it was generated as.
 */
export async function invoiceRecordXml(
  q: Queryable,
  number: string,
  config: InvoiceConfig,
): Promise<{
  xml: string;
  storeId: number;
}> {
  const { rows } = await q.query<{ id: number; xml: string | null; store_id: number }>(
    `SELECT r.id, r.xml, i.store_id FROM invoices i JOIN verifactu_records r ON r.invoice_id = i.id
     WHERE i.full_number = $1 ORDER BY r.id DESC LIMIT 1`,
    [number],
  );
  const r = rows[0];
  if (!r) throw fail(404, 'INVOICE_NOT_FOUND', 'invoiceNotFound');
  return { xml: r.xml ?? (await legacyRecordXml(q, r.id, softwareIdentity(config))), storeId: r.store_id };
}

/**
 * The PDF of an order's invoice, by number: the order id is the capability. An annulled invoice is
 * no invoice of the order: refused (404 INVOICE_ANNULLED) unless `annulled` is allowed (staff
 * keeping the books).
 */
export async function orderInvoicePdf(
  q: Queryable,
  orderId: string,
  number: string,
  opts: { annulled?: boolean } = {},
): Promise<string> {
  const { rows } = await q.query<{ pdf_file_id: string; annulled: boolean }>(
    `SELECT i.pdf_file_id, EXISTS (SELECT 1 FROM invoice_annulments a WHERE a.invoice_id = i.id) AS annulled
     FROM invoices i WHERE i.order_id = $1 AND i.full_number = $2`,
    [orderId, number],
  );
  if (!rows[0]) throw fail(404, 'INVOICE_NOT_FOUND', 'invoiceNotFound');
  if (rows[0].annulled && !opts.annulled) throw fail(404, 'INVOICE_ANNULLED', 'invoiceAnnulled');
  return rows[0].pdf_file_id;
}

interface ChainRow {
  id: number;
  record_type: 'alta' | 'anulacion';
  issuer_nif: string;
  invoice_number: string;
  issue_date: string;
  invoice_type: string | null;
  cuota_total: string | null;
  importe_total: string | null;
  previous_id: number | null;
  previous_hash: string;
  hash: string;
  generated_at: string;
  full_number: string;
  kind: string;
  invoice_issue_date: string;
  vat_cents: number;
  total_cents: number;
}

const VERIFY_BATCH = 1000;

/**
 * Recomputes the whole chain from the first record, a page at a time (altas and anulaciones alike),
 * checks that every record still matches its invoice (number, type, date, VAT and total), and
 * re-hashes every PDF against the SHA-256 stored when it was issued.
 */
export async function verifyStoredChain(q: Queryable, files?: FileService): Promise<ChainVerificationResult> {
  const verifier = new ChainVerifier();
  let mismatchId: number | undefined;
  let after = 0;
  for (;;) {
    const { rows } = await q.query<ChainRow>(
      `SELECT r.id, r.record_type, r.issuer_nif, r.invoice_number, r.issue_date, r.invoice_type, r.cuota_total,
              r.importe_total, r.previous_id, r.previous_hash, r.hash, r.generated_at,
              i.full_number, i.kind, to_char(i.issue_date, 'DD-MM-YYYY') AS invoice_issue_date, i.vat_cents, i.total_cents
       FROM verifactu_records r JOIN invoices i ON i.id = r.invoice_id
       WHERE r.id > $1 ORDER BY r.id LIMIT $2`,
      [after, VERIFY_BATCH],
    );
    for (const r of rows) {
      verifier.push({
        id: r.id,
        recordType: r.record_type,
        issuerNif: r.issuer_nif,
        invoiceNumber: r.invoice_number,
        issueDate: r.issue_date,
        invoiceType: r.invoice_type ?? '',
        cuotaTotal: r.cuota_total ?? '',
        importeTotal: r.importe_total ?? '',
        previousId: r.previous_id,
        previousHash: r.previous_hash,
        hash: r.hash,
        generatedAt: r.generated_at,
      });
      const sameInvoice = r.invoice_number === r.full_number && r.issue_date === r.invoice_issue_date;
      const matches =
        sameInvoice &&
        (r.record_type === 'anulacion' ||
          (r.invoice_type === r.kind &&
            r.cuota_total === amountText(r.vat_cents) &&
            r.importe_total === amountText(r.total_cents)));
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
  const pdfMismatches = files ? await verifyPdfs(q, files) : [];
  const chainOk = !Number.isFinite(firstBrokenId);
  return {
    ok: chainOk && pdfMismatches.length === 0,
    records: result.records,
    ...(chainOk ? {} : { firstBrokenId }),
    ...(pdfMismatches.length ? { pdfMismatches } : {}),
  };
}

/** Invoices whose PDF bytes no longer hash to the SHA-256 taken at issue (or are gone). */
async function verifyPdfs(q: Queryable, files: FileService): Promise<string[]> {
  const bad: string[] = [];
  let after = 0;
  for (;;) {
    const { rows } = await q.query<{
      id: number;
      full_number: string;
      pdf_file_id: string;
      pdf_sha256: string;
    }>(
      `SELECT id, full_number, pdf_file_id, pdf_sha256 FROM invoices
       WHERE id > $1 AND pdf_sha256 IS NOT NULL ORDER BY id LIMIT 200`,
      [after],
    );
    for (const r of rows) {
      const file = await files.find(q, r.pdf_file_id);
      const bytes = file ? await files.bytes(file) : null;
      if (!bytes || createHash('sha256').update(bytes).digest('hex') !== r.pdf_sha256)
        bad.push(r.full_number);
    }
    if (rows.length < 200) break;
    after = rows[rows.length - 1]!.id;
  }
  return bad;
}
