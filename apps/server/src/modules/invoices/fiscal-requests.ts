import type { StaffUser } from '@shop/contracts/auth';
import { parseTaxId } from '@shop/contracts/tax-id';
import type { Database, Queryable } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { requireStoreAccess } from '../auth/index.ts';
import { getOrder, lockOrder } from '../orders/index.ts';
import { type InvoiceLine, VAT_RATE } from './amounts.ts';
import { type FiscalIdentity, issue } from './issue.ts';
import { invoicesOfOrders } from './order-invoices.ts';
import { stripControlChars } from './pdf-text.ts';
import { currentInvoice, invoiceByNumber, remainingCents } from './stored-invoice.ts';
import type { InvoiceDeps, IssuedInvoice } from './types.ts';

/**
 * Full invoices for a customer with a tax id: the data asked for before payment (the paid order's
 * invoice is then an F1), and a simplified invoice exchanged later for a full one (an F3).
 */

export interface FiscalData {
  taxId: string;
  name: string;
  address: string;
  postalCode: string;
  city: string;
}

/** A row of invoice_requests: the recipient an order's full invoice will carry. */
export interface RequestRow {
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

/** The recipient of an invoice issued for a request's data. */
export function requestedFiscalIdentity(request: RequestRow): FiscalIdentity {
  return {
    taxId: request.tax_id,
    kind: request.tax_id_kind,
    country: request.country,
    name: request.name,
    address: fiscalAddress(request),
  };
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

/** The full-invoice request an order carries, if any. */
export async function findInvoiceRequest(q: Queryable, orderId: string): Promise<RequestRow | undefined> {
  const { rows } = await q.query<RequestRow>('SELECT * FROM invoice_requests WHERE order_id = $1', [orderId]);
  return rows[0];
}

/** The full-invoice data an order carries, for the data form. */
export async function getInvoiceRequest(q: Queryable, orderId: string): Promise<FiscalData | null> {
  const r = await findInvoiceRequest(q, orderId);
  return r
    ? { taxId: r.tax_id, name: r.name, address: r.address, postalCode: r.postal_code, city: r.city }
    : null;
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
    const order = await getOrder(tx, original.order_id, { invoices: invoicesOfOrders });
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
      fiscal: requestedFiscalIdentity(request),
      replaces: original,
      actor: requireStoreAccess(staff, order.store.id),
    });
  });
}
