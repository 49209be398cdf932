import { centsToEuros } from '@shop/contracts/money';
import { isPendingPrinting } from '@shop/contracts/order-lifecycle';
import { formatOrderNumber } from '@shop/contracts/order-number';
import type { DesignTransform, InvoiceType, Order, OrderStatus, PaymentMethod } from '@shop/contracts/orders';
import type { Scene } from '@shop/contracts/scene';
import { carrierTrackingUrl } from '@shop/contracts/tracking-rules';
import type { Queryable } from '../../db/client.ts';
import { caseTypesOfOrders, catalogueOfOrders } from '../catalogue/index.ts';
import { fileSizes, fileUri, fileUriOrNull } from '../files/index.ts';
import { storesOfOrders } from '../stores/index.ts';

/** An order's invoices as it shows them: every one, oldest first, and the current one's number. */
export interface OrderInvoiceFacts {
  current: string | null;
  all: { number: string; type: InvoiceType }[];
}

/**
 * What an order needs to know of its invoices, for many orders at once (one query). The invoices
 * module builds on this one, so it answers (`invoicesOfOrders`) and whoever reads a whole order
 * passes the answer in: the routes, the order's mails, the invoices module itself. A reader
 * without it (the print) gets the order's contents only.
 */
export type OrderInvoices = (
  q: Queryable,
  orderIds: readonly string[],
) => Promise<Map<string, OrderInvoiceFacts>>;

/** The order without its invoices: what a reader that has no `OrderInvoices` at hand gets. */
export type OrderContents = Omit<Order, 'invoice' | 'invoices'>;

export interface OrderReadOptions {
  /** The customer's tracking token: left out (null) unless asked for, never for a list. */
  trackingToken?: boolean;
}

/** The order's own columns; its store, brand, model and files are read from their modules. */
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
  design_id: string | null;
  /** The photos the design was made with, by slot (empty without a design). */
  design_photo_ids: string[] | null;
  design_scene: Scene | null;
  draft_scene: Scene | null;
  /** The order's photo tray, oldest first. */
  photo_ids: string[] | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  customer_address: string | null;
  customer_city: string | null;
  customer_postal_code: string | null;
  paid_at: Date | null;
  paid_by: string | null;
  store_id: number;
  brand_id: number;
  model_id: number;
  case_type_id: number;
  colour_id: number | null;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  tracking_token: string;
}

/** The order's own columns, its photo (the design's first one once there is a design) and photos. */
export const ORDER_SELECT = `
  SELECT o.id, o.order_number, o.status, o.price_cents, o.shipping_cents, o.is_home_delivery, o.payment_method,
         o.created_at, COALESCE(dp.file_id, o.image_id) AS image_id, o.design_id,
         (SELECT array_agg(d.file_id ORDER BY d.slot) FROM order_design_photos d WHERE d.order_id = o.id) AS design_photo_ids,
         o.design_scene, o.draft_scene,
         (SELECT array_agg(p.file_id ORDER BY p.added_at, p.file_id)
          FROM order_photos p WHERE p.order_id = o.id) AS photo_ids,
         o.customer_name, o.customer_email, o.customer_phone,
         o.customer_address, o.customer_city, o.customer_postal_code, o.paid_at, o.paid_by,
         o.store_id, o.brand_id, o.model_id, o.case_type_id, o.colour_id, o.carrier, o.tracking_number, o.tracking_url, o.tracking_token
  FROM orders o
  LEFT JOIN order_design_photos dp ON dp.order_id = o.id AND dp.slot = 0`;

/**
 * The placement of a one-photo design, as the order's `designTransform` has always told it: the
 * first slot's transform when the scene's layout is one photo over the whole case, else null.
 */
export const onePhotoTransform = (scene: Scene | null): DesignTransform | null =>
  scene?.layout === 'one' ? (scene.slots[0]?.transform ?? null) : null;

const invoiceUri = (orderId: string, number: string) => `/api/orders/${orderId}/invoices/${number}/pdf`;

/**
 * The orders of these rows, in their order, with what the stores, catalogue and files modules
 * (and `invoices`, when given) know of them: one query each, however many orders. An order whose
 * store, brand, model or case type is missing is left out, as the join it replaces left it out.
 */
export async function toOrders(
  q: Queryable,
  rows: readonly OrderRow[],
  opts: OrderReadOptions & { invoices: OrderInvoices },
): Promise<Order[]>;
export async function toOrders(
  q: Queryable,
  rows: readonly OrderRow[],
  opts: OrderReadOptions & { invoices?: OrderInvoices },
): Promise<OrderContents[]>;
export async function toOrders(
  q: Queryable,
  rows: readonly OrderRow[],
  opts: OrderReadOptions & { invoices?: OrderInvoices },
): Promise<(OrderContents & Partial<Pick<Order, 'invoice' | 'invoices'>>)[]> {
  if (!rows.length) return [];
  const [orderIds, storeIds, brandIds, modelIds] = [
    rows.map((r) => r.id),
    rows.map((r) => r.store_id),
    rows.map((r) => r.brand_id),
    rows.map((r) => r.model_id),
  ];
  const photoIds = rows.flatMap((r) => [...(r.image_id ? [r.image_id] : []), ...(r.photo_ids ?? [])]);
  const stores = await storesOfOrders(q, storeIds);
  const catalogue = await catalogueOfOrders(q, brandIds, modelIds);
  const cases = await caseTypesOfOrders(
    q,
    rows.map((r) => ({ caseTypeId: r.case_type_id, colourId: r.colour_id })),
  );
  const sizes = await fileSizes(q, photoIds);
  const invoices = opts.invoices ? await opts.invoices(q, orderIds) : null;
  const orders = [];
  for (const r of rows) {
    const store = stores.get(r.store_id);
    const brand = catalogue.brands.get(r.brand_id);
    const model = catalogue.models.get(r.model_id);
    const caseType = cases.types.get(r.case_type_id);
    if (!store || !brand || !model || !caseType) continue;
    const colour = r.colour_id === null ? null : (cases.colours.get(r.colour_id) ?? null);
    const image = r.image_id ? sizes.get(r.image_id) : undefined;
    const inv = invoices ? (invoices.get(r.id) ?? { current: null, all: [] }) : null;
    orders.push({
      id: r.id,
      orderNumber: formatOrderNumber(r.order_number),
      status: r.status,
      total: centsToEuros(r.price_cents),
      caseType: { ...caseType },
      colour: colour && { ...colour },
      shipping: centsToEuros(r.shipping_cents),
      isHomeDelivery: r.is_home_delivery,
      paymentMethod: r.payment_method,
      // Paid is a fact of its own (paid_at), not a state: a pay-at-store order is printed unpaid.
      pendingPayment: r.paid_at === null && r.status !== 'cancelled',
      pendingPrinting: isPendingPrinting(r.status),
      createdAt: r.created_at.toISOString(),
      // Once there is a design, the photo it was made with: what is printed and shown everywhere.
      image: fileUriOrNull(r.image_id),
      imageSize: image?.width && image.height ? { width: image.width, height: image.height } : null,
      design: fileUriOrNull(r.design_id),
      designTransform: onePhotoTransform(r.design_scene),
      designPhotos: (r.design_photo_ids ?? []).map(fileUri),
      designScene: r.design_scene,
      draftScene: r.draft_scene,
      photos: (r.photo_ids ?? []).flatMap((id) => {
        const size = sizes.get(id);
        return size ? [{ uri: fileUri(id), width: size.width ?? 0, height: size.height ?? 0 }] : [];
      }),
      store: { ...store },
      brand: { ...brand },
      model: { ...model, brand: { ...brand } },
      customerName: r.customer_name,
      customerEmail: r.customer_email,
      customerPhone: r.customer_phone,
      customerAddress: r.customer_address,
      customerCity: r.customer_city,
      customerPostalCode: r.customer_postal_code,
      paidAt: r.paid_at ? r.paid_at.toISOString() : null,
      paidBy: r.paid_by,
      ...(inv && {
        invoice: inv.current ? { number: inv.current, uri: invoiceUri(r.id, inv.current) } : null,
        invoices: inv.all.map((i) => ({ number: i.number, type: i.type, uri: invoiceUri(r.id, i.number) })),
      }),
      parcel:
        r.carrier && r.tracking_number
          ? {
              carrier: r.carrier,
              trackingNumber: r.tracking_number,
              url: carrierTrackingUrl(r.carrier, r.tracking_number, r.tracking_url),
            }
          : null,
      trackingToken: opts.trackingToken ? r.tracking_token : null,
    });
  }
  return orders;
}
