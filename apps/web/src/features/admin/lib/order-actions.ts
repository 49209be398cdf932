import { PAYABLE_AT_STORE_STATUSES, PRINTABLE_STATUSES } from '@shop/contracts/order-rules';
import type { Order, OrderStatus } from '@shop/contracts/orders';

/** What staff can do with an order; the server enforces the same rules (409 otherwise). */
export type OrderAction =
  | 'confirmPayment'
  | 'print'
  | 'ready'
  | 'shipped'
  | 'delivered'
  | 'invoice'
  | 'cancel';

/** Before printing; a paid order's refund is handled at the store or the bank. */
const CANCELLABLE: readonly OrderStatus[] = [
  'created',
  'image_uploaded',
  'design_confirmed',
  'details_confirmed',
  'awaiting_payment',
  'to_pay_at_store',
  'paid',
];

export type OrderForActions = Pick<Order, 'status' | 'isHomeDelivery' | 'paymentMethod' | 'paidAt'>;

/** The actions that make sense for an order in its current state, in the order they are shown. */
export function orderActions(order: OrderForActions): OrderAction[] {
  const { status } = order;
  const paid = order.paidAt !== null;
  const actions: OrderAction[] = [];
  if (order.paymentMethod === 'paystore' && !paid && PAYABLE_AT_STORE_STATUSES.includes(status))
    actions.push('confirmPayment');
  if (PRINTABLE_STATUSES.includes(status)) actions.push('print');
  if (status === 'printed') actions.push(order.isHomeDelivery ? 'shipped' : 'ready');
  if ((status === 'ready' || status === 'shipped') && paid) actions.push('delivered');
  if (paid && status !== 'cancelled') actions.push('invoice');
  if (CANCELLABLE.includes(status)) actions.push('cancel');
  return actions;
}
