import type { Database } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { fail } from '../../lib/errors.ts';
import type { CheckoutEffects } from '../orders/index.ts';
import type { RedsysRest } from './gateway-rest.ts';
import { applyAuthorisation, handleNotification, type NotificationResult } from './notifications.ts';
import { PENDING_ATTEMPT_MINUTES } from './pending.ts';
import type { AttemptRow, PaymentLog } from './service.ts';

/**
 * Redsys does not resend a notification that was lost. Attempts still pending after the attempt
 * window are settled here:
 * - where the gateway's operation query is available (REDSYS_QUERY_URL, or the simulator's), it is
 *   asked, and its signed answer is applied exactly as the lost notification would have been;
 *   an operation the gateway never saw (SIS0054) took no money and expires;
 * - otherwise the attempt stays pending and shows in the staff list, where staff mark it paid by
 *   typing the authorisation code the Redsys back office shows, or not taken.
 * Nothing is marked expired while money may have been taken. The round itself, and the refund of a
 * payment that could not be applied, are workflows/reconcile-payments.ts.
 */

/** What settling an attempt needs: the gateway, the settings, the order's hooks and the log. */
export interface SettleDeps {
  config: Config;
  rest: RedsysRest;
  log: PaymentLog;
  /** The order's milestones (the payment's mails); app.ts wires the mail module's. */
  effects: () => CheckoutEffects;
}

/** An attempt pending past the window. */
export interface StaleAttempt {
  id: number;
  gateway_order: string;
}

/** What the gateway's operation query made of one attempt. */
export type Settlement =
  | { outcome: 'applied'; toRefund: NotificationResult['toRefund'] }
  | { outcome: 'expired'; count: number }
  | { outcome: 'unresolved' };

/** Attempts still pending `olderThanMinutes` after they started, the oldest first. */
export async function staleAttempts(
  db: Database,
  olderThanMinutes: number,
  limit: number,
): Promise<StaleAttempt[]> {
  const { rows } = await db.query<StaleAttempt>(
    `SELECT id, gateway_order FROM payment_attempts
     WHERE status = 'pending' AND created_at < now() - make_interval(mins => $1)
     ORDER BY created_at LIMIT $2`,
    [olderThanMinutes, limit],
  );
  return rows;
}

/**
 * Settles one attempt past the window from the gateway's operation query, when there is one: its
 * answer applied as the lost notification would have been (a payment that cannot be applied is
 * returned as `toRefund`), an operation the gateway never saw expired, anything else left for staff.
 */
export async function settleFromGateway(
  db: Database,
  deps: SettleDeps,
  attempt: StaleAttempt,
): Promise<Settlement> {
  const query = deps.rest.query;
  if (!query) return { outcome: 'unresolved' };
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
    return { outcome: 'applied', toRefund: result.toRefund };
  }
  if (answer.kind === 'error' && answer.code === 'SIS0054') {
    const { rowCount } = await db.query(
      `UPDATE payment_attempts SET status = 'expired', resolved_by = 'gateway-query', updated_at = now()
       WHERE id = $1 AND status = 'pending'`,
      [attempt.id],
    );
    return { outcome: 'expired', count: rowCount };
  }
  deps.log.warn(
    {
      gatewayOrder: attempt.gateway_order,
      answer: answer.kind === 'error' ? answer.code : answer.detail,
    },
    'pending payment attempt could not be reconciled; staff will see it',
  );
  return { outcome: 'unresolved' };
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
 * flagged and returned as `toRefund`); or not taken, when the back office shows no such payment.
 * 409 for an attempt that is not waiting for this.
 */
export async function settleByStaff(
  db: Database,
  deps: Pick<SettleDeps, 'config' | 'log' | 'effects'>,
  gatewayOrder: string,
  resolution: StaffResolution,
  staffEmail: string,
): Promise<NotificationResult> {
  return db.transaction(async (tx) => {
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
}
