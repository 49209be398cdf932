import type { StaffUser } from '@shop/contracts/auth';
import type { InvoiceKind } from '@shop/contracts/invoices';
import { eurosToCents } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import { caseProductName } from '@shop/contracts/product';
import type { Database, Queryable } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { requireStoreAccess } from '../auth/index.ts';
import { getOrder, lockOrder } from '../orders/index.ts';
import { buildInvoiceAmounts } from './amounts.ts';
import { findInvoiceRequest, requestedFiscalIdentity } from './fiscal-requests.ts';
import { issue } from './issue.ts';
import { invoicesOfOrders } from './order-invoices.ts';
import { stripControlChars } from './pdf-text.ts';
import type { InvoiceActor, InvoiceDeps, IssuedInvoice } from './types.ts';

/** The invoice of a paid order: on payment, or when staff press the button for an older order. */

/** The order's lines as sold: the case in its type and colour, and the delivery when there is one. */
function orderAmounts(order: Order) {
  const items = [
    {
      description: stripControlChars(caseProductName(order.brand, order.model, order.caseType, order.colour)),
      totalCents: eurosToCents(order.total),
    },
  ];
  const shippingCents = eurosToCents(order.shipping);
  if (shippingCents > 0) items.push({ description: 'Envío a domicilio', totalCents: shippingCents });
  return buildInvoiceAmounts(items);
}

/**
 * The invoice of a paid order, issued in the caller's transaction (the one that marks it paid): an
 * F1 when the customer asked for a full invoice, else an F2. Returns the order's existing invoice
 * when it has one, so it may be called again. The caller holds the order's lock.
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
  const order = await getOrder(tx, orderId, { invoices: invoicesOfOrders });
  if (!order.paidAt || order.status === 'cancelled') throw fail(409, 'ORDER_STATE', 'invoiceNeedsPayment');
  const request = await findInvoiceRequest(tx, orderId);
  const { lines, totals } = orderAmounts(order);
  return issue(tx, deps, {
    order,
    kind: request ? 'F1' : 'F2',
    lines,
    totals,
    fiscal: request ? requestedFiscalIdentity(request) : null,
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
