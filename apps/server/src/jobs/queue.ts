import type { Queryable } from '../db/client.ts';
import { currentRequestId } from '../lib/request-context.ts';

/**
 * The server's one job queue (ADR 31): a job is a row of `jobs`, added inside the caller's own
 * transaction, so work is queued exactly when the change that calls for it commits, and never
 * when it rolls back. A job keeps the id of the request that queued it (or of the job that did),
 * and its runs log it (lib/request-context.ts).
 */

export interface EnqueueOptions {
  /** Not before this many seconds from now (default: at once). */
  delaySeconds?: number;
  /** Attempts before the job is dead (default 5). */
  maxAttempts?: number;
  /**
   * One job per queue and key, ever: a second enqueue with the same key adds nothing (a refund
   * per cancellation, a mail per event).
   */
  singletonKey?: string;
}

/** Adds a job; returns its id, or null when a job with the same singleton key exists already. */
export async function enqueue(
  tx: Queryable,
  queue: string,
  payload: Record<string, unknown> = {},
  options: EnqueueOptions = {},
): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO jobs (queue, payload, run_at, max_attempts, singleton_key, request_id)
     VALUES ($1, $2::jsonb, now() + $3 * interval '1 second', $4, $5, $6)
     ON CONFLICT (queue, singleton_key) WHERE singleton_key IS NOT NULL DO NOTHING
     RETURNING id::text`,
    [
      queue,
      JSON.stringify(payload),
      options.delaySeconds ?? 0,
      options.maxAttempts ?? 5,
      options.singletonKey ?? null,
      currentRequestId(),
    ],
  );
  return rows[0]?.id ?? null;
}

/** A job that used up its attempts, for operators (`GET /api/admin/jobs/dead`, the metrics). */
export interface DeadJob {
  id: string;
  queue: string;
  payload: Record<string, unknown>;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** The dead jobs, newest first. */
export async function deadJobs(db: Queryable, limit = 100): Promise<DeadJob[]> {
  const { rows } = await db.query<DeadJob>(
    `SELECT id::text, queue, payload, attempts, last_error AS "lastError",
            created_at::text AS "createdAt", finished_at::text AS "finishedAt"
     FROM jobs WHERE state = 'dead' ORDER BY finished_at DESC NULLS LAST, id DESC LIMIT $1`,
    [limit],
  );
  return rows;
}

/** Puts a dead job back in line with fresh attempts (an operator's retry); false if not dead. */
export async function retryDeadJob(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE jobs SET state = 'ready', attempts = 0, run_at = now(), finished_at = NULL, lease = NULL,
            locked_until = NULL
     WHERE id = $1 AND state = 'dead'`,
    [id],
  );
  return rowCount > 0;
}

/** Jobs by queue and state that are not done, for the metrics. */
export async function jobCounts(
  db: Queryable,
): Promise<{ queue: string; state: string; count: number; oldestSeconds: number }[]> {
  const { rows } = await db.query<{ queue: string; state: string; count: number; oldestSeconds: number }>(
    `SELECT queue, state, count(*)::int AS count,
            COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS "oldestSeconds"
     FROM jobs WHERE state <> 'done' GROUP BY queue, state ORDER BY queue, state`,
  );
  return rows;
}

/** Deletes jobs finished (done) more than `days` ago; dead ones stay until an operator acts. */
export async function purgeFinishedJobs(db: Queryable, days = 7): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM jobs WHERE state = 'done' AND finished_at < now() - make_interval(days => $1)`,
    [days],
  );
  return rowCount;
}
