import type { Queryable } from '../../db/client.ts';
import {
  asRefund,
  type RefundableAttempt,
  type RefundRow,
  refundableAttempts,
  SELECT_REFUND,
} from './refund-records.ts';

/**
 * The refunds a cancellation asks (workflows/cancel-order.ts): keyed `cancel:<order>:<n>`, so an
 * accepted one is known to cancel the order when its verdict is recorded.
 */

export const CANCELLATION_KEY = 'cancel:';

export const isCancellationRefund = (row: Pick<RefundRow, 'idempotency_key'>): boolean =>
  row.idempotency_key.startsWith(CANCELLATION_KEY);

/** The payment that paid the order, with what is still to give back of it; null when nothing is. */
export async function onlineDue(
  tx: Queryable,
  orderId: string,
): Promise<{ attempt: RefundableAttempt; cents: number } | null> {
  const paying = (await refundableAttempts(tx, orderId)).find((a) => a.mismatch === null);
  if (!paying) return null;
  const cents = paying.amount_cents - paying.taken_cents;
  return cents > 0 ? { attempt: paying, cents } : null;
}

/** The order's cancellation refund still pending (with the gateway, or left by a dead process). */
export async function pendingCancellation(tx: Queryable, orderId: string): Promise<RefundRow | null> {
  const { rows } = await tx.query<RefundRow>(
    `${SELECT_REFUND} WHERE order_id = $1 AND status = 'pending' AND idempotency_key LIKE $2 ORDER BY id LIMIT 1`,
    [orderId, `${CANCELLATION_KEY}%`],
  );
  return rows[0] ? asRefund(rows[0]) : null;
}

/** The idempotency key of the order's next cancellation refund (`cancel:<order>:<n>`). */
export async function nextCancellationKey(tx: Queryable, orderId: string): Promise<string> {
  const { rows } = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM payment_refunds WHERE order_id = $1 AND idempotency_key LIKE $2',
    [orderId, `${CANCELLATION_KEY}%`],
  );
  return `${CANCELLATION_KEY}${orderId}:${rows[0]!.n + 1}`;
}
