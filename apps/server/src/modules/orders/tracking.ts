import { centsToEuros, eurosToCents } from '@shop/contracts/money';
import { isPlaced, type OrderStatus, statusesWhere } from '@shop/contracts/order-lifecycle';
import { caseProductName } from '@shop/contracts/product';
import type { Tracking } from '@shop/contracts/tracking';
import { TRACKING_STEP_LABELS, type TrackingStep, trackingInvoicePath } from '@shop/contracts/tracking-rules';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { OrderInvoices } from './order-read.ts';
import { getOrder } from './service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The order a tracking link names: by its tracking token, or, for an order made before orders had
 * owners and tokens, by its id, because the mails those customers already hold link to the id. An
 * order with an owner is never found by its id here: its id is not a tracking link. 404 otherwise.
 */
export async function orderOfTrackingToken(q: Queryable, token: string): Promise<string> {
  const { rows } = UUID.test(token)
    ? await q.query<{ id: string }>('SELECT id FROM orders WHERE id = $1 AND owner_hash IS NULL', [token])
    : await q.query<{ id: string }>('SELECT id FROM orders WHERE tracking_token = $1', [token]);
  if (!rows[0]) throw notFound('ORDER_NOT_FOUND', 'orderNotFound');
  return rows[0].id;
}

/** The states that count as "received": the customer finished ordering (or went on to pay). */
const RECEIVED = statusesWhere((s) => isPlaced(s) || s === 'awaiting_payment');

/**
 * The customer's view of an order's progress, from its timeline: the first time each milestone was
 * reached. Only what the customer gave or may see: no staff names, no notes, no phone or e-mail.
 */
export async function orderTracking(
  q: Queryable,
  orderId: string,
  token: string,
  invoices: OrderInvoices,
): Promise<Tracking> {
  const order = await getOrder(q, orderId, { invoices });
  const { rows } = await q.query<{ to_status: OrderStatus; at: Date }>(
    `SELECT to_status, min(at) AS at FROM order_events
     WHERE order_id = $1 AND kind = 'status' GROUP BY to_status`,
    [orderId],
  );
  const first = new Map(rows.map((r) => [r.to_status, r.at]));
  const earliest = (statuses: readonly OrderStatus[]): string | null => {
    const dates = statuses.map((s) => first.get(s)).filter((d): d is Date => d !== undefined);
    if (!dates.length) return null;
    return new Date(Math.min(...dates.map((d) => d.getTime()))).toISOString();
  };
  const dates: Record<TrackingStep, string | null> = {
    received: earliest(RECEIVED),
    paid: order.paidAt,
    production: earliest(['printed']),
    ready: earliest(['ready']),
    shipped: earliest(['shipped']),
    delivered: earliest(['delivered']),
  };
  // The steps in the order they happen for this kind of order: paid online before production,
  // paid at the store's counter when the finished case is picked up.
  const handover: TrackingStep = order.isHomeDelivery ? 'shipped' : 'ready';
  const keys: TrackingStep[] =
    order.paymentMethod === 'paystore'
      ? ['received', 'production', handover, 'paid', 'delivered']
      : ['received', 'paid', 'production', handover, 'delivered'];
  const s = order.store;
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    product: caseProductName(order.brand, order.model, order.caseType, order.colour),
    design: order.design,
    steps: keys.map((key) => ({ key, label: TRACKING_STEP_LABELS[key], at: dates[key] })),
    cancelledAt: earliest(['cancelled']),
    isHomeDelivery: order.isHomeDelivery,
    amountDue:
      order.pendingPayment && order.paymentMethod === 'paystore'
        ? centsToEuros(eurosToCents(order.total) + eurosToCents(order.shipping))
        : null,
    pickup: order.isHomeDelivery
      ? null
      : {
          name: s.name,
          address: s.address,
          postalCode: s.postalCode,
          town: s.town,
          province: s.province,
          hours: s.hours,
        },
    delivery: order.isHomeDelivery
      ? {
          name: order.customerName ?? '',
          address: order.customerAddress ?? '',
          postalCode: order.customerPostalCode ?? '',
          city: order.customerCity ?? '',
        }
      : null,
    parcel: order.parcel,
    invoice: order.invoice
      ? { number: order.invoice.number, uri: trackingInvoicePath(token, order.invoice.number) }
      : null,
    invoices: order.invoices.map((i) => ({ ...i, uri: trackingInvoicePath(token, i.number) })),
  };
}
