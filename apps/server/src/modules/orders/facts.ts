import type { Queryable } from '../../db/client.ts';

/**
 * What other modules may know of an order without reading its table: its number, and whether the
 * sale happened (its payment is recorded, `paid_at`). Read as is, with no lock.
 */
export interface OrderFacts {
  orderNumber: number;
  paid: boolean;
}

/** The facts of each of these orders, by id, in one query (an id with no order is left out). */
export async function orderFacts(
  q: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, OrderFacts>> {
  const facts = new Map<string, OrderFacts>();
  if (orderIds.length === 0) return facts;
  const { rows } = await q.query<{ id: string; order_number: number; paid: boolean }>(
    'SELECT id, order_number, paid_at IS NOT NULL AS paid FROM orders WHERE id = ANY($1::uuid[])',
    [[...new Set(orderIds)]],
  );
  for (const r of rows) facts.set(r.id, { orderNumber: r.order_number, paid: r.paid });
  return facts;
}

/** Whether the order's payment is recorded (false when there is no such order). */
export async function isOrderPaid(q: Queryable, orderId: string): Promise<boolean> {
  const { rows } = await q.query<{ paid: boolean }>(
    'SELECT paid_at IS NOT NULL AS paid FROM orders WHERE id = $1',
    [orderId],
  );
  return rows[0]?.paid ?? false;
}
