import type { InvoiceType } from '@shop/contracts/orders';
import type { Queryable } from '../../db/client.ts';
import type { OrderInvoiceFacts } from '../orders/index.ts';

/**
 * The invoices of some orders as each order shows them, in one query (the orders module's
 * `OrderInvoices`, passed in by those who read whole orders): every invoice oldest first, an annulled one being none, and
 * the current one, the newest sale invoice that no F3 replaced.
 */
export async function invoicesOfOrders(
  q: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, OrderInvoiceFacts>> {
  const facts = new Map<string, OrderInvoiceFacts>();
  if (!orderIds.length) return facts;
  const { rows } = await q.query<{ order_id: string; number: string; type: InvoiceType; standing: boolean }>(
    `SELECT i.order_id, i.full_number AS number, i.kind AS type,
            i.kind IN ('F1', 'F2', 'F3')
              AND NOT EXISTS (SELECT 1 FROM invoices s WHERE s.replaces_invoice_id = i.id) AS standing
     FROM invoices i
     WHERE i.order_id = ANY($1::uuid[])
       AND NOT EXISTS (SELECT 1 FROM invoice_annulments a WHERE a.invoice_id = i.id)
     ORDER BY i.id`,
    [[...new Set(orderIds)]],
  );
  for (const r of rows) {
    const order = facts.get(r.order_id) ?? { current: null, all: [] };
    order.all.push({ number: r.number, type: r.type });
    if (r.standing) order.current = r.number;
    facts.set(r.order_id, order);
  }
  return facts;
}
