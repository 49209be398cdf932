import type { Queryable } from '../../db/client.ts';

/** Whether a staff account issued an invoice: the invoice keeps naming it. */
export async function invoicesNameStaff(q: Queryable, staffId: number): Promise<boolean> {
  const { rows } = await q.query<{ named: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM invoices WHERE issued_by = $1) AS named',
    [staffId],
  );
  return rows[0]?.named === true;
}
