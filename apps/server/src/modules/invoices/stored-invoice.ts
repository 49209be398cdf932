import type { InvoiceKind } from '@shop/contracts/invoices';
import type { Queryable } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { lockOrder } from '../orders/index.ts';

/** An issued invoice as issuing, correcting, exchanging and annulling read it. */
export interface StoredInvoice {
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
export async function currentInvoice(q: Queryable, orderId: string): Promise<StoredInvoice | null> {
  const { rows } = await q.query<StoredInvoice>(
    `${STORED_INVOICE} WHERE i.order_id = $1 AND i.kind IN ('F1', 'F2', 'F3') ORDER BY i.id DESC`,
    [orderId],
  );
  const live = rows.find((r) => !r.replaced);
  return live && !live.annulled ? live : null;
}

/** What is left to rectify of an invoice: its total plus its rectificativas (negative). */
export async function remainingCents(q: Queryable, invoice: StoredInvoice) {
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

/** An invoice by its number (404 when there is none), with its order locked when asked. */
export async function invoiceByNumber(q: Queryable, number: string, lock = false): Promise<StoredInvoice> {
  const { rows } = await q.query<StoredInvoice>(`${STORED_INVOICE} WHERE i.full_number = $1`, [number]);
  const inv = rows[0];
  if (!inv) throw fail(404, 'INVOICE_NOT_FOUND', 'invoiceNotFound');
  if (lock) await lockOrder(q, inv.order_id);
  return inv;
}
