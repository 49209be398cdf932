import type { FiscalData } from '@shop/contracts/invoices';
import type { Order } from '@shop/contracts/orders';
import type { Queryable } from '../../db/client.ts';

/**
 * What the order's mails must know that only the modules above mail know: the order itself, its
 * invoice and its money. The mail module asks; the answers are wired where the app is assembled
 * (workflows/order-mails.ts), so mail imports none of those modules and reads none of their
 * tables. Every answer reads in the caller's transaction (the `Queryable` it is given).
 */
export interface MailFacts {
  orders: OrderLookup;
  invoices: InvoiceFacts;
  payments: PaymentFacts;
}

/** The order as its mails read it (the orders module answers). */
export interface OrderLookup {
  /** The order with its tracking token, for the 'Sigue tu pedido' link; fails when there is none. */
  order(q: Queryable, orderId: string): Promise<Order>;
}

/** What the order's mails say of and attach from its invoices (the invoices module answers). */
export interface InvoiceFacts {
  /** The customer's data for a full invoice, when they asked for one; null otherwise. */
  invoiceRequest(q: Queryable, orderId: string): Promise<FiscalData | null>;
  /** The stored PDF (its file id) of the order's invoice with this number. */
  invoicePdf(q: Queryable, orderId: string, number: string): Promise<string>;
}

/** What the order's mails say about its money that only the payments know (the payments module answers). */
export interface PaymentFacts {
  /** The means of the gateway attempt that paid the order, or null. */
  paidOnlineWith(q: Queryable, orderId: string): Promise<'card' | 'bizum' | null>;
  /** What the gateway refunded of the payment that paid the order, or null when nothing was. */
  refundedOnline(
    q: Queryable,
    orderId: string,
  ): Promise<{ amountCents: number; method: 'card' | 'bizum' } | null>;
}
