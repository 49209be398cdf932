/** Mail to customers and staff: the outbox, its templates, attachments and sending. */
export { dropMailsOfOrders, filesAttachedToMails } from './retention.ts';
