/** Mail to customers and staff: the outbox, its templates, attachments and sending. */

export { makeCheckoutEffects } from './checkout-effects.ts';
export { conditionsDocument, renderConditionsPdf } from './conditions-pdf.ts';
export { dropMailsOfOrders, filesAttachedToMails } from './retention.ts';
