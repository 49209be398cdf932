import type { StaffUser } from '@shop/contracts/auth';
import type { Dashboard } from '@shop/contracts/dashboard';
import { isPlaced, type OrderStatus, statusesWhere, waitsForPrint } from '@shop/contracts/order-lifecycle';
import { formatOrderNumber } from '@shop/contracts/order-number';
import { PICKUP_WAIT_ALERT_DAYS } from '@shop/contracts/tracking-rules';
import type { Queryable } from '../db/client.ts';
import { forbidden } from '../lib/errors.ts';

interface LineRow {
  id: string;
  order_number: number;
  store_name: string;
  status: OrderStatus;
  since: Date;
}

const line = (r: LineRow) => ({
  id: r.id,
  orderNumber: formatOrderNumber(r.order_number),
  storeName: r.store_name,
  status: r.status,
  since: r.since.toISOString(),
});

/** What needs doing today, for the back office's first page. */
export async function dashboard(
  q: Queryable,
  staff: StaffUser,
  storeId: number | undefined,
): Promise<Dashboard> {
  if (staff.role !== 'admin' && storeId !== undefined && storeId !== staff.storeId) throw forbidden();
  const store = staff.role === 'admin' ? (storeId ?? null) : (staff.storeId ?? -1);
  const admin = staff.role === 'admin';
  const [counts, ready, payments, notifications, aeat] = await Promise.all([
    q.query<{ today: number; waiting: number }>(
      `SELECT
         count(*) FILTER (WHERE o.status = ANY($2::text[])
           AND o.created_at >= (now() AT TIME ZONE 'Europe/Madrid')::date::timestamp AT TIME ZONE 'Europe/Madrid')::int AS today,
         count(*) FILTER (WHERE o.status = ANY($3::text[]))::int AS waiting
       FROM orders o WHERE ($1::int IS NULL OR o.store_id = $1)`,
      [store, statusesWhere(isPlaced), statusesWhere(waitsForPrint)],
    ),
    q.query<LineRow>(
      `SELECT o.id, o.order_number, s.name AS store_name, o.status, e.at AS since
       FROM orders o JOIN stores s ON s.id = o.store_id
       JOIN LATERAL (SELECT max(at) AS at FROM order_events WHERE order_id = o.id AND to_status = 'ready') e ON true
       WHERE o.status = 'ready' AND ($1::int IS NULL OR o.store_id = $1)
         AND e.at < now() - make_interval(days => $2)
       ORDER BY e.at LIMIT 50`,
      [store, PICKUP_WAIT_ALERT_DAYS],
    ),
    q.query<LineRow>(
      // Failed or stuck online payments of unpaid orders, and money taken that the order could no
      // longer take (a mismatched payment) while it is not all given back.
      `SELECT o.id, o.order_number, s.name AS store_name, o.status,
              coalesce(m.created_at, a.created_at) AS since
       FROM orders o JOIN stores s ON s.id = o.store_id
       JOIN LATERAL (SELECT status, created_at FROM payment_attempts WHERE order_id = o.id ORDER BY id DESC LIMIT 1) a ON true
       LEFT JOIN LATERAL (
         SELECT m.created_at FROM payment_attempts m
         WHERE m.order_id = o.id AND m.mismatch IS NOT NULL
           AND m.amount_cents > coalesce((SELECT sum(r.amount_cents) FROM payment_refunds r
                                          WHERE r.attempt_id = m.id AND r.status IN ('pending', 'refunded')), 0)
         ORDER BY m.id DESC LIMIT 1) m ON true
       WHERE ($1::int IS NULL OR o.store_id = $1)
         AND (m.created_at IS NOT NULL
              OR (o.paid_at IS NULL AND o.status = 'awaiting_payment'
                  AND (a.status = 'failed' OR (a.status = 'pending' AND a.created_at < now() - interval '1 hour'))
                  AND a.created_at > now() - interval '30 days'))
       ORDER BY since DESC LIMIT 50`,
      [store],
    ),
    admin
      ? q.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM payment_notifications WHERE NOT verified AND received_at > now() - interval '7 days'`,
        )
      : null,
    admin
      ? q.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM verifactu_records r
           WHERE r.state IN ('rejected', 'accepted_with_errors')
             AND NOT EXISTS (SELECT 1 FROM verifactu_records l WHERE l.invoice_id = r.invoice_id AND l.id > r.id)`,
        )
      : null,
  ]);
  return {
    todayOrders: counts.rows[0]?.today ?? 0,
    waitingForPrint: counts.rows[0]?.waiting ?? 0,
    readyTooLong: ready.rows.map(line),
    paymentsNeedingAttention: payments.rows.map(line),
    refusedNotifications: notifications?.rows[0]?.n ?? 0,
    aeatNotAccepted: aeat?.rows[0]?.n ?? 0,
  };
}
