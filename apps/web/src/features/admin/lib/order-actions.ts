import {
  allowedMoves,
  isCancellable,
  isCashableAtCounter,
  isPrintable,
  type OrderStatus,
} from '@shop/contracts/order-lifecycle';
import type { Order } from '@shop/contracts/orders';

/** What staff can do with an order; the server enforces the same table (409 otherwise). */
export type OrderAction =
  | 'confirmPayment'
  | 'print'
  | 'ready'
  | 'shipped'
  | 'delivered'
  | 'invoice'
  | 'cancel';

/** The hand-set moves of the back office's buttons, in the order they are shown. */
const HAND_SET: readonly (OrderStatus & OrderAction)[] = ['ready', 'shipped', 'delivered'];

export type OrderForActions = Pick<Order, 'status' | 'isHomeDelivery' | 'paymentMethod' | 'paidAt'>;

/**
 * The actions that make sense for an order in its current state, in the order they are shown. Staff
 * of the order's store and administrators have the same moves in the table: the store's are used.
 */
export function orderActions(order: OrderForActions): OrderAction[] {
  const { status } = order;
  const paid = order.paidAt !== null;
  const actions: OrderAction[] = [];
  if (order.paymentMethod === 'paystore' && !paid && isCashableAtCounter(status))
    actions.push('confirmPayment');
  if (isPrintable(status)) actions.push('print');
  const moves = allowedMoves(status, 'storeStaff', { isHomeDelivery: order.isHomeDelivery, paid });
  actions.push(...HAND_SET.filter((move) => moves.includes(move)));
  if (paid && status !== 'cancelled') actions.push('invoice');
  if (isCancellable(status, 'storeStaff')) actions.push('cancel');
  return actions;
}

/** Said under every reason staff write that ends up on the rectificativa the customer receives. */
export const REASON_ON_INVOICE =
  'Este motivo se imprime en la factura rectificativa que recibe el cliente: escríbalo pensando en él.';
