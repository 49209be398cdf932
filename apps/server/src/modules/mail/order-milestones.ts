import type { Queryable } from '../../db/client.ts';
import { behindSavepoint } from '../../db/savepoint.ts';
import type { FileService } from '../files/index.ts';
import { recordOrderConditions } from './conditions.ts';
import type { MailFacts } from './facts.ts';
import { enqueueRefundMail, type RefundMailInput, type RefundMailKind } from './refund-templates.ts';
import {
  enqueueCancellationMail,
  enqueueForOrder,
  enqueueOrderMail,
  type MailConfig,
  type MailInvoice,
  type MailLogger,
} from './service.ts';

/**
 * The mails of an order's milestones, each queued in the transaction (`tx`) that reaches the
 * milestone. The orders module calls them through its `CheckoutEffects` hooks
 * (workflows/order-mails.ts joins the two).
 */
export interface OrderMilestoneMails {
  orderPlaced(tx: Queryable, orderId: string): Promise<void>;
  orderPaid(tx: Queryable, orderId: string): Promise<void>;
  orderReady(tx: Queryable, orderId: string): Promise<void>;
  orderShipped(tx: Queryable, orderId: string): Promise<void>;
  orderDelivered(tx: Queryable, orderId: string): Promise<void>;
  /** With the rectificativa the cancellation issued, attached. */
  orderCancelled(tx: Queryable, orderId: string, rectificativa?: MailInvoice | null): Promise<void>;
  /** Once per `dedupe` and kind; false when nothing was queued (no address, or queued before). */
  refundNotice(
    tx: Queryable,
    orderId: string,
    notice: RefundMailInput & { kind: RefundMailKind; dedupe: string },
  ): Promise<boolean>;
}

/**
 * Runs `fn` behind a savepoint: if queueing a mail fails, the mail is lost (and logged) but the
 * order's milestone still commits. A paid order must never be rolled back because of a mail.
 * A failure of the connection itself cannot be rolled back to the savepoint and still aborts.
 */
async function bestEffort(
  tx: Queryable,
  log: MailLogger | undefined,
  context: { orderId: string; milestone: string },
  fn: () => Promise<unknown>,
): Promise<void> {
  const done = await behindSavepoint(tx, 'mail_enqueue', fn);
  if (!done.ok) {
    log?.error({ err: done.err, ...context }, 'order mail could not be queued');
  }
}

/**
 * The mails of the checkout milestones:
 * - placed (pay at the store): 'order-received' to the customer, and a copy to the shop;
 * - paid: the receipt ('order-paid') to the customer; to the shop, the delivery details for home
 *   delivery, else the 'order-received' copy (already sent if the order was placed first: then
 *   nothing new goes out);
 * - ready (a pickup order waits at the store): 'ready-for-pickup' to the customer;
 * - cancelled: 'order-cancelled' to the customer.
 */
export function orderMilestoneMails(
  config: MailConfig,
  files: FileService,
  facts: MailFacts,
  log?: MailLogger,
): OrderMilestoneMails {
  return {
    async orderPlaced(tx, orderId) {
      await bestEffort(tx, log, { orderId, milestone: 'placed' }, async () => {
        const conditions = await recordOrderConditions(tx, files, config.company, orderId);
        const order = await facts.orders.order(tx, orderId);
        const now = new Date();
        await enqueueForOrder(tx, order, 'order-received', ['customer'], config, facts, now, [], conditions);
        await enqueueForOrder(tx, order, 'order-received', ['shop'], config, facts, now);
      });
    },
    async orderPaid(tx, orderId) {
      await bestEffort(tx, log, { orderId, milestone: 'paid' }, async () => {
        // Paid online, the receipt is the first confirmation; placed first, the conditions went then.
        const copy = await recordOrderConditions(tx, files, config.company, orderId);
        const order = await facts.orders.order(tx, orderId);
        const now = new Date();
        await enqueueForOrder(
          tx,
          order,
          'order-paid',
          ['customer'],
          config,
          facts,
          now,
          [],
          copy.fresh ? copy : null,
        );
        if (order.isHomeDelivery)
          await enqueueForOrder(tx, order, 'delivery-details', ['shop'], config, facts, now);
        else await enqueueForOrder(tx, order, 'order-received', ['shop'], config, facts, now);
      });
    },
    async refundNotice(tx, orderId, { kind, dedupe, ...input }) {
      return enqueueRefundMail(tx, orderId, kind, dedupe, input, config, facts);
    },
    async orderCancelled(tx, orderId, rectificativa) {
      await bestEffort(tx, log, { orderId, milestone: 'cancelled' }, () =>
        enqueueCancellationMail(tx, orderId, config, rectificativa ?? null, facts),
      );
    },
    async orderReady(tx, orderId) {
      await bestEffort(tx, log, { orderId, milestone: 'ready' }, async () => {
        const order = await facts.orders.order(tx, orderId);
        // 'ready' means waiting at the counter; a parcel gets no "come and collect it" mail.
        if (!order.isHomeDelivery)
          await enqueueForOrder(tx, order, 'ready-for-pickup', ['customer'], config, facts, new Date());
      });
    },
    async orderShipped(tx, orderId) {
      await bestEffort(tx, log, { orderId, milestone: 'shipped' }, () =>
        enqueueOrderMail(tx, orderId, 'order-shipped', config, facts),
      );
    },
    async orderDelivered(tx, orderId) {
      await bestEffort(tx, log, { orderId, milestone: 'delivered' }, () =>
        enqueueOrderMail(tx, orderId, 'order-delivered', config, facts),
      );
    },
  };
}
