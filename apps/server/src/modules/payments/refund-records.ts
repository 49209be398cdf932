import type { Queryable } from '../../db/client.ts';
import { REST_TIMEOUT_MS } from './gateway-rest.ts';

/** The rows of payment_refunds, read and written (workflows/refund.ts runs the three phases). */

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

/** The gateway's verdict on a refund (phase 2, refund-gateway.ts), as phase 3 records it. */
export interface Verdict {
  status: 'refunded' | 'failed';
  dsResponse: string | null;
  errorCode: string | null;
  errorMessage: string | null;
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

/** The order's refund asked with this idempotency key, or null (phase 1, the order locked). */
export async function refundByKey(q: Queryable, orderId: string, key: string): Promise<RefundRow | null> {
  const { rows } = await q.query<RefundRow>(`${SELECT_REFUND} WHERE order_id = $1 AND idempotency_key = $2`, [
    orderId,
    key,
  ]);
  return rows[0] ? asRefund(rows[0]) : null;
}

/** The order a refund belongs to, or null when there is no such refund. */
export async function orderOfRefund(q: Queryable, id: number): Promise<string | null> {
  const { rows } = await q.query<{ order_id: string }>('SELECT order_id FROM payment_refunds WHERE id = $1', [
    id,
  ]);
  return rows[0]?.order_id ?? null;
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

/**
 * Phase 3: records the verdict on a refund still pending. Returns false when another process
 * recorded one first (the refund's consequences are then that process's).
 */
export async function recordRefundVerdict(tx: Queryable, id: number, verdict: Verdict): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE payment_refunds
     SET status = $2, ds_response = $3, error_code = $4, error_message = $5, finished_at = now()
     WHERE id = $1 AND status = 'pending'`,
    [id, verdict.status, verdict.dsResponse, verdict.errorCode, verdict.errorMessage],
  );
  return rowCount > 0;
}

/** Links an accepted refund to the rectificativa issued for it. */
export async function setRefundInvoice(tx: Queryable, id: number, invoiceId: number): Promise<void> {
  await tx.query('UPDATE payment_refunds SET invoice_id = $2 WHERE id = $1', [id, invoiceId]);
}

/** The rectificativa issued with the refund (the invoices module's id), or null. */
export async function refundInvoiceId(q: Queryable, id: number): Promise<number | null> {
  const { rows } = await q.query<{ invoice_id: number | null }>(
    'SELECT invoice_id FROM payment_refunds WHERE id = $1',
    [id],
  );
  return rows[0]?.invoice_id ?? null;
}

/** Refunds pending for longer than `olderThanSeconds`, oldest first, at most `limit`. */
export async function stalePendingRefunds(
  q: Queryable,
  olderThanSeconds: number,
  limit: number,
): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    `SELECT id FROM payment_refunds
     WHERE status = 'pending' AND created_at < now() - make_interval(secs => $1)
     ORDER BY created_at LIMIT $2`,
    [olderThanSeconds, limit],
  );
  return rows.map((r) => Number(r.id));
}
