import type { OrderStatus } from '@shop/contracts/order-lifecycle';
import type { Queryable } from '../../db/client.ts';
import { recordEvent } from '../../jobs/events.ts';

/**
 * What happens to an order, as typed domain events (ADR 31), all in this one place. Each is
 * recorded in the transaction of the change it reports, so it exists exactly when the change
 * committed; subscribers (mails, invoices, refunds) get it through the job queue. `by` is the
 * timeline's actor (`moverName`).
 */
export type OrderEvent =
  /** Any change of `orders.status`, written by `transition()` and only there. */
  | { type: 'order.status_changed'; subject: string; from: OrderStatus; to: OrderStatus; by: string }
  /** The order passed the checkout: it is waiting for its print (ADR 23's `isPlaced`). */
  | { type: 'order.placed'; subject: string; status: OrderStatus; by: string }
  /** Money came in (`markOrderPaid`): the gateway's verified answer or the counter. */
  | { type: 'order.paid'; subject: string; by: string }
  | { type: 'order.cancelled'; subject: string; from: OrderStatus; by: string; paid: boolean };

export type OrderEventType = OrderEvent['type'];

/** Records one of the order's events in the caller's transaction. */
export function recordOrderEvent(tx: Queryable, event: OrderEvent): Promise<string> {
  return recordEvent(tx, event);
}
