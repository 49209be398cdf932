import { centsToEuros, formatEuros } from '@shop/contracts/money';
import type { Queryable } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { type InvoiceDeps, type IssuedInvoice, rectifyForCancellation } from '../invoices/index.ts';
import { type CheckoutEffects, flagOrder, lockOrder, transition } from '../orders/index.ts';
import type { RedsysRest } from './gateway-rest.ts';
import { type RefundableAttempt, type RefundRow, refundById } from './refund-records.ts';
import type { PaymentLog } from './service.ts';

/**
 * What follows a refund's verdict when the refund is a cancellation's (payments/cancellation.ts
 * starts it, payments/refunds.ts records the verdict and calls these). Apart from both, so
 * neither imports the other.
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
  let rectificativa: IssuedInvoice | null = null;
  await tx.query('SAVEPOINT cancel_after_refund');
  try {
    rectificativa = await rectifyForCancellation(
      tx,
      deps.invoices,
      orderId,
      refund.requested_by,
      refund.reason,
    );
    if (rectificativa) {
      await tx.query('UPDATE payment_refunds SET invoice_id = $2 WHERE id = $1', [
        refund.id,
        rectificativa.id,
      ]);
    }
    // The gateway has given the money back: the shop finishes the cancellation staff asked for.
    await transition(
      tx,
      order,
      'cancelled',
      { kind: 'system', name: refund.requested_by },
      `${refund.reason} · ${back}`,
    );
    await tx.query('RELEASE SAVEPOINT cancel_after_refund');
  } catch (err) {
    await tx.query('ROLLBACK TO SAVEPOINT cancel_after_refund');
    await tx.query('RELEASE SAVEPOINT cancel_after_refund');
    await flagOrder(
      tx,
      orderId,
      `Cancelación a medias: ${back}, pero el pedido no se ha cancelado; vuelva a cancelarlo`,
    );
    deps.log.error(
      { err, orderId, refundId: refund.id },
      'refund accepted but the order could not be cancelled',
    );
    return;
  }
  await deps.effects().orderCancelled(tx, orderId, mailInvoice(rectificativa));
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
