import type { OrderStatus } from '@shop/contracts/orders';
import type { Queryable } from '../../db/client.ts';
import { fail, notFound } from '../../lib/errors.ts';

/** The columns a state change needs, read under a row lock. */
export interface LockedOrder {
  id: string;
  status: OrderStatus;
  store_id: number;
  image_id: string | null;
  origin: 'false' | 'screen';
  /** Paid (paid_at set): a pay-at-store order may be paid while still 'to_pay_at_store'. */
  paid: boolean;
}

/**
 * Reads an order FOR UPDATE: concurrent requests on the same order queue behind each other, so
 * every check-then-change below is atomic.
 */
export async function lockOrder(tx: Queryable, id: string): Promise<LockedOrder> {
  const { rows } = await tx.query<LockedOrder>(
    'SELECT id, status, store_id, image_id, origin, paid_at IS NOT NULL AS paid FROM orders WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!rows[0]) throw notFound('ORDER_NOT_FOUND', 'orderNotFound');
  return rows[0];
}

/** 409 unless the order is in one of the given states. */
export function expectStatus(order: LockedOrder, allowed: readonly OrderStatus[]): void {
  if (!allowed.includes(order.status)) throw fail(409, 'ORDER_STATE', 'orderStateConflict');
}

/**
 * 409 unless the customer may still change the order in this state: one of the given states, and
 * not paid (after payment the design, price and data are frozen, whatever the state says).
 */
export function expectOpen(order: LockedOrder, allowed: readonly OrderStatus[]): void {
  expectStatus(order, allowed);
  if (order.paid) throw fail(409, 'ORDER_STATE', 'paymentAlreadySettled');
}

/** Records a change of state in the order and in its timeline. */
export async function moveTo(
  tx: Queryable,
  order: LockedOrder,
  to: OrderStatus,
  actor: string,
  note: string | null = null,
): Promise<void> {
  if (order.status === to) return;
  await tx.query('UPDATE orders SET status = $2, updated_at = now() WHERE id = $1', [order.id, to]);
  await tx.query(
    'INSERT INTO order_events (order_id, from_status, to_status, actor, note) VALUES ($1, $2, $3, $4, $5)',
    [order.id, order.status, to, actor, note],
  );
  order.status = to;
}
