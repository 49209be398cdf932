import type { FileService } from '../modules/files/index.ts';
import { getInvoiceRequest, invoicesOfOrders, orderInvoicePdf } from '../modules/invoices/index.ts';
import {
  type MailConfig,
  type MailFacts,
  type MailLogger,
  orderMilestoneMails,
  type PaymentFacts,
} from '../modules/mail/index.ts';
import { type CheckoutEffects, getOrder } from '../modules/orders/index.ts';

/**
 * The order's mails join the orders module and the mail module: the order's milestones
 * (`CheckoutEffects`, declared by orders) are answered with mails, and what the mails must know of
 * the order and its invoice (`MailFacts`, declared by mail) is answered by the orders and invoices
 * modules. Neither module imports the other.
 */

/** The mail module's questions, answered in the caller's transaction; the money by `payments`. */
export function orderMailFacts(payments: PaymentFacts): MailFacts {
  return {
    // With its tracking token (every order mail links the order's tracking page) and its invoices.
    orders: {
      order: (q, orderId) => getOrder(q, orderId, { trackingToken: true, invoices: invoicesOfOrders }),
    },
    invoices: {
      invoiceRequest: getInvoiceRequest,
      invoicePdf: (q, orderId, number) => orderInvoicePdf(q, orderId, number),
    },
    payments,
  };
}

/**
 * The checkout's hooks answered with the order's mails (mail's `orderMilestoneMails` says which
 * mail goes at which milestone), all but the invoice, which the invoices module issues. A mail
 * that cannot be queued is logged and lost; the order's milestone still commits.
 */
export function makeCheckoutEffects(
  config: MailConfig,
  files: FileService,
  payments: PaymentFacts,
  log?: MailLogger,
): Omit<CheckoutEffects, 'issueInvoice'> {
  return orderMilestoneMails(config, files, orderMailFacts(payments), log);
}
