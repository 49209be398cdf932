import { formatOrderNumber } from '@shop/contracts/order-number';
import type { Order, OrderCreate, OrderStatus, PaymentMethod } from '@shop/contracts/orders';
import type { Origin } from '@shop/contracts/stores';
import type { Queryable } from '../../db/client.ts';
import { fail, notFound } from '../../lib/errors.ts';
import { newOrderId, randomToken } from '../../lib/ids.ts';
import { catalogueOfOrders, modelOnSale } from '../catalogue/index.ts';
import { storeSaleState } from '../stores/index.ts';
import { casePriceCents, caseTypeForOrder } from './case-type-service.ts';
import {
  ORDER_SELECT,
  type OrderContents,
  type OrderInvoices,
  type OrderReadOptions,
  type OrderRow,
  toOrders,
} from './order-read.ts';

/** "000123": the human order number of staff, invoices and the payment gateway. */
export { formatOrderNumber };

/**
 * The order as stored, with its invoices when `invoices` answers for them (without, the order's
 * contents only). The tracking token is left out (null) unless asked for: it is the customer's
 * read-only link, for their mails and their own session's reads, never for a list.
 */
export async function findOrder(
  q: Queryable,
  id: string,
  opts: OrderReadOptions & { invoices: OrderInvoices },
): Promise<Order | null>;
export async function findOrder(
  q: Queryable,
  id: string,
  opts?: OrderReadOptions,
): Promise<OrderContents | null>;
export async function findOrder(
  q: Queryable,
  id: string,
  opts: OrderReadOptions & { invoices?: OrderInvoices } = {},
): Promise<OrderContents | null> {
  const { rows } = await q.query<OrderRow>(`${ORDER_SELECT} WHERE o.id = $1`, [id]);
  return (await toOrders(q, rows, opts))[0] ?? null;
}

/** The order (see `findOrder`), or 404 ORDER_NOT_FOUND. */
export async function getOrder(
  q: Queryable,
  id: string,
  opts: OrderReadOptions & { invoices: OrderInvoices },
): Promise<Order>;
export async function getOrder(q: Queryable, id: string, opts?: OrderReadOptions): Promise<OrderContents>;
export async function getOrder(
  q: Queryable,
  id: string,
  opts: OrderReadOptions & { invoices?: OrderInvoices } = {},
): Promise<OrderContents> {
  const order = await findOrder(q, id, opts);
  if (!order) throw notFound('ORDER_NOT_FOUND', 'orderNotFound');
  return order;
}

/**
 * Creates an order for a model the store offers to customers, owned by the visitor session
 * `ownerHash` names and with its own tracking token for the mails' link. The price is the model's
 * price now in the case type asked for (the default type when none is: see `caseTypeForOrder`);
 * nothing the client sends about amounts counts. The store and the catalogue say whether the model
 * and the type may be ordered there; one statement then writes the order and the timeline's first
 * line, atomic by itself.
 */
export async function createOrder(
  q: Queryable,
  input: OrderCreate & { origin: Origin },
  ownerHash: string,
): Promise<{ id: string; orderNumber: string }> {
  const store = await storeSaleState(q, input.store.id);
  if (!store) throw fail(400, 'STORE_NOT_FOUND', 'storeNotFound');
  const model = await modelOnSale(q, input.store.id, input.model.id);
  if (!model) throw fail(400, 'MODEL_NOT_FOUND', 'modelNotFound');
  if (store.down) throw fail(409, 'STORE_DOWN', 'storeInvalidOrDown');
  // A store left in Canarias, Ceuta or Melilla from before the rule sells nothing more (ADR 26).
  if (store.outsideIvaTerritory) {
    throw fail(409, 'STORE_OUTSIDE_IVA_TERRITORY', 'storeSalesOutsideIvaTerritory');
  }
  if (model.brandId !== input.brand.id) throw fail(400, 'MODEL_NOT_FOUND', 'modelNotFound');
  if (!model.offered) throw fail(409, 'MODEL_NOT_AVAILABLE', 'modelNotAvailable');
  const type = await caseTypeForOrder(
    q,
    input.store.id,
    input.model.id,
    input.caseType?.id ?? null,
    input.colour?.id ?? null,
  );
  const id = newOrderId();
  const { rows } = await q.query<{ order_number: number }>(
    `WITH created AS (
       INSERT INTO orders (id, store_id, brand_id, model_id, price_cents, origin, owner_hash, tracking_token,
                           case_type_id, colour_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       RETURNING id, order_number
     ), event AS (
       INSERT INTO order_events (order_id, to_status, actor) SELECT id, 'created', 'customer' FROM created
     )
     SELECT order_number FROM created`,
    [
      id,
      input.store.id,
      input.brand.id,
      input.model.id,
      casePriceCents(model.priceCents, type.priceDeltaCents),
      input.origin,
      ownerHash,
      randomToken(),
      type.caseTypeId,
      type.colourId,
    ],
  );
  return { id, orderNumber: formatOrderNumber(rows[0]!.order_number) };
}

/** What a payment of the order needs to know of it (the gateway's amount and description). */
export interface PayableOrder {
  order_number: number;
  payment_method: PaymentMethod | null;
  price_cents: number;
  shipping_cents: number;
  brand_name: string;
  model_name: string;
}

/**
 * The order as a payment reads it, its brand and model as the catalogue names them; the caller has
 * the order locked.
 */
export async function payableOrder(q: Queryable, orderId: string): Promise<PayableOrder> {
  const { rows } = await q.query<{
    order_number: number;
    payment_method: PaymentMethod | null;
    price_cents: number;
    shipping_cents: number;
    brand_id: number;
    model_id: number;
  }>(
    `SELECT order_number, payment_method, price_cents, shipping_cents, brand_id, model_id
     FROM orders WHERE id = $1`,
    [orderId],
  );
  const row = rows[0];
  if (!row) throw fail(404, 'ORDER_NOT_FOUND', 'orderNotFound');
  const { brands, models } = await catalogueOfOrders(q, [row.brand_id], [row.model_id]);
  const brand = brands.get(row.brand_id);
  const model = models.get(row.model_id);
  if (!brand || !model) throw fail(404, 'ORDER_NOT_FOUND', 'orderNotFound');
  return {
    order_number: row.order_number,
    payment_method: row.payment_method,
    price_cents: row.price_cents,
    shipping_cents: row.shipping_cents,
    brand_name: brand.name,
    model_name: model.name,
  };
}

/** The order's state, or null when there is no such order. */
export async function orderStatusOf(q: Queryable, orderId: string): Promise<OrderStatus | null> {
  const { rows } = await q.query<{ status: OrderStatus }>('SELECT status FROM orders WHERE id = $1', [
    orderId,
  ]);
  return rows[0]?.status ?? null;
}

/** Flags an order 'requiere atención' with the reason; a later reason is added to the earlier one. */
export async function flagOrder(q: Queryable, orderId: string, reason: string): Promise<void> {
  await q.query(
    `UPDATE orders SET attention_at = now(),
       attention_reason = left(CASE WHEN attention_reason IS NULL THEN $2 ELSE attention_reason || ' · ' || $2 END, 500)
     WHERE id = $1`,
    [orderId, reason],
  );
}
