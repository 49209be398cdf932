import type { Queryable } from '../../db/client.ts';

/** What the payments forget on schedule, and what they keep an order for. */

/** How long a payment notification that failed verification is kept (docs/operations.md). */
export const UNVERIFIED_NOTIFICATION_DAYS = 30;

/** Which of these orders reached the payment gateway: the payment records point at them. */
export async function ordersWithPaymentAttempts(
  tx: Queryable,
  orderIds: readonly string[],
): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const { rows } = await tx.query<{ order_id: string }>(
    'SELECT DISTINCT order_id FROM payment_attempts WHERE order_id = ANY($1::uuid[])',
    [orderIds],
  );
  return new Set(rows.map((r) => r.order_id));
}

/**
 * Notifications that failed verification (forged, garbled, or a terminal set up wrongly) go
 * UNVERIFIED_NOTIFICATION_DAYS after they arrived; verified ones are the payments' records.
 */
export async function purgeUnverifiedNotifications(tx: Queryable, now: Date): Promise<number> {
  const { rowCount } = await tx.query(
    `DELETE FROM payment_notifications
     WHERE NOT verified AND received_at < $1::timestamptz - make_interval(days => $2)`,
    [now.toISOString(), UNVERIFIED_NOTIFICATION_DAYS],
  );
  return rowCount ?? 0;
}
