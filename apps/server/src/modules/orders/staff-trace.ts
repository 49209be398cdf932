import type { Queryable } from '../../db/client.ts';

/** Whether a staff member (as `staff:<email>`) changed or cashed an order: the history names them. */
export async function ordersNameStaff(q: Queryable, actor: string): Promise<boolean> {
  const { rows } = await q.query<{ named: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM order_events WHERE actor = $1)
         OR EXISTS (SELECT 1 FROM orders WHERE paid_by = $1) AS named`,
    [actor],
  );
  return rows[0]?.named === true;
}
