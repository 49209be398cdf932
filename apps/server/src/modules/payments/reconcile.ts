import type { Database } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { applyAuthorisation, handleNotification, type NotificationResult } from './notifications.ts';
import { PENDING_ATTEMPT_MINUTES } from './pending.ts';
import { type RefundDeps, refundMismatched } from './refunds.ts';
import type { AttemptRow } from './service.ts';

/**
 * Redsys does not resend a notification that was lost. Attempts still pending after the attempt
 * window are settled here:
 * - where the gateway's operation query is available (REDSYS_QUERY_URL, or the simulator's), it is
 *   asked, and its signed answer is applied exactly as the lost notification would have been;
 *   an operation the gateway never saw (SIS0054) took no money and expires;
 * - otherwise the attempt stays pending and shows in the staff list, where staff mark it paid by
 *   typing the authorisation code the Redsys back office shows, or not taken.
 * Nothing is marked expired while money may have been taken.
 */

export type ReconcileDeps = RefundDeps;

export interface ReconcileSummary {
  /** Attempts past the window looked at in this round. */
  checked: number;
  /** Settled from the gateway's answer (paid, failed or a recorded mismatch). */
  applied: number;
  /** Never seen by the gateway: expired. */
  expired: number;
  /** Left pending for staff (no query, or no usable answer). */
  unresolved: number;
}

/** Attempts looked at per round: the oldest first, so a backlog drains over a few rounds. */
const BATCH = 25;

export async function reconcilePendingAttempts(
  db: Database,
  deps: ReconcileDeps,
  olderThanMinutes: number = PENDING_ATTEMPT_MINUTES,
): Promise<ReconcileSummary> {
  const { rows } = await db.query<{ id: number; gateway_order: string }>(
    `SELECT id, gateway_order FROM payment_attempts
     WHERE status = 'pending' AND created_at < now() - make_interval(mins => $1)
     ORDER BY created_at LIMIT $2`,
    [olderThanMinutes, BATCH],
  );
  const summary: ReconcileSummary = { checked: rows.length, applied: 0, expired: 0, unresolved: 0 };
  const query = deps.rest.query;
  for (const attempt of rows) {
    if (!query) {
      summary.unresolved++;
      continue;
    }
    const answer = await query({
      DS_MERCHANT_ORDER: attempt.gateway_order,
      DS_MERCHANT_MERCHANTCODE: deps.config.redsys.merchantCode,
      DS_MERCHANT_TERMINAL: deps.config.redsys.terminal,
      DS_MERCHANT_TRANSACTIONTYPE: '0',
    });
    if (answer.kind === 'answer') {
      // The same path as the lost notification: checked, applied once, logged with its outcome.
      const result = await handleNotification(
        db,
        deps.config,
        deps.effects,
        answer.fields,
        'gateway-query',
        deps.log,
      );
      await markResolvedBy(db, attempt.id, 'gateway-query');
      if (result.toRefund) await refundMismatched(db, deps, result.toRefund);
      summary.applied++;
    } else if (answer.kind === 'error' && answer.code === 'SIS0054') {
      const { rowCount } = await db.query(
        `UPDATE payment_attempts SET status = 'expired', resolved_by = 'gateway-query', updated_at = now()
         WHERE id = $1 AND status = 'pending'`,
        [attempt.id],
      );
      summary.expired += rowCount;
    } else {
      deps.log.warn(
        {
          gatewayOrder: attempt.gateway_order,
          answer: answer.kind === 'error' ? answer.code : answer.detail,
        },
        'pending payment attempt could not be reconciled; staff will see it',
      );
      summary.unresolved++;
    }
  }
  return summary;
}

async function markResolvedBy(db: Database, attemptId: number, who: string): Promise<void> {
  await db.query(
    `UPDATE payment_attempts SET resolved_by = $2 WHERE id = $1 AND status <> 'pending' AND resolved_by IS NULL`,
    [attemptId, who],
  );
}

/** What staff saw in the Redsys back office for an attempt the shop never heard about. */
export type StaffResolution = { authorisationCode: string } | { notTaken: true };

/**
 * Staff settle an unresolved attempt (pending past the window): paid, only with the authorisation
 * code shown in the Redsys back office, applied as an authorisation would be (a mismatched one is
 * flagged and refunded); or not taken, when the back office shows no such payment. 409 for an
 * attempt that is not waiting for this.
 */
export async function resolveAttempt(
  db: Database,
  deps: ReconcileDeps,
  gatewayOrder: string,
  resolution: StaffResolution,
  staffEmail: string,
): Promise<NotificationResult> {
  const result = await db.transaction(async (tx) => {
    const { rows } = await tx.query<AttemptRow>(
      `SELECT id, order_id, gateway_order, amount_cents, currency, method, status
       FROM payment_attempts
       WHERE gateway_order = $1 AND status = 'pending' AND created_at < now() - make_interval(mins => $2)
       FOR UPDATE`,
      [gatewayOrder, PENDING_ATTEMPT_MINUTES],
    );
    const attempt = rows[0];
    if (!attempt) {
      const { rows: any } = await tx.query('SELECT 1 FROM payment_attempts WHERE gateway_order = $1', [
        gatewayOrder,
      ]);
      if (any.length === 0) throw fail(404, 'NOT_FOUND', 'notFound');
      throw fail(409, 'ORDER_STATE', 'paymentNotUnresolved');
    }
    const who = `staff:${staffEmail}`;
    const done = async (outcome: NotificationResult['outcome']): Promise<NotificationResult> => ({
      verified: true,
      outcome,
      gatewayOrder,
    });
    if ('notTaken' in resolution) {
      await tx.query(
        `UPDATE payment_attempts SET status = 'failed', resolved_by = $2, updated_at = now() WHERE id = $1`,
        [attempt.id, who],
      );
      return done('failed');
    }
    await tx.query(
      `UPDATE payment_attempts SET status = 'paid', ds_authorisation_code = $2, resolved_by = $3,
         updated_at = now() WHERE id = $1`,
      [attempt.id, resolution.authorisationCode, who],
    );
    return applyAuthorisation(tx, deps.config, deps.effects, attempt, false, deps.log, done);
  });
  if (result.toRefund) await refundMismatched(db, deps, result.toRefund);
  return result;
}
