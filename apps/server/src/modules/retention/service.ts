import type { Queryable } from '../../db/client.ts';

/**
 * The retention's own record: one run a day, whichever instance comes first. The day's row in
 * `retention_runs` and an advisory lock make the others (and any later run that day) do nothing.
 */

/** Any number that is ours alone: instances running the job at once take turns through it. */
const RETENTION_LOCK = 7_263_013;

export interface RetentionCounts {
  abandonedOrders: number;
  abandonedAnonymised: number;
  photoOrders: number;
  /** Finished orders past the legal keeping period whose personal data went. */
  personalDataOrders: number;
  files: number;
  unverifiedNotifications: number;
}

/**
 * Claims the day of `now` (Madrid time) for this run, in the caller's transaction: 'busy' while
 * another instance runs it, 'done-today' when it already ran.
 */
export async function claimRetentionDay(
  tx: Queryable,
  now: Date,
): Promise<{ day: string; claim: 'claimed' | 'busy' | 'done-today' }> {
  const { rows } = await tx.query<{ day: string; locked: boolean }>(
    `SELECT to_char(($1::timestamptz AT TIME ZONE 'Europe/Madrid')::date, 'YYYY-MM-DD') AS day,
            pg_try_advisory_xact_lock($2) AS locked`,
    [now.toISOString(), RETENTION_LOCK],
  );
  const { day, locked } = rows[0]!;
  if (!locked) return { day, claim: 'busy' };
  const claimed = await tx.query(
    `INSERT INTO retention_runs (day, ran_at, abandoned_orders, abandoned_anonymised, photo_orders, files)
     VALUES ($1::date, $2, 0, 0, 0, 0) ON CONFLICT (day) DO NOTHING RETURNING day`,
    [day, now.toISOString()],
  );
  return { day, claim: claimed.rows.length === 0 ? 'done-today' : 'claimed' };
}

export async function recordRetention(tx: Queryable, day: string, counts: RetentionCounts): Promise<void> {
  await tx.query(
    `UPDATE retention_runs SET abandoned_orders = $2, abandoned_anonymised = $3, photo_orders = $4, files = $5,
       personal_data_orders = $6
     WHERE day = $1::date`,
    [
      day,
      counts.abandonedOrders,
      counts.abandonedAnonymised,
      counts.photoOrders,
      counts.files,
      counts.personalDataOrders,
    ],
  );
}
