import type { StaffUser } from '@shop/contracts/auth';
import type { Order } from '@shop/contracts/orders';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { fail, forbidden, notFound } from '../../lib/errors.ts';
import type { OrderInvoices } from './order-read.ts';
import { ownerHashOf } from './photo-service.ts';
import { getOrder } from './service.ts';

/**
 * Who is acting on an order. The visitor session that created it owns it; staff of its store and
 * admins act on it from the back office. Holding the order id alone is not enough: it travels in
 * places (a forwarded mail, a screenshot) its customer never meant as a key.
 */
export interface OrderAccess {
  /** The caller's visitor session created the order. */
  owner: boolean;
  /** The caller is staff allowed on the order's store (admin: every store); null otherwise. */
  staff: StaffUser | null;
}

/**
 * The caller's right on the order, or the refusal: 404 when there is no such order, 403
 * ORDER_NOT_OWNED for a visitor session that did not create it (an order made before orders had
 * owners has none: staff and its tracking link only), 403 FORBIDDEN for staff of another store.
 *
 * 403 rather than 404: an order id cannot be guessed, so saying it exists tells nobody anything
 * they could use, while the customer who opens it in another browser (or after clearing cookies)
 * is told what happened and where their tracking link is, instead of that the order is gone.
 */
export async function orderAccess(
  q: Queryable,
  req: Pick<FastifyRequest, 'visitorId' | 'staff'>,
  orderId: string,
): Promise<OrderAccess> {
  const { rows } = await q.query<{ owner_hash: string | null; store_id: number }>(
    'SELECT owner_hash, store_id FROM orders WHERE id = $1',
    [orderId],
  );
  const order = rows[0];
  if (!order) throw notFound('ORDER_NOT_FOUND', 'orderNotFound');
  const owner = order.owner_hash !== null && order.owner_hash === ownerHashOf(req.visitorId);
  const staff = req.staff;
  const staffAllowed = staff !== null && (staff.role === 'admin' || staff.storeId === order.store_id);
  if (owner || staffAllowed) return { owner, staff: staffAllowed ? staff : null };
  if (staff) throw forbidden();
  throw fail(403, 'ORDER_NOT_OWNED', 'orderNotOwned');
}

/**
 * The order as this caller may read it: who recorded the payment is the shop's business (staff
 * only); the tracking token is the customer's to keep or share (the owner only).
 */
export function orderView(order: Order, access: OrderAccess): Order {
  return {
    ...order,
    paidBy: access.staff ? order.paidBy : null,
    trackingToken: access.owner ? order.trackingToken : null,
  };
}

/** The order as this caller may read it, fresh from the database. */
export async function readOrderFor(
  q: Queryable,
  orderId: string,
  access: OrderAccess,
  invoices: OrderInvoices,
): Promise<Order> {
  return orderView(await getOrder(q, orderId, { trackingToken: access.owner, invoices }), access);
}
