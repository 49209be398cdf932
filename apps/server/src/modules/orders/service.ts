import { centsToEuros } from '@shop/contracts/money';
import { isPendingPrinting } from '@shop/contracts/order-lifecycle';
import { formatOrderNumber } from '@shop/contracts/order-number';
import type {
  DesignTransform,
  InvoiceType,
  Order,
  OrderCreate,
  OrderStatus,
  PaymentMethod,
} from '@shop/contracts/orders';
import type { Scene } from '@shop/contracts/scene';
import type { Origin } from '@shop/contracts/stores';
import { OUTSIDE_IVA_PROVINCES } from '@shop/contracts/tax-territory';
import { carrierTrackingUrl } from '@shop/contracts/tracking-rules';
import type { Queryable } from '../../db/client.ts';
import { fail, notFound } from '../../lib/errors.ts';
import { newOrderId, randomToken } from '../../lib/ids.ts';
import { fileUri, fileUriOrNull } from '../files/index.ts';

export interface OrderRow {
  id: string;
  order_number: number;
  status: OrderStatus;
  price_cents: number;
  shipping_cents: number;
  is_home_delivery: boolean;
  payment_method: PaymentMethod | null;
  created_at: Date;
  image_id: string | null;
  image_width: number | null;
  image_height: number | null;
  design_id: string | null;
  /** The photos the design was made with, by slot (empty without a design). */
  design_photo_ids: string[] | null;
  design_scene: Scene | null;
  draft_scene: Scene | null;
  /** The order's photo tray, oldest first. */
  photos: { id: string; width: number; height: number }[];
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  customer_address: string | null;
  customer_city: string | null;
  customer_postal_code: string | null;
  paid_at: Date | null;
  paid_by: string | null;
  store_id: number;
  store_name: string;
  store_address: string;
  store_town: string;
  store_province: string;
  store_postal_code: string;
  store_shipping_cents: number;
  brand_id: number;
  brand_name: string;
  model_id: number;
  model_name: string;
  model_template_id: string | null;
  model_image_id: string | null;
  model_price_cents: number;
  invoice_number: string | null;
  invoices: { number: string; type: InvoiceType }[];
  store_hours: string;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  tracking_token: string;
}

export const ORDER_SELECT = `
  SELECT o.id, o.order_number, o.status, o.price_cents, o.shipping_cents, o.is_home_delivery, o.payment_method,
         o.created_at, COALESCE(dp.file_id, o.image_id) AS image_id, img.width AS image_width, img.height AS image_height,
         o.design_id,
         (SELECT array_agg(d.file_id ORDER BY d.slot) FROM order_design_photos d WHERE d.order_id = o.id) AS design_photo_ids,
         o.design_scene, o.draft_scene,
         (SELECT COALESCE(json_agg(json_build_object('id', p.file_id, 'width', COALESCE(f.width, 0),
                                                     'height', COALESCE(f.height, 0))
                                   ORDER BY p.added_at, p.file_id), '[]'::json)
          FROM order_photos p JOIN files f ON f.id = p.file_id WHERE p.order_id = o.id) AS photos,
         o.customer_name, o.customer_email, o.customer_phone,
         o.customer_address, o.customer_city, o.customer_postal_code, o.paid_at, o.paid_by,
         s.id AS store_id, s.name AS store_name, s.address AS store_address, s.town AS store_town,
         s.province AS store_province, s.postal_code AS store_postal_code, s.shipping_cents AS store_shipping_cents,
         s.hours AS store_hours, o.carrier, o.tracking_number, o.tracking_url, o.tracking_token,
         b.id AS brand_id, b.name AS brand_name,
         m.id AS model_id, m.name AS model_name, m.template_id AS model_template_id, m.image_id AS model_image_id,
         m.price_cents AS model_price_cents,
         -- The current invoice (invoices module): an F3 replaces its simplified one; an annulled one is none.
         (SELECT i.full_number FROM invoices i
          WHERE i.order_id = o.id AND i.kind IN ('F1', 'F2', 'F3')
            AND NOT EXISTS (SELECT 1 FROM invoices s WHERE s.replaces_invoice_id = i.id)
            AND NOT EXISTS (SELECT 1 FROM invoice_annulments a WHERE a.invoice_id = i.id)
          ORDER BY i.id DESC LIMIT 1) AS invoice_number,
         (SELECT COALESCE(json_agg(json_build_object('number', i.full_number, 'type', i.kind) ORDER BY i.id), '[]'::json)
          FROM invoices i WHERE i.order_id = o.id
            AND NOT EXISTS (SELECT 1 FROM invoice_annulments a WHERE a.invoice_id = i.id)) AS invoices
  FROM orders o
  JOIN stores s ON s.id = o.store_id
  JOIN brands b ON b.id = o.brand_id
  JOIN models m ON m.id = o.model_id
  LEFT JOIN order_design_photos dp ON dp.order_id = o.id AND dp.slot = 0
  LEFT JOIN files img ON img.id = COALESCE(dp.file_id, o.image_id)`;

/**
 * The placement of a one-photo design, as the order's `designTransform` has always told it: the
 * first slot's transform when the scene's layout is one photo over the whole case, else null.
 */
export const onePhotoTransform = (scene: Scene | null): DesignTransform | null =>
  scene?.layout === 'one' ? (scene.slots[0]?.transform ?? null) : null;

const invoiceUri = (orderId: string, number: string) => `/api/orders/${orderId}/invoices/${number}/pdf`;

/** "000123": the human order number of staff, invoices and the payment gateway. */
export { formatOrderNumber };

/**
 * The order as stored. The tracking token is left out (null) unless asked for: it is the
 * customer's read-only link, for their mails and their own session's reads, never for a list.
 */
export function toOrder(r: OrderRow, opts: { trackingToken?: boolean } = {}): Order {
  const brand = { id: r.brand_id, name: r.brand_name };
  return {
    id: r.id,
    orderNumber: formatOrderNumber(r.order_number),
    status: r.status,
    total: centsToEuros(r.price_cents),
    shipping: centsToEuros(r.shipping_cents),
    isHomeDelivery: r.is_home_delivery,
    paymentMethod: r.payment_method,
    // Paid is a fact of its own (paid_at), not a state: a pay-at-store order is printed unpaid.
    pendingPayment: r.paid_at === null && r.status !== 'cancelled',
    pendingPrinting: isPendingPrinting(r.status),
    createdAt: r.created_at.toISOString(),
    // Once there is a design, the photo it was made with: what is printed and shown everywhere.
    image: fileUriOrNull(r.image_id),
    imageSize: r.image_width && r.image_height ? { width: r.image_width, height: r.image_height } : null,
    design: fileUriOrNull(r.design_id),
    designTransform: onePhotoTransform(r.design_scene),
    designPhotos: (r.design_photo_ids ?? []).map(fileUri),
    designScene: r.design_scene,
    draftScene: r.draft_scene,
    photos: r.photos.map((p) => ({ uri: fileUri(p.id), width: p.width, height: p.height })),
    store: {
      id: r.store_id,
      name: r.store_name,
      address: r.store_address,
      town: r.store_town,
      province: r.store_province,
      postalCode: r.store_postal_code,
      shipping: centsToEuros(r.store_shipping_cents),
      hours: r.store_hours,
    },
    brand,
    model: {
      id: r.model_id,
      name: r.model_name,
      template: fileUriOrNull(r.model_template_id),
      image: fileUriOrNull(r.model_image_id),
      price: centsToEuros(r.model_price_cents),
      brand,
    },
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    customerPhone: r.customer_phone,
    customerAddress: r.customer_address,
    customerCity: r.customer_city,
    customerPostalCode: r.customer_postal_code,
    paidAt: r.paid_at ? r.paid_at.toISOString() : null,
    paidBy: r.paid_by,
    invoice: r.invoice_number ? { number: r.invoice_number, uri: invoiceUri(r.id, r.invoice_number) } : null,
    invoices: r.invoices.map((i) => ({ number: i.number, type: i.type, uri: invoiceUri(r.id, i.number) })),
    parcel:
      r.carrier && r.tracking_number
        ? {
            carrier: r.carrier,
            trackingNumber: r.tracking_number,
            url: carrierTrackingUrl(r.carrier, r.tracking_number, r.tracking_url),
          }
        : null,
    trackingToken: opts.trackingToken ? r.tracking_token : null,
  };
}

export async function findOrder(
  q: Queryable,
  id: string,
  opts: { trackingToken?: boolean } = {},
): Promise<Order | null> {
  const { rows } = await q.query<OrderRow>(`${ORDER_SELECT} WHERE o.id = $1`, [id]);
  return rows[0] ? toOrder(rows[0], opts) : null;
}

export async function getOrder(
  q: Queryable,
  id: string,
  opts: { trackingToken?: boolean } = {},
): Promise<Order> {
  const order = await findOrder(q, id, opts);
  if (!order) throw notFound('ORDER_NOT_FOUND', 'orderNotFound');
  return order;
}

/**
 * Creates an order for a model the store offers to customers, owned by the visitor session
 * `ownerHash` names and with its own tracking token for the mails' link. The price is the model's price now;
 * nothing the client sends about amounts counts. One statement does the checks, the insert and
 * the timeline's first line, so the common case is a single round trip and atomic by itself.
 */
export async function createOrder(
  q: Queryable,
  input: OrderCreate & { origin: Origin },
  ownerHash: string,
): Promise<{ id: string; orderNumber: string }> {
  const id = newOrderId();
  const { rows } = await q.query<{
    store_down: boolean;
    store_outside_iva: boolean;
    brand_id: number;
    offered: boolean;
    order_number: number | null;
  }>(
    `WITH candidate AS (
       SELECT s.down AS store_down, left(s.postal_code, 2) = ANY($8::text[]) AS store_outside_iva, m.price_cents, m.brand_id,
              EXISTS (SELECT 1 FROM store_models sm WHERE sm.store_id = s.id AND sm.model_id = m.id) AS offered
       FROM stores s, models m JOIN brands b ON b.id = m.brand_id
       WHERE s.id = $1 AND m.id = $2 AND m.is_public AND NOT m.is_down AND b.is_public AND NOT b.down
     ), created AS (
       INSERT INTO orders (id, store_id, brand_id, model_id, price_cents, origin, owner_hash, tracking_token)
       SELECT $4, $1, $3, $2, c.price_cents, $5, $6, $7 FROM candidate c
       WHERE NOT c.store_down AND NOT c.store_outside_iva AND c.brand_id = $3 AND c.offered
       RETURNING id, order_number
     ), event AS (
       INSERT INTO order_events (order_id, to_status, actor) SELECT id, 'created', 'customer' FROM created
     )
     SELECT c.store_down, c.store_outside_iva, c.brand_id, c.offered, created.order_number
     FROM candidate c LEFT JOIN created ON true`,
    [
      input.store.id,
      input.model.id,
      input.brand.id,
      id,
      input.origin,
      ownerHash,
      randomToken(),
      [...OUTSIDE_IVA_PROVINCES],
    ],
  );
  const row = rows[0];
  if (row?.order_number != null) return { id, orderNumber: formatOrderNumber(row.order_number) };
  if (!row) {
    const store = await q.query('SELECT 1 FROM stores WHERE id = $1', [input.store.id]);
    if (!store.rows[0]) throw fail(400, 'STORE_NOT_FOUND', 'storeNotFound');
    throw fail(400, 'MODEL_NOT_FOUND', 'modelNotFound');
  }
  if (row.store_down) throw fail(409, 'STORE_DOWN', 'storeInvalidOrDown');
  // A store left in Canarias, Ceuta or Melilla from before the rule sells nothing more (ADR 26).
  if (row.store_outside_iva) throw fail(409, 'STORE_OUTSIDE_IVA_TERRITORY', 'storeSalesOutsideIvaTerritory');
  if (row.brand_id !== input.brand.id) throw fail(400, 'MODEL_NOT_FOUND', 'modelNotFound');
  throw fail(409, 'MODEL_NOT_AVAILABLE', 'modelNotAvailable');
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

/** The order as a payment reads it; the caller has the order locked. */
export async function payableOrder(q: Queryable, orderId: string): Promise<PayableOrder> {
  const { rows } = await q.query<PayableOrder>(
    `SELECT o.order_number, o.payment_method, o.price_cents, o.shipping_cents,
            b.name AS brand_name, m.name AS model_name
     FROM orders o JOIN brands b ON b.id = o.brand_id JOIN models m ON m.id = o.model_id
     WHERE o.id = $1`,
    [orderId],
  );
  if (!rows[0]) throw fail(404, 'ORDER_NOT_FOUND', 'orderNotFound');
  return rows[0];
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
