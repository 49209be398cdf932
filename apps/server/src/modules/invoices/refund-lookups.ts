import type { Queryable } from '../../db/client.ts';

/** What a refund asks of invoicing before and after the money goes back (workflows/refund.ts). */

/** Whether any invoice was issued for the order (a refund's rectificativa needs one to correct). */
export async function orderHasInvoice(q: Queryable, orderId: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM invoices WHERE order_id = $1 LIMIT 1', [orderId]);
  return rows.length > 0;
}

/** The full number of an invoice (a refund's rectificativa, by the id its refund keeps), or null. */
export async function invoiceNumber(q: Queryable, id: number): Promise<string | null> {
  const { rows } = await q.query<{ full_number: string }>('SELECT full_number FROM invoices WHERE id = $1', [
    id,
  ]);
  return rows[0]?.full_number ?? null;
}
