import { messages } from '@shop/contracts/messages';
import type { Queryable } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';

/**
 * Fixed-window counter kept in the database, so that every instance behind the load balancer
 * counts the same attempts. Throws 429 once `limit` hits fall in one window.
 */
export async function hit(q: Queryable, key: string, limit: number, windowSeconds: number): Promise<void> {
  const { rows } = await q.query<{ hits: number; retry: number }>(
    `INSERT INTO rate_limits AS r (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_start < now() - make_interval(secs => $2) THEN 1 ELSE r.hits + 1 END,
       window_start = CASE WHEN r.window_start < now() - make_interval(secs => $2) THEN now() ELSE r.window_start END
     RETURNING hits, ceil(extract(epoch FROM (r.window_start + make_interval(secs => $2) - now())))::int AS retry`,
    [key, windowSeconds],
  );
  const row = rows[0];
  if (row && row.hits > limit) {
    const err = new AppError(429, 'RATE_LIMITED', messages.rateLimited) as AppError & { retryAfter?: number };
    err.retryAfter = Math.max(1, row.retry);
    throw err;
  }
}

/** Forgets the counter, e.g. after a successful sign-in. */
export async function reset(q: Queryable, key: string): Promise<void> {
  await q.query('DELETE FROM rate_limits WHERE key = $1', [key]);
}
