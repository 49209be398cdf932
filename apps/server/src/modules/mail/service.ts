import { randomUUID } from 'node:crypto';
import type { MailSend, MailStatus, OutboxPage, OutboxQuery } from '@shop/contracts/mail';
import { eurosToCents } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { currentRequestId } from '../../lib/request-context.ts';
import { type ConditionsCopy, conditionsFilename } from './conditions.ts';
import type { MailFacts, PaymentFacts } from './facts.ts';
import { footerLines, headerText, type MailAudience } from './layout.ts';
import { amountDue } from './order-blocks.ts';
import {
  type CancellationRefund,
  DEFAULT_AUDIENCES,
  type OrderMailKind,
  type PaidWith,
  renderOrderMail,
} from './templates.ts';

/**
 * The outbox: mails are rows, written in the transaction of the change they report, and sent
 * later by the dispatcher. A mail therefore goes out if and only if its change committed, and a
 * mail server that is away delays it instead of losing it or failing the customer's request.
 */

/** What the mail service needs from the configuration. */
export type MailConfig = Pick<Config, 'mail' | 'company' | 'publicUrl'>;

/** The subset of a logger the mail module uses (Fastify's and pino's loggers fit). */
export interface MailLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const Email = z.string().max(254).pipe(z.email());

/**
 * An address we are willing to put in a To or Reply-To header, or null. The checkout only asks for
 * an '@' (docs/product.md §5.3), and 'a@b.es, otro@c.es' must not turn one customer into two recipients.
 */
export function deliverableAddress(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  return v && Email.safeParse(v).success ? v : null;
}

/** The domain of the From address, for Message-IDs; 'localhost' when it cannot be read. */
function messageIdDomain(from: string): string {
  const m = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return m?.[1] ? m[1].toLowerCase() : 'localhost';
}

/** A globally unique RFC 5322 Message-ID, fixed when the mail is queued. */
export function newMessageId(from: string): string {
  return `<${randomUUID()}@${messageIdDomain(from)}>`;
}

export interface OutboxInsert {
  /** Null for mails that may repeat (staff mails); otherwise at most one row per key, ever. */
  dedupeKey: string | null;
  kind: string;
  orderId: string | null;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
}

/** Inserts one outbox row; null when a row with the same dedupe key already exists. */
export async function insertOutbox(q: Queryable, row: OutboxInsert, from: string): Promise<number | null> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO mail_outbox (dedupe_key, kind, order_id, to_address, reply_to, subject, text_body, html_body, message_id,
       request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (dedupe_key) DO NOTHING
     RETURNING id`,
    [
      row.dedupeKey,
      row.kind,
      row.orderId,
      row.to,
      row.replyTo,
      headerText(row.subject),
      row.text,
      row.html,
      newMessageId(from),
      currentRequestId(),
    ],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** `order:<id>:paid:customer`: one mail per order, milestone and recipient. */
export function orderDedupeKey(orderId: string, kind: OrderMailKind, audience: MailAudience): string {
  return `order:${orderId}:${kind.replace(/^order-/, '')}:${audience}`;
}

/** How the order was actually paid: at the store, or the means of the gateway attempt that was paid. */
async function paidWithOf(q: Queryable, order: Order, facts: PaymentFacts): Promise<PaidWith | null> {
  if (order.paymentMethod === 'paystore') return 'store';
  return facts.paidOnlineWith(q, order.id);
}

/** An invoice a mail carries as its PDF. */
export interface MailInvoice {
  number: string;
  fileId: string;
}

/** Attaches PDFs to a queued mail, in the transaction that queued it. */
async function attachPdfs(q: Queryable, outboxId: number, pdfs: { fileId: string; filename: string }[]) {
  for (const pdf of pdfs) {
    await q.query(
      `INSERT INTO mail_attachments (outbox_id, file_id, filename, content_type)
       VALUES ($1, $2, $3, 'application/pdf')`,
      [outboxId, pdf.fileId, pdf.filename],
    );
  }
}

/** Attaches invoices' PDFs to a queued mail, in the transaction that queued it. */
export const attachInvoices = (q: Queryable, outboxId: number, invoices: MailInvoice[]) =>
  attachPdfs(
    q,
    outboxId,
    invoices.map((i) => ({ fileId: i.fileId, filename: `factura-${i.number}.pdf` })),
  );

/**
 * What went back to the customer of a cancelled order that was paid: the cash at the counter, or
 * what the gateway accepted to refund of the payment that paid it. Null when nothing was paid, or
 * (online) when nothing has been refunded: the mail must not say it was.
 */
async function cancellationRefundOf(
  q: Queryable,
  order: Order,
  facts: PaymentFacts,
): Promise<CancellationRefund | null> {
  if (!order.paidAt) return null;
  if (order.paymentMethod === 'paystore')
    return { amountCents: eurosToCents(amountDue(order)), means: 'store' };
  const refunded = await facts.refundedOnline(q, order.id);
  return refunded ? { amountCents: refunded.amountCents, means: refunded.method } : null;
}

export async function enqueueForOrder(
  q: Queryable,
  order: Order,
  kind: OrderMailKind,
  audiences: readonly MailAudience[],
  config: MailConfig,
  facts: MailFacts,
  now: Date,
  attach: MailInvoice[] = [],
  conditions: ConditionsCopy | null = null,
): Promise<number> {
  let queued = 0;
  for (const audience of audiences) {
    if (!DEFAULT_AUDIENCES[kind].includes(audience)) {
      throw new Error(`The '${kind}' mail has no '${audience}' version`);
    }
    const customer = deliverableAddress(order.customerEmail);
    // No usable customer address (a pickup order may have none): the customer simply gets no mail.
    const to = audience === 'customer' ? customer : config.mail.shopEmail;
    if (!to) continue;
    // Replies from the customer reach the shop's support address; the shop's reply reaches the customer.
    const replyTo = audience === 'customer' ? deliverableAddress(config.company.email) : customer;
    const paidWith = kind === 'order-paid' ? await paidWithOf(q, order, facts.payments) : null;
    const refund = kind === 'order-cancelled' ? await cancellationRefundOf(q, order, facts.payments) : null;
    // The shop's copy says when a full invoice was asked for, so staff can check it before paying.
    const fullInvoice =
      kind === 'order-received' && audience === 'shop'
        ? await facts.invoices.invoiceRequest(q, order.id)
        : null;
    const mail = renderOrderMail(kind, audience, order, config, now, paidWith, refund, fullInvoice);
    const inserted = await insertOutbox(
      q,
      {
        dedupeKey: orderDedupeKey(order.id, kind, audience),
        kind,
        orderId: order.id,
        to,
        replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      },
      config.mail.from,
    );
    if (inserted === null) continue;
    queued++;
    // The receipt carries the invoice issued with the payment.
    if (kind === 'order-paid' && order.invoice) {
      const fileId = await facts.invoices.invoicePdf(q, order.id, order.invoice.number);
      await attachInvoices(q, inserted, [{ number: order.invoice.number, fileId }]);
    }
    await attachInvoices(q, inserted, attach);
    // The conditions on a durable medium, with the customer's first confirmation (ADR 26).
    if (conditions && audience === 'customer') {
      await attachPdfs(q, inserted, [
        { fileId: conditions.fileId, filename: conditionsFilename(conditions) },
      ]);
    }
  }
  return queued;
}

/**
 * Queues an order mail, rendered now from the order as this transaction sees it. Each milestone
 * queues each mail at most once (a repeated call changes nothing). By default 'order-received'
 * goes to the customer and, as a copy, to the shop; 'order-paid' and 'ready-for-pickup' to the
 * customer; 'delivery-details' to the shop. Returns how many mails were queued.
 */
export async function enqueueOrderMail(
  q: Queryable,
  orderId: string,
  kind: OrderMailKind,
  config: MailConfig,
  facts: MailFacts,
  opts: { audiences?: readonly MailAudience[]; now?: Date } = {},
): Promise<number> {
  const order = await facts.orders.order(q, orderId);
  return enqueueForOrder(
    q,
    order,
    kind,
    opts.audiences ?? DEFAULT_AUDIENCES[kind],
    config,
    facts,
    opts.now ?? new Date(),
  );
}

/**
 * The customer's 'order-cancelled' mail, once per order, with the rectificativa the cancellation
 * issued attached. It says what went back (see cancellationRefundOf): it is queued only after the
 * money has been returned.
 */
export async function enqueueCancellationMail(
  q: Queryable,
  orderId: string,
  config: MailConfig,
  rectificativa: MailInvoice | null,
  facts: MailFacts,
): Promise<number> {
  // With its tracking token: the mail links the order's tracking page, as every order mail does.
  const order = await facts.orders.order(q, orderId);
  return enqueueForOrder(
    q,
    order,
    'order-cancelled',
    ['customer'],
    config,
    facts,
    new Date(),
    rectificativa ? [rectificativa] : [],
  );
}

/**
 * A staff mail (`POST /api/mails`): one plain-text message per distinct recipient, so nobody sees
 * the other addresses and each is retried on its own. Returns how many were queued.
 */
export async function enqueueMail(q: Queryable, input: MailSend, config: MailConfig): Promise<number> {
  const seen = new Set<string>();
  let queued = 0;
  for (const raw of input.toList) {
    const to = deliverableAddress(raw);
    if (!to || seen.has(to.toLowerCase())) continue;
    seen.add(to.toLowerCase());
    await insertOutbox(
      q,
      {
        dedupeKey: null,
        kind: 'manual',
        orderId: null,
        to,
        replyTo: null,
        subject: input.subject,
        // Every mail says who sends it: the company's legal name, NIF and registry data.
        text: `${input.text}\n\n--\n${footerLines(config, 'anyone').join('\n')}\n`,
        html: null,
      },
      config.mail.from,
    );
    queued++;
  }
  return queued;
}

interface OutboxListRow {
  id: number;
  kind: string;
  order_id: string | null;
  to_address: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  created_at: Date;
  sent_at: Date | null;
  next_attempt_at: Date;
  last_error: string | null;
}

/** The outbox for the back office, newest first. */
export async function listOutbox(q: Queryable, query: OutboxQuery): Promise<OutboxPage> {
  const [list, count] = await Promise.all([
    q.query<OutboxListRow>(
      `SELECT id, kind, order_id, to_address, subject, status, attempts, created_at, sent_at, next_attempt_at, last_error
       FROM mail_outbox ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
      [query.size, (query.page - 1) * query.size],
    ),
    q.query<{ total: number }>('SELECT count(*)::int AS total FROM mail_outbox'),
  ]);
  return {
    items: list.rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      orderId: r.order_id,
      to: r.to_address,
      subject: r.subject,
      status: r.status,
      attempts: r.attempts,
      createdAt: r.created_at.toISOString(),
      sentAt: r.sent_at ? r.sent_at.toISOString() : null,
      nextAttemptAt: r.next_attempt_at.toISOString(),
      lastError: r.last_error,
    })),
    total: count.rows[0]?.total ?? 0,
    page: query.page,
    size: query.size,
  };
}
