import { PENDING_ATTEMPT_MINUTES } from '@shop/contracts/payments';
import type { Database } from '../db/client.ts';
import {
  type NotificationResult,
  STALE_REFUND_SECONDS,
  type StaffResolution,
  settleByStaff,
  settleFromGateway,
  staleAttempts,
  stalePendingRefunds,
} from '../modules/payments/index.ts';
import { type RefundDeps, refundMismatched, resumeRefund } from './refund.ts';

/**
 * The reconciliation (every 5 minutes, runtime.ts) and staff settling a lost payment: what the
 * gateway never told the shop, or told a process that died before it was done. The attempts are
 * settled by the payments module (modules/payments/reconcile.ts); a payment that cannot be applied
 * to its order is then given back here, as a notification's would be.
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

/** Attempts still pending after the attempt window, settled from the gateway's operation query. */
export async function reconcilePendingAttempts(
  db: Database,
  deps: ReconcileDeps,
  olderThanMinutes: number = PENDING_ATTEMPT_MINUTES,
): Promise<ReconcileSummary> {
  const attempts = await staleAttempts(db, olderThanMinutes, BATCH);
  const summary: ReconcileSummary = { checked: attempts.length, applied: 0, expired: 0, unresolved: 0 };
  for (const attempt of attempts) {
    const settled = await settleFromGateway(db, deps, attempt);
    if (settled.outcome === 'applied') {
      if (settled.toRefund) await refundMismatched(db, deps, settled.toRefund);
      summary.applied++;
    } else if (settled.outcome === 'expired') {
      summary.expired += settled.count;
    } else {
      summary.unresolved++;
    }
  }
  return summary;
}

/**
 * Staff settle an unresolved attempt (see settleByStaff): paid with the authorisation code the
 * Redsys back office shows, or not taken; a paid one that cannot be applied is given back.
 */
export async function resolveAttempt(
  db: Database,
  deps: ReconcileDeps,
  gatewayOrder: string,
  resolution: StaffResolution,
  staffEmail: string,
): Promise<NotificationResult> {
  const result = await settleByStaff(db, deps, gatewayOrder, resolution, staffEmail);
  if (result.toRefund) await refundMismatched(db, deps, result.toRefund);
  return result;
}

/** Refunds looked at per round, oldest first. */
const REFUND_BATCH = 25;

/**
 * The reconciliation's part for refunds: every refund left pending by a process that died
 * between its phases is completed (see resumeRefund). Returns how many were.
 */
export async function reconcilePendingRefunds(
  db: Database,
  deps: RefundDeps,
  olderThanSeconds: number = STALE_REFUND_SECONDS,
): Promise<number> {
  const ids = await stalePendingRefunds(db, olderThanSeconds, REFUND_BATCH);
  let done = 0;
  for (const id of ids) {
    try {
      await resumeRefund(db, deps, id);
      done++;
    } catch (err) {
      deps.log.error({ err, refundId: id }, 'interrupted refund could not be completed; will try again');
    }
  }
  return done;
}
