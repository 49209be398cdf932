import type { OrderStatus } from '@shop/contracts/order-lifecycle';
import type { Queryable } from '../../db/client.ts';

/** What a print batch needs of each order it may lay out: its number, store, state and phone. */
export interface BatchOrder {
  id: string;
  orderNumber: number;
  storeId: number;
  status: OrderStatus;
  brandId: number;
  modelId: number;
}

/** The given orders (those that exist, in no particular order), for a print batch. */
export async function ordersForBatch(q: Queryable, ids: readonly string[]): Promise<BatchOrder[]> {
  const { rows } = await q.query<{
    id: string;
    order_number: number;
    store_id: number;
    status: OrderStatus;
    brand_id: number;
    model_id: number;
  }>('SELECT id, order_number, store_id, status, brand_id, model_id FROM orders WHERE id = ANY($1::uuid[])', [
    ids,
  ]);
  return rows.map((r) => ({
    id: r.id,
    orderNumber: r.order_number,
    storeId: r.store_id,
    status: r.status,
    brandId: r.brand_id,
    modelId: r.model_id,
  }));
}
