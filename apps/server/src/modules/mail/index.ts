/** Mail to customers and staff: the outbox, its templates, attachments and sending. */

export { makeCheckoutEffects } from './checkout-effects.ts';
export { conditionsDocument, renderConditionsPdf } from './conditions-pdf.ts';
export { MailDispatcher } from './dispatcher.ts';
export {
  countMailsOfOrders,
  countMailsTo,
  dropMailsOfOrders,
  dropMailsTo,
  filesAttachedToMails,
} from './retention.ts';
export { enqueueMail, listOutbox, type PaymentFacts } from './service.ts';
export { createMailTransport } from './transport.ts';
