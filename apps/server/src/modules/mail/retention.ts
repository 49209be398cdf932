import type { Queryable } from '../../db/client.ts';

/** What the mail outbox forgets with the orders it was about, and which files it still attaches. */

export async function dropMailsOfOrders(tx: Queryable, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length > 0)
    await tx.query('DELETE FROM mail_outbox WHERE order_id = ANY($1::uuid[])', [orderIds]);
}

export async function filesAttachedToMails(tx: Queryable, fileIds: readonly string[]): Promise<Set<string>> {
  const { rows } = await tx.query<{ file_id: string }>(
    'SELECT DISTINCT file_id FROM mail_attachments WHERE file_id = ANY($1::text[])',
    [fileIds],
  );
  return new Set(rows.map((r) => r.file_id));
}
