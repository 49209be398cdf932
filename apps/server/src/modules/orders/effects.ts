import type { Queryable } from '../../db/client.ts';

/** Hooks run inside the order's transaction at its milestones (mails to the customer and the shop). */
export interface CheckoutEffects {
  /** A pay-at-store order is complete and waits at the store. */
  orderPlaced(tx: Queryable, orderId: string): Promise<void>;
  /** An order has been paid (online or at the counter). */
  orderPaid(tx: Queryable, orderId: string): Promise<void>;
  /** A pickup order is printed and waits at the store. */
  orderReady(tx: Queryable, orderId: string): Promise<void>;
  /** A home-delivery order has left with the carrier (staff entered the tracking number). */
  orderShipped(tx: Queryable, orderId: string): Promise<void>;
  /** The customer has the case: collected at the store or delivered by the carrier. */
  orderDelivered(tx: Queryable, orderId: string): Promise<void>;
  /** Staff cancelled an order: the customer is told, with the rectificativa it issued attached. */
  orderCancelled(
    tx: Queryable,
    orderId: string,
    rectificativa?: { number: string; fileId: string } | null,
  ): Promise<void>;
  /** An order has just been paid: its invoice is issued now, before the paid mails (invoices module). */
  issueInvoice(tx: Queryable, orderId: string, actor: string): Promise<void>;
}

/**
 * What the checkout asks of the payments without depending on them (app.ts wires the payments
 * module's answer in): while a trip to the gateway is under way, the order's amount and method must
 * not change, since the customer may be about to authorise the amount the gateway is showing.
 */
export interface CheckoutGuards {
  paymentInProgress(tx: Queryable, orderId: string): Promise<boolean>;
}
