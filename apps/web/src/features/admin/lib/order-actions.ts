import type { OrderStatus } from '@shop/contracts/orders';

/** What staff can do with an order; the server enforces the same rules (409 otherwise). */
export type OrderAction =
  | 'confirmPayment'
  | 'print'
  | 'ready'
  | 'shipped'
  | 'delivered'
  | 'invoice'
  | 'cancel';

/** Paid and every state after it: the print file and the invoice exist from here on. */
const SETTLED: readonly OrderStatus[] = ['paid', 'printed', 'ready', 'shipped', 'delivered'];

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

/** The actions that make sense for an order in its current state, in the order they are shown. */
export function orderActions(order: { status: OrderStatus; isHomeDelivery: boolean }): OrderAction[] {
  const { status } = order;
  const actions: OrderAction[] = [];
  if (status === 'to_pay_at_store') actions.push('confirmPayment');
  if (SETTLED.includes(status)) actions.push('print');
  if (status === 'printed') actions.push(order.isHomeDelivery ? 'shipped' : 'ready');
  if (status === 'ready' || status === 'shipped') actions.push('delivered');
  if (SETTLED.includes(status)) actions.push('invoice');
  if (CANCELLABLE.includes(status)) actions.push('cancel');
  return actions;
}
