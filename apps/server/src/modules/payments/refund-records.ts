import type { Queryable } from '../../db/client.ts';
import { REST_TIMEOUT_MS } from './gateway-rest.ts';

/** The rows of payment_refunds and what is read from them (see refunds.ts for the three phases). */

/** Ds_Response of a refund the gateway accepted. */
export const REFUND_ACCEPTED = '0900';

export interface RefundRow {
  id: number;
  attempt_id: number;
  order_id: string;
  idempotency_key: string;
  amount_cents: number;
  reason: string;
  requested_by: string;
  status: 'pending' | 'refunded' | 'failed';
  ds_response: string | null;
  error_code: string | null;
  error_message: string | null;
  /** Pending for longer than any request to the gateway lasts: its process died on the way. */
  stale: boolean;
}

export interface RefundableAttempt {
  id: number;
  gateway_order: string;
  amount_cents: number;
  method: 'card' | 'bizum';
  mismatch: string | null;
  taken_cents: number;
}

/** Cents refunded on the order so far (accepted refunds only). */
export async function refundedCents(q: Queryable, orderId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT coalesce(sum(amount_cents), 0)::int AS n FROM payment_refunds
     WHERE order_id = $1 AND status = 'refunded'`,
    [orderId],
  );
  return rows[0]!.n;
}

/** The order's paid attempts with what is already refunded or being refunded on each. */
export async function refundableAttempts(q: Queryable, orderId: string): Promise<RefundableAttempt[]> {
  const { rows } = await q.query<RefundableAttempt>(
    `SELECT a.id, a.gateway_order, a.amount_cents, a.method, a.mismatch,
            coalesce((SELECT sum(r.amount_cents) FROM payment_refunds r
                      WHERE r.attempt_id = a.id AND r.status IN ('pending', 'refunded')), 0)::int AS taken_cents
     FROM payment_attempts a WHERE a.order_id = $1 AND a.status = 'paid' ORDER BY a.id`,
    [orderId],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * How long a refund may stay pending while its request is with the gateway: the REST timeout and a
 * margin. Older, it was left by a process that died between the phases: the next ask completes it.
 */
export const STALE_REFUND_SECONDS = REST_TIMEOUT_MS / 1000 + 15;

/**
 * How long a repeated request waits for the first one's verdict before answering 409: past the
 * point where a refund left by a dead process is stale, so the repeat always finishes it.
 */
export const WAIT_FOR_PENDING_REFUND_MS = (STALE_REFUND_SECONDS + 5) * 1000;

export const SELECT_REFUND = `SELECT id, attempt_id, order_id, idempotency_key, amount_cents, reason, requested_by,
    status, ds_response, error_code, error_message,
    created_at < now() - make_interval(secs => ${STALE_REFUND_SECONDS}) AS stale
  FROM payment_refunds`;

export const asRefund = (r: RefundRow): RefundRow => ({
  ...r,
  id: Number(r.id),
  attempt_id: Number(r.attempt_id),
});

export async function refundById(q: Queryable, id: number): Promise<RefundRow> {
  const { rows } = await q.query<RefundRow>(`${SELECT_REFUND} WHERE id = $1`, [id]);
  return asRefund(rows[0]!);
}

/** Writes a refund 'pending' (phase 1), in the caller's transaction with the order locked. */
export async function insertPendingRefund(
  tx: Queryable,
  attempt: RefundableAttempt,
  input: { orderId: string; key: string; amountCents: number; reason: string; actor: string },
): Promise<RefundRow> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO payment_refunds (attempt_id, order_id, idempotency_key, amount_cents, reason, requested_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [attempt.id, input.orderId, input.key, input.amountCents, input.reason.slice(0, 500), input.actor],
  );
  return refundById(tx, Number(rows[0]!.id));
}

/** A refund asked by a cancellation: accepted, it cancels the order (see cancellation.ts). */
export const CANCELLATION_KEY = 'cancel:';
export const isCancellationRefund = (row: Pick<RefundRow, 'idempotency_key'>): boolean =>
  row.idempotency_key.startsWith(CANCELLATION_KEY);
