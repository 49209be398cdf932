import type { Queryable } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { getOrder, lockOrder } from '../orders/index.ts';
import { type InvoiceLine, splitVatIncluded, VAT_RATE } from './amounts.ts';
import { type FiscalIdentity, issue } from './issue.ts';
import { invoicesOfOrders } from './order-invoices.ts';
import { stripControlChars } from './pdf-text.ts';
import { currentInvoice, remainingCents, type StoredInvoice } from './stored-invoice.ts';
import type { InvoiceActor, InvoiceDeps, IssuedInvoice } from './types.ts';

/** Rectificativas por diferencias (R5 of an F2, R1 of an F1 or F3): refunds, cancellations, admins. */

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
  const order = await getOrder(tx, input.orderId, { invoices: invoicesOfOrders });
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
