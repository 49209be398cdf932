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

/** Staff mails written to this address, not about an order (their text may hold the person's data). */
export async function dropMailsTo(tx: Queryable, email: string): Promise<number> {
  const { rowCount } = await tx.query(
    'DELETE FROM mail_outbox WHERE order_id IS NULL AND lower(trim(to_address)) = $1',
    [email.trim().toLowerCase()],
  );
  return rowCount;
}

/** How many mails there are about these orders (what dropping them removes). */
export async function countMailsOfOrders(tx: Queryable, orderIds: readonly string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const { rows } = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM mail_outbox WHERE order_id = ANY($1::uuid[])',
    [orderIds],
  );
  return rows[0]!.n;
}

/** How many staff mails went to this address (what dropMailsTo removes). */
export async function countMailsTo(tx: Queryable, email: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM mail_outbox WHERE order_id IS NULL AND lower(trim(to_address)) = $1',
    [email.trim().toLowerCase()],
  );
  return rows[0]!.n;
}
