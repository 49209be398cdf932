import type { OrderStatus } from '@shop/contracts/orders';

/**
 * Where an order stands for the checkout screens:
 * - `design`: the customer has not confirmed a design yet (editor);
 * - `open`: checkout in progress (payment method, delivery, data, a payment under way);
 * - `placed`: ordered (to pay at the store) or paid, and beyond: the data is frozen;
 * - `cancelled`.
 */
export type OrderStage = 'design' | 'open' | 'placed' | 'cancelled';

const STAGES: Record<OrderStatus, OrderStage> = {
  created: 'design',
  image_uploaded: 'design',
  design_confirmed: 'open',
  details_confirmed: 'open',
  awaiting_payment: 'open',
  to_pay_at_store: 'placed',
  paid: 'placed',
  printed: 'placed',
  ready: 'placed',
  shipped: 'placed',
  delivered: 'placed',
  cancelled: 'cancelled',
};

export const orderStage = (status: OrderStatus): OrderStage => STAGES[status];
