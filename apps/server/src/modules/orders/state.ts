import type { StaffUser } from '@shop/contracts/auth';
import type { MessageKey } from '@shop/contracts/messages';
import {
  canTransition,
  isPlaced,
  type MoveCondition,
  type OrderActor,
  type OrderStatus,
  unmetCondition,
} from '@shop/contracts/order-lifecycle';
import type { Queryable } from '../../db/client.ts';
import { fail, forbidden, notFound } from '../../lib/errors.ts';
import { recordOrderEvent } from './events.ts';

/** The columns a state change needs, read under a row lock. */
export interface LockedOrder {
  id: string;
  status: OrderStatus;
  store_id: number;
  image_id: string | null;
  origin: 'false' | 'screen';
  /** Paid (paid_at set): a pay-at-store order may be paid while still 'to_pay_at_store'. */
  paid: boolean;
  is_home_delivery: boolean;
}

/**
 * Reads an order FOR UPDATE: concurrent requests on the same order queue behind each other, so
 * every check-then-change below is atomic.
 */
export async function lockOrder(tx: Queryable, id: string): Promise<LockedOrder> {
  const { rows } = await tx.query<LockedOrder>(
    `SELECT id, status, store_id, image_id, origin, paid_at IS NOT NULL AS paid, is_home_delivery
     FROM orders WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!rows[0]) throw notFound('ORDER_NOT_FOUND', 'orderNotFound');
  return rows[0];
}

/** 409 unless the order's state passes the rule (one of the life cycle's, `order-lifecycle.ts`). */
export function expectStatus(order: LockedOrder, rule: (s: OrderStatus) => boolean): void {
  if (!rule(order.status)) throw fail(409, 'ORDER_STATE', 'orderStateConflict');
}

/**
 * 409 unless the customer may still change the order in this state: the rule holds, and the order
 * is not paid (after payment the design, price and data are frozen, whatever the state says).
 */
export function expectOpen(order: LockedOrder, rule: (s: OrderStatus) => boolean): void {
  expectStatus(order, rule);
  if (order.paid) throw fail(409, 'ORDER_STATE', 'paymentAlreadySettled');
}

/** Who asks for a move, as the server knows them; the timeline names them (`moverName`). */
export type Mover =
  /** The customer's own step; `phone` when it came through an upload link. */
  | { kind: 'customer'; via?: 'phone' }
  | { kind: 'gateway' }
  | { kind: 'staff'; staff: Pick<StaffUser, 'email' | 'role' | 'storeId'> }
  /** The shop finishing a move someone asked for; `name` is who asked (the timeline's actor). */
  | { kind: 'system'; name: string };

export const byCustomer: Mover = { kind: 'customer' };
export const byGateway: Mover = { kind: 'gateway' };
export const byStaff = (staff: Pick<StaffUser, 'email' | 'role' | 'storeId'>): Mover => ({
  kind: 'staff',
  staff,
});

/** The timeline's `actor` (and `paid_by`): customer, phone, gateway, `staff:<e-mail>`. */
export function moverName(by: Mover): string {
  switch (by.kind) {
    case 'customer':
      return by.via ?? 'customer';
    case 'gateway':
      return 'gateway';
    case 'staff':
      return `staff:${by.staff.email}`;
    case 'system':
      return by.name;
  }
}

/** The table's actor for this order: staff of another store are none of its actors (403). */
function actorOf(by: Mover, order: LockedOrder): OrderActor {
  if (by.kind !== 'staff') return by.kind;
  if (by.staff.role === 'admin') return 'admin';
  if (by.staff.storeId === order.store_id) return 'storeStaff';
  throw forbidden();
}

/** What staff are told when a move's condition is not met. */
const UNMET: Record<MoveCondition, MessageKey> = {
  pickup: 'useShipped',
  homeDelivery: 'useReady',
  paid: 'deliverNeedsPayment',
};

/**
 * Throws unless the life cycle's table lets this mover take the order from its state to `to`:
 * 409 ORDER_TRANSITION_NOT_ALLOWED for a move the table does not have for them, 409 ORDER_STATE
 * with the precise message for a condition the order does not meet (pickup, delivery, paid).
 */
export function expectTransition(order: LockedOrder, to: OrderStatus, by: Mover): void {
  if (!canTransition(order.status, to, actorOf(by, order))) {
    throw fail(409, 'ORDER_TRANSITION_NOT_ALLOWED', 'orderTransitionNotAllowed');
  }
  const unmet = unmetCondition(order.status, to, {
    isHomeDelivery: order.is_home_delivery,
    paid: order.paid,
  });
  if (unmet) throw fail(409, 'ORDER_STATE', UNMET[unmet]);
}

/**
 * The only way an order changes state: checks the move against the table (`expectTransition`),
 * then records it in the order, in its timeline and as domain events (`order.status_changed`,
 * and `order.placed` or `order.cancelled` when the move is one), all in the caller's transaction.
 * Staying in the same state is no move: it changes nothing and returns false. A refusal throws
 * before anything is written.
 */
export async function transition(
  tx: Queryable,
  order: LockedOrder,
  to: OrderStatus,
  by: Mover,
  note: string | null = null,
): Promise<boolean> {
  if (order.status === to) return false;
  expectTransition(order, to, by);
  await tx.query('UPDATE orders SET status = $2, updated_at = now() WHERE id = $1', [order.id, to]);
  await tx.query(
    'INSERT INTO order_events (order_id, from_status, to_status, actor, note) VALUES ($1, $2, $3, $4, $5)',
    [order.id, order.status, to, moverName(by), note],
  );
  const from = order.status;
  const actor = moverName(by);
  await recordOrderEvent(tx, { type: 'order.status_changed', subject: order.id, from, to, by: actor });
  if (!isPlaced(from) && isPlaced(to)) {
    await recordOrderEvent(tx, { type: 'order.placed', subject: order.id, status: to, by: actor });
  }
  if (to === 'cancelled') {
    await recordOrderEvent(tx, {
      type: 'order.cancelled',
      subject: order.id,
      from,
      by: actor,
      paid: order.paid,
    });
  }
  order.status = to;
  return true;
}
