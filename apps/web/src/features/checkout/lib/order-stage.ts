import { isCheckoutOpen, isFinal, isPlaced, type OrderStatus } from '@shop/contracts/order-lifecycle';

/**
 * Where an order stands for the checkout screens, read off the life cycle's table:
 * - `design`: the customer has not confirmed a design yet (editor);
 * - `open`: checkout in progress (payment method, delivery, data, a payment under way);
 * - `placed`: ordered (to pay at the store) or paid, and beyond: the data is frozen;
 * - `cancelled`: over without being placed.
 */
export type OrderStage = 'design' | 'open' | 'placed' | 'cancelled';

export function orderStage(status: OrderStatus): OrderStage {
  if (isPlaced(status)) return 'placed';
  if (isFinal(status)) return 'cancelled';
  return isCheckoutOpen(status) ? 'open' : 'design';
}
