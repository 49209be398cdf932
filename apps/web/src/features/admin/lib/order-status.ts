import { ORDER_STATUS_LABELS } from '@shop/contracts/order-status-labels';
import type { Order, OrderStatus } from '@shop/contracts/orders';

/** The order states as staff read them (shared with the server's messages). */
export const STATUS_LABELS = ORDER_STATUS_LABELS;

export type StatusTone = 'draft' | 'waiting' | 'paid' | 'progress' | 'done' | 'cancelled';

/** The colour family of each state's badge: what a clerk must act on stands out. */
export const STATUS_TONES: Record<OrderStatus, StatusTone> = {
  created: 'draft',
  image_uploaded: 'draft',
  design_confirmed: 'draft',
  details_confirmed: 'draft',
  awaiting_payment: 'waiting',
  to_pay_at_store: 'waiting',
  paid: 'paid',
  printed: 'progress',
  ready: 'progress',
  shipped: 'progress',
  delivered: 'done',
  cancelled: 'cancelled',
};

/**
 * How the case reaches the customer; null while the customer has not chosen how to pay (and so
 * has not chosen between pickup and delivery either).
 */
export function deliveryLabel(order: Pick<Order, 'paymentMethod' | 'isHomeDelivery'>): string | null {
  if (order.paymentMethod === null) return null;
  return order.isHomeDelivery ? 'Envío a domicilio' : 'Recogida en tienda';
}
