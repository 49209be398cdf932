import { z } from 'zod';

/**
 * `POST /api/mails` (docs/product.md §7.7: toList, subject, text). Staff only: open to anyone it would be
 * a relay for spam under the shop's name. Each recipient gets a message of their own, so nobody
 * sees the other addresses.
 */
export const MAIL_MAX_RECIPIENTS = 20;

/** No control characters at all: a CR or LF in a header would let the sender add headers. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
/** PostgreSQL text cannot hold NUL; any other character, line breaks included, is fine in a body. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing NUL is the point.
const NO_NUL = /^[^\u0000]*$/;

export const MailSendSchema = z.object({
  toList: z.array(z.string().trim().max(254).pipe(z.email())).min(1).max(MAIL_MAX_RECIPIENTS),
  subject: z.string().trim().min(1).max(200).regex(SINGLE_LINE),
  text: z
    .string()
    .max(20_000)
    .regex(NO_NUL)
    .refine((s) => s.trim().length > 0),
});
export type MailSend = z.infer<typeof MailSendSchema>;

export const MailQueuedSchema = z.object({
  /** Messages put in the outbox: one per distinct recipient. */
  queued: z.number().int(),
});

export const MailStatus = z.enum(['pending', 'sending', 'sent', 'failed']);
export type MailStatus = z.infer<typeof MailStatus>;

export const OUTBOX_PAGE_SIZE = 50;

export const OutboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(OUTBOX_PAGE_SIZE),
});
export type OutboxQuery = z.infer<typeof OutboxQuerySchema>;

/** One message of the outbox as the back office lists it (newest first). */
export const OutboxEntrySchema = z.object({
  id: z.number().int(),
  /** What the message is: an order mail ('order-received', 'order-paid'...) or 'manual'. */
  kind: z.string(),
  orderId: z.string().nullable(),
  to: z.string(),
  subject: z.string(),
  status: MailStatus,
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** When the next attempt is due (pending messages). */
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

export const OutboxPageSchema = z.object({
  items: z.array(OutboxEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type OutboxPage = z.infer<typeof OutboxPageSchema>;
