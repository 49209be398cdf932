import { PENDING_ATTEMPT_MINUTES } from '@shop/contracts/payments';
import type { Queryable } from '../db/client.ts';

/** What operators watch (`/metrics`): queues and money that wait, read in one round trip. */
export interface OperationsSnapshot {
  /** Mails waiting to be sent (pending, or being sent now) and how long the oldest has waited. */
  mailOutbox: { depth: number; oldestSeconds: number };
  mailFailed: number;
  verifactu: { pending: number; rejected: number };
  /** Card and Bizum payments still 'pending' PENDING_ATTEMPT_MINUTES after they were started. */
  paymentsPendingOver30m: number;
  refundsFailed: number;
  /** Jobs of the queue (ADR 31) due and not yet finished, and those dead after their last attempt. */
  jobs: { due: number; oldestDueSeconds: number; dead: number };
}

export async function operationsSnapshot(q: Queryable): Promise<OperationsSnapshot> {
  const { rows } = await q.query<{
    mail_depth: number;
    mail_oldest: number | null;
    mail_failed: number;
    vf_pending: number;
    vf_rejected: number;
    payments_pending: number;
    refunds_failed: number;
    jobs_due: number;
    jobs_oldest: number | null;
    jobs_dead: number;
  }>(
    `SELECT
       (SELECT count(*)::int FROM mail_outbox WHERE status IN ('pending', 'sending')) AS mail_depth,
       (SELECT extract(epoch FROM now() - min(created_at))::float8 FROM mail_outbox
          WHERE status IN ('pending', 'sending')) AS mail_oldest,
       (SELECT count(*)::int FROM mail_outbox WHERE status = 'failed') AS mail_failed,
       (SELECT count(*)::int FROM verifactu_records WHERE state IN ('pending', 'sending')) AS vf_pending,
       (SELECT count(*)::int FROM verifactu_records WHERE state = 'rejected') AS vf_rejected,
       (SELECT count(*)::int FROM payment_attempts
          WHERE status = 'pending' AND created_at < now() - make_interval(mins => $1)) AS payments_pending,
       (SELECT count(*)::int FROM payment_refunds WHERE status = 'failed') AS refunds_failed,
       (SELECT count(*)::int FROM jobs WHERE state IN ('ready', 'running') AND run_at <= now()) AS jobs_due,
       (SELECT extract(epoch FROM now() - min(run_at))::float8 FROM jobs
          WHERE state IN ('ready', 'running') AND run_at <= now()) AS jobs_oldest,
       (SELECT count(*)::int FROM jobs WHERE state = 'dead') AS jobs_dead`,
    [PENDING_ATTEMPT_MINUTES],
  );
  const r = rows[0]!;
  return {
    mailOutbox: { depth: r.mail_depth, oldestSeconds: Math.max(0, r.mail_oldest ?? 0) },
    mailFailed: r.mail_failed,
    verifactu: { pending: r.vf_pending, rejected: r.vf_rejected },
    paymentsPendingOver30m: r.payments_pending,
    refundsFailed: r.refunds_failed,
    jobs: { due: r.jobs_due, oldestDueSeconds: Math.max(0, r.jobs_oldest ?? 0), dead: r.jobs_dead },
  };
}

/** The newest schema version applied to the database, to compare with the code's. */
export async function appliedSchemaVersion(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM schema_migrations',
  );
  return rows[0]?.version ?? 0;
}
