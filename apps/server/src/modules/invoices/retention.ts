import type { Queryable } from '../../db/client.ts';

/**
 * Invoices, their PDFs and their records are kept for the legal period and never touched by the
 * retention; a full-invoice request of an order that never went on is.
 */

export async function dropInvoiceRequests(tx: Queryable, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length > 0) {
    await tx.query('DELETE FROM invoice_requests WHERE order_id = ANY($1::uuid[])', [orderIds]);
  }
}

export async function filesOfInvoices(tx: Queryable, fileIds: readonly string[]): Promise<Set<string>> {
  const { rows } = await tx.query<{ pdf_file_id: string }>(
    'SELECT DISTINCT pdf_file_id FROM invoices WHERE pdf_file_id = ANY($1::text[])',
    [fileIds],
  );
  return new Set(rows.map((r) => r.pdf_file_id));
}
