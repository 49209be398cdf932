import type { Queryable } from '../../db/client.ts';

/**
 * A print batch's PDF holds the designs of its orders: it goes with the first of them (the batch's
 * record stays). Returns the files released.
 */
export async function releaseBatchFilesOf(tx: Queryable, orderIds: readonly string[]): Promise<string[]> {
  const { rows } = await tx.query<{ file_id: string }>(
    `UPDATE print_batches b SET file_id = NULL
     FROM (SELECT id, file_id FROM print_batches
           WHERE file_id IS NOT NULL
             AND id IN (SELECT batch_id FROM print_batch_orders WHERE order_id = ANY($1::uuid[]))
           FOR UPDATE) old
     WHERE b.id = old.id
     RETURNING old.file_id`,
    [orderIds],
  );
  return rows.map((r) => r.file_id);
}

export async function filesOfBatches(tx: Queryable, fileIds: readonly string[]): Promise<Set<string>> {
  const { rows } = await tx.query<{ file_id: string }>(
    'SELECT DISTINCT file_id FROM print_batches WHERE file_id = ANY($1::text[])',
    [fileIds],
  );
  return new Set(rows.map((r) => r.file_id));
}
