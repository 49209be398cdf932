import type { Queryable } from '../../db/client.ts';

/**
 * Customer uploads (originals) written more than `olderThanSeconds` ago, by id, the next `limit`
 * after the id `after` ('' from the first): for the sweep of uploads no order took.
 */
export async function oldUploads(
  q: Queryable,
  olderThanSeconds: number,
  after: string,
  limit: number,
): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM files
     WHERE kind = 'upload' AND variant = 'original' AND created_at < now() - make_interval(secs => $1)
       AND id > $2
     ORDER BY id LIMIT $3`,
    [olderThanSeconds, after, limit],
  );
  return rows.map((r) => r.id);
}
