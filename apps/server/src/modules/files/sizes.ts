import type { Queryable } from '../../db/client.ts';

/** A stored file's pixel size, as recorded (null for a file that has none). */
export interface FileSize {
  width: number | null;
  height: number | null;
}

/** The recorded sizes of some files, by id, in one query (a file that does not exist is left out). */
export async function fileSizes(q: Queryable, ids: readonly string[]): Promise<Map<string, FileSize>> {
  if (!ids.length) return new Map();
  const { rows } = await q.query<{ id: string; width: number | null; height: number | null }>(
    'SELECT id, width, height FROM files WHERE id = ANY($1::text[])',
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, { width: r.width, height: r.height }]));
}
