import type { StaffUser } from '@shop/contracts/auth';
import { type OrderStatus, statusesWhere, waitsForPrint } from '@shop/contracts/order-lifecycle';
import { formatOrderNumber } from '@shop/contracts/order-number';
import type { PrintQueueItem } from '@shop/contracts/print-batches';
import { caseProductName } from '@shop/contracts/product';
import type { Queryable } from '../db/client.ts';
import { forbidden } from '../lib/errors.ts';

/** A line of the print queue, with its design's file id (the route turns it into the file's URI). */
export type PrintQueueLine = Omit<PrintQueueItem, 'design'> & { designId: string | null };

/**
 * The print queue: orders waiting for print (placed, not printed), oldest first; store staff see
 * their store's. Each names the case in its type and colour.
 */
export async function printQueue(
  q: Queryable,
  staff: StaffUser,
  storeId: number | undefined,
): Promise<PrintQueueLine[]> {
  if (staff.role !== 'admin' && storeId !== undefined && storeId !== staff.storeId) throw forbidden();
  const store = staff.role === 'admin' ? storeId : (staff.storeId ?? -1);
  const { rows } = await q.query<{
    id: string;
    order_number: number;
    status: OrderStatus;
    store_id: number;
    store_name: string;
    brand_name: string;
    model_name: string;
    case_type_name: string;
    colour_name: string | null;
    design_id: string | null;
    created_at: Date;
    paid: boolean;
  }>(
    `SELECT o.id, o.order_number, o.status, o.store_id, s.name AS store_name, b.name AS brand_name,
            m.name AS model_name, t.name AS case_type_name, c.name AS colour_name, o.design_id, o.created_at,
            o.paid_at IS NOT NULL AS paid
     FROM orders o JOIN stores s ON s.id = o.store_id JOIN brands b ON b.id = o.brand_id
     JOIN models m ON m.id = o.model_id JOIN case_types t ON t.id = o.case_type_id
     LEFT JOIN case_type_colours c ON c.id = o.colour_id
     WHERE o.status = ANY($1::text[]) AND ($2::int IS NULL OR o.store_id = $2)
     ORDER BY o.created_at, o.order_number LIMIT 500`,
    [statusesWhere(waitsForPrint), store ?? null],
  );
  return rows.map((r) => ({
    id: r.id,
    orderNumber: formatOrderNumber(r.order_number),
    status: r.status,
    storeId: r.store_id,
    storeName: r.store_name,
    // The case as it is made, so staff load the right blank: 'Funda personalizada Silicona para ... (Negro)'.
    product: caseProductName(
      { name: r.brand_name },
      { name: r.model_name },
      { name: r.case_type_name },
      r.colour_name === null ? null : { name: r.colour_name },
    ),
    designId: r.design_id,
    createdAt: r.created_at.toISOString(),
    paid: r.paid,
  }));
}
