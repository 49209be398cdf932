import { centsToEuros, formatEuros } from '@shop/contracts/money';
import type { Queryable } from '../db/client.ts';
import { behindSavepoint } from '../db/savepoint.ts';
import type { Config } from '../env.ts';
import { type InvoiceDeps, type IssuedInvoice, rectifyForCancellation } from '../modules/invoices/index.ts';
import { type CheckoutEffects, flagOrder, lockOrder, transition } from '../modules/orders/index.ts';
import {
  type PaymentLog,
  type RedsysRest,
  type RefundableAttempt,
  type RefundRow,
  refundById,
  setRefundInvoice,
} from '../modules/payments/index.ts';

/**
 * What follows a refund's verdict when the refund is a cancellation's (cancel-order.ts starts it,
 * refund.ts records the verdict and calls these). Apart from both, so neither imports the other.
 */

export interface RefundDeps {
  config: Config;
  invoices: InvoiceDeps;
  rest: RedsysRest;
  log: PaymentLog;
  /** The customer's mails about the money (the order's milestones, app.ts wires the mail module's). */
  effects: () => CheckoutEffects;
}

/** The rectificativa as the mails attach it. */
export const mailInvoice = (i: IssuedInvoice | null) =>
  i ? { number: i.fullNumber, fileId: i.pdfFileId } : null;

/**
 * Phase 3 of a cancellation's accepted refund, in its transaction: the rectificativa of what is
 * left on the invoice, the order cancelled with a timeline line that says what went back, and the
 * mail. Behind a savepoint: the refund is recorded whatever happens here, and a cancellation that
 * cannot follow it leaves the order flagged for staff (cancelling it again finishes the job).
 */
export async function completeCancellation(
  tx: Queryable,
  deps: RefundDeps,
  refund: RefundRow,
  attempt: RefundableAttempt,
): Promise<void> {
  const orderId = refund.order_id;
  const order = await lockOrder(tx, orderId);
  if (order.status === 'cancelled') return;
  const back = `${formatEuros(centsToEuros(refund.amount_cents))} devueltos por ${attempt.method === 'bizum' ? 'Bizum' : 'tarjeta'} (Redsys)`;
  const done = await behindSavepoint(tx, 'cancel_after_refund', async () => {
    const rectificativa = await rectifyForCancellation(
      tx,
      deps.invoices,
      orderId,
      refund.requested_by,
      refund.reason,
    );
    if (rectificativa) await setRefundInvoice(tx, refund.id, rectificativa.id);
    // The gateway has given the money back: the shop finishes the cancellation staff asked for.
    await transition(
      tx,
      order,
      'cancelled',
      { kind: 'system', name: refund.requested_by },
      `${refund.reason} · ${back}`,
    );
    return rectificativa;
  });
  if (!done.ok) {
    await flagOrder(
      tx,
      orderId,
      `Cancelación a medias: ${back}, pero el pedido no se ha cancelado; vuelva a cancelarlo`,
    );
    deps.log.error(
      { err: done.err, orderId, refundId: refund.id },
      'refund accepted but the order could not be cancelled',
    );
    return;
  }
  await deps.effects().orderCancelled(tx, orderId, mailInvoice(done.value));
}

/** A cancellation's refund the gateway refused: nothing is cancelled, staff are told. */
export async function flagRefusedCancellation(tx: Queryable, refund: RefundRow): Promise<void> {
  const row = await refundById(tx, refund.id);
  await flagOrder(
    tx,
    refund.order_id,
    `Cancelación sin hacer: Redsys no ha devuelto ${formatEuros(centsToEuros(refund.amount_cents))} (${row.error_code ?? 'sin código'}); devuelve el pago desde Pagos o vuelve a cancelar`,
  );
}
