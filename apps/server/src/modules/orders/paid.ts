import type { Queryable } from '../../db/client.ts';
import type { CheckoutEffects } from './effects.ts';
import { recordOrderEvent } from './events.ts';
import { type LockedOrder, type Mover, moverName, transition } from './state.ts';

/** Who recorded a payment and what the timeline says about it. */
export interface PaymentRecord {
  /** The payment gateway's verified answer, or staff at the counter (`paid_by`: gateway, staff:<e-mail>). */
  by: Mover;
  note: string | null;
}

/**
 * Marks an order paid: the one place where money coming in is recorded, for both ways it comes in
 * (the gateway's notification for pay-now orders, the counter for pay-at-store orders), inside the
 * caller's transaction with the order row locked. Sets `paid_at` and `paid_by`, writes the timeline
 * issues the invoice (before the paid milestone, so the 'Pago recibido' mail carries it) and runs
 * the paid milestone. A pay-now order also moves to 'paid', the
 * step its status line waits at; a pay-at-store order keeps its state (it may be printed or ready
 * already) and gets a timeline line of kind 'paid'. The caller decides whether the order may be
 * paid now; this returns false and changes nothing when it has been paid already.
 */
export async function markOrderPaid(
  tx: Queryable,
  order: LockedOrder,
  payment: PaymentRecord,
  effects: CheckoutEffects,
): Promise<boolean> {
  const actor = moverName(payment.by);
  const { rows } = await tx.query<{ payment_method: string | null }>(
    `UPDATE orders SET paid_at = now(), paid_by = $2, updated_at = now()
     WHERE id = $1 AND paid_at IS NULL RETURNING payment_method`,
    [order.id, actor],
  );
  if (!rows[0]) return false;
  await recordOrderEvent(tx, { type: 'order.paid', subject: order.id, by: actor });
  if (rows[0].payment_method === 'paynow') {
    await transition(tx, order, 'paid', payment.by, payment.note);
  } else {
    await tx.query(
      `INSERT INTO order_events (order_id, from_status, to_status, actor, note, kind)
       VALUES ($1, $2, $2, $3, $4, 'paid')`,
      [order.id, order.status, actor, payment.note],
    );
  }
  await effects.issueInvoice(tx, order.id, actor);
  await effects.orderPaid(tx, order.id);
  return true;
}
