/** Mail to customers and staff: the outbox, its templates, attachments and sending. */

export { conditionsDocument, renderConditionsPdf } from './conditions-pdf.ts';
export { MailDispatcher } from './dispatcher.ts';
export type { InvoiceFacts, MailFacts, OrderLookup, PaymentFacts } from './facts.ts';
export { type OrderMilestoneMails, orderMilestoneMails } from './order-milestones.ts';
export {
  countMailsOfOrders,
  countMailsTo,
  dropMailsOfOrders,
  dropMailsTo,
  filesAttachedToMails,
} from './retention.ts';
export { enqueueMail, listOutbox, type MailConfig, type MailLogger } from './service.ts';
export { createMailTransport } from './transport.ts';
