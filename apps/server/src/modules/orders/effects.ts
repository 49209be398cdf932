import type { Queryable } from '../../db/client.ts';

/** What the customer is told about money that went back, or a payment that was not applied. */
export interface RefundNotice {
  kind: 'refund' | 'payment-not-applied';
  /** One mail per key and kind, ever (`refund:<id>`, `attempt:<id>`). */
  dedupe: string;
  amountCents: number;
  method: 'card' | 'bizum';
  /** The rectificativa issued with the refund, when the order had an invoice. */
  invoiceNumber: string | null;
  /** Its PDF, attached to the mail that announces it. */
  invoiceFileId?: string | null;
  /** For 'payment-not-applied': whether the refund is asked of the gateway now or left to staff. */
  automatic?: boolean;
}

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
  /**
   * Money went back to the customer ('refund'), or a payment arrived that the order could not
   * take ('payment-not-applied'): the customer is told, once per `dedupe`. False when the order
   * has no address to write to or the mail was queued before.
   */
  refundNotice(tx: Queryable, orderId: string, notice: RefundNotice): Promise<boolean>;
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
