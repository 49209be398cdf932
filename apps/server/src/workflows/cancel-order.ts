import type { StaffUser } from '@shop/contracts/auth';
import { messages } from '@shop/contracts/messages';
import { centsToEuros, formatEuros } from '@shop/contracts/money';
import type { Database, Queryable } from '../db/client.ts';
import { AppError, fail } from '../lib/errors.ts';
import { requireStoreAccess } from '../modules/auth/index.ts';
import { rectifyForCancellation } from '../modules/invoices/index.ts';
import {
  byStaff,
  changeStatusByStaff,
  expectTransition,
  lockOrder,
  orderStatusOf,
  orderStoreId,
  payableOrder,
} from '../modules/orders/index.ts';
import {
  askGateway,
  insertPendingRefund,
  nextCancellationKey,
  onlineDue,
  pendingCancellation,
  type RefundableAttempt,
  type RefundRow,
  WAIT_FOR_PENDING_REFUND_MS,
} from '../modules/payments/index.ts';
import { finish, resumeRefund, sleep } from './refund.ts';
import { mailInvoice, type RefundDeps } from './refund-outcomes.ts';

/**
 * Cancelling an order gives back what it paid, before anything else:
 *
 * - paid online (card, Bizum): the refund of everything left of the payment that paid it, through
 *   the three phases of any refund (refund.ts), its row keyed `cancel:<order>:<n>`. The
 *   gateway's acceptance, in phase 3's transaction, issues the rectificativa, cancels the order
 *   and queues the cancellation mail (rectificativa attached, the refund stated as done). A
 *   refusal cancels nothing: the order keeps its state and invoice, is flagged 'requiere
 *   atención' and shows on the payments screen; staff get the gateway's reason; the customer gets
 *   no mail. A process that dies between the phases leaves the row pending, which the
 *   reconciliation (or the same cancellation asked again) completes: see resumeRefund.
 * - paid at the counter: the clerk hands the cash back; the cancellation's timeline line says how
 *   much went back, by whom (its actor) and when, and the rectificativa is issued after it.
 * - unpaid: cancelled as before.
 */

export type CancelDeps = RefundDeps;

/**
 * A cancellation that needs no gateway, in the caller's transaction (the bulk change runs several
 * in one): refused (409) while the order has an online payment to give back or being given back.
 * Returns false when the order was cancelled already.
 */
export async function cancelInTransaction(
  tx: Queryable,
  deps: Pick<CancelDeps, 'invoices' | 'effects'>,
  orderId: string,
  staff: StaffUser,
  note: string | null,
): Promise<boolean> {
  requireStoreAccess(staff, await orderStoreId(tx, orderId));
  const order = await lockOrder(tx, orderId);
  if (order.status === 'cancelled') return false;
  if (await pendingCancellation(tx, orderId)) throw fail(409, 'REFUND_IN_PROGRESS', 'refundInProgress');
  if (await onlineDue(tx, orderId)) throw fail(409, 'ORDER_STATE', 'cancelNeedsRefund');
  const payable = await payableOrder(tx, orderId);
  const cash =
    order.paid && payable.payment_method === 'paystore'
      ? `Importe devuelto en la tienda: ${formatEuros(centsToEuros(payable.price_cents + payable.shipping_cents))}`
      : null;
  // The money went back first (counter) or before (refunds already made); the rectificativa follows.
  expectTransition(order, 'cancelled', byStaff(staff));
  const rectificativa = await rectifyForCancellation(
    tx,
    deps.invoices,
    orderId,
    staff,
    note || 'Pedido cancelado',
  );
  const changed = await changeStatusByStaff(
    tx,
    orderId,
    staff,
    'cancelled',
    [note, cash].filter(Boolean).join(' · ') || null,
  );
  if (changed) await deps.effects().orderCancelled(tx, orderId, mailInvoice(rectificativa));
  return changed;
}

type Step =
  | { done: true }
  | { wait: true }
  | { resume: number }
  | { refund: RefundRow; attempt: RefundableAttempt };

/**
 * Staff cancel an order (see the file's comment). Resolves once the order is cancelled; throws
 * 409 CANCEL_REFUND_FAILED, with the gateway's reason, when the refund was refused.
 */
export async function cancelOrder(
  db: Database,
  deps: CancelDeps,
  orderId: string,
  staff: StaffUser,
  note: string | null,
): Promise<void> {
  const deadline = Date.now() + WAIT_FOR_PENDING_REFUND_MS;
  for (;;) {
    const step = await db.transaction(async (tx): Promise<Step> => {
      requireStoreAccess(staff, await orderStoreId(tx, orderId));
      const order = await lockOrder(tx, orderId);
      if (order.status === 'cancelled') return { done: true };
      const pending = await pendingCancellation(tx, orderId);
      if (pending) return pending.stale ? { resume: pending.id } : { wait: true };
      const due = await onlineDue(tx, orderId);
      if (!due) {
        await cancelInTransaction(tx, deps, orderId, staff, note);
        return { done: true };
      }
      expectTransition(order, 'cancelled', byStaff(staff));
      if (!deps.rest.refund) throw fail(409, 'REFUND_NOT_POSSIBLE', 'refundGatewayNotConfigured');
      const refund = await insertPendingRefund(tx, due.attempt, {
        orderId,
        key: await nextCancellationKey(tx, orderId),
        amountCents: due.cents,
        reason: note || 'Pedido cancelado',
        actor: `staff:${staff.email}`,
      });
      return { refund, attempt: due.attempt };
    });
    if ('done' in step) return;
    if ('wait' in step) {
      if (Date.now() > deadline) throw fail(409, 'REFUND_IN_PROGRESS', 'refundInProgress');
      await sleep(100);
      continue;
    }
    const result =
      'resume' in step
        ? await resumeRefund(db, deps, step.resume)
        : await finish(
            db,
            deps,
            step.refund,
            step.attempt,
            await askGateway(deps, step.attempt, step.refund.amount_cents),
          );
    if (result.status === 'failed') {
      throw new AppError(
        409,
        'CANCEL_REFUND_FAILED',
        messages.cancelRefundFailed.replace('{reason}', result.message),
      );
    }
    if ((await orderStatusOf(db, orderId)) !== 'cancelled') {
      throw fail(409, 'ORDER_STATE', 'cancelAfterRefundFailed');
    }
    return;
  }
}
