import type { Queryable } from '../../db/client.ts';
import type { FileService } from '../files/index.ts';
import type { CheckoutEffects } from '../orders/checkout-service.ts';
import { recordOrderConditions } from './conditions.ts';
import { enqueueRefundMail } from './refund-templates.ts';
import {
  enqueueCancellationMail,
  enqueueForOrder,
  enqueueOrderMail,
  type MailConfig,
  type MailLogger,
  orderForMail,
  type PaymentFacts,
} from './service.ts';

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
  await tx.query('SAVEPOINT mail_enqueue');
  try {
    await fn();
    await tx.query('RELEASE SAVEPOINT mail_enqueue');
  } catch (err) {
    try {
      await tx.query('ROLLBACK TO SAVEPOINT mail_enqueue');
      await tx.query('RELEASE SAVEPOINT mail_enqueue');
    } catch {
      throw err;
    }
    log?.error({ err, ...context }, 'order mail could not be queued');
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
export function makeCheckoutEffects(
  config: MailConfig,
  files: FileService,
  facts: PaymentFacts,
  log?: MailLogger,
): Omit<CheckoutEffects, 'issueInvoice'> {
  return {
    async orderPlaced(tx, orderId) {
      await bestEffort(tx, log, { orderId, milestone: 'placed' }, async () => {
        const conditions = await recordOrderConditions(tx, files, config.company, orderId);
        const order = await orderForMail(tx, orderId);
        const now = new Date();
        await enqueueForOrder(tx, order, 'order-received', ['customer'], config, now, [], conditions);
        await enqueueForOrder(tx, order, 'order-received', ['shop'], config, now);
      });
    },
    async orderPaid(tx, orderId) {
      await bestEffort(tx, log, { orderId, milestone: 'paid' }, async () => {
        // Paid online, the receipt is the first confirmation; placed first, the conditions went then.
        const copy = await recordOrderConditions(tx, files, config.company, orderId);
        const order = await orderForMail(tx, orderId);
        const now = new Date();
        await enqueueForOrder(
          tx,
          order,
          'order-paid',
          ['customer'],
          config,
          now,
          [],
          copy.fresh ? copy : null,
          facts,
        );
        if (order.isHomeDelivery) await enqueueForOrder(tx, order, 'delivery-details', ['shop'], config, now);
        else await enqueueForOrder(tx, order, 'order-received', ['shop'], config, now);
      });
    },
    async refundNotice(tx, orderId, { kind, dedupe, ...input }) {
      return enqueueRefundMail(tx, orderId, kind, dedupe, input, config);
    },
    async orderCancelled(tx, orderId, rectificativa) {
      await bestEffort(tx, log, { orderId, milestone: 'cancelled' }, () =>
        enqueueCancellationMail(tx, orderId, config, rectificativa ?? null, facts),
      );
    },
    async orderReady(tx, orderId) {
      await bestEffort(tx, log, { orderId, milestone: 'ready' }, async () => {
        const order = await orderForMail(tx, orderId);
        // 'ready' means waiting at the counter; a parcel gets no "come and collect it" mail.
        if (!order.isHomeDelivery)
          await enqueueForOrder(tx, order, 'ready-for-pickup', ['customer'], config, new Date());
      });
    },
    async orderShipped(tx, orderId) {
      await bestEffort(tx, log, { orderId, milestone: 'shipped' }, () =>
        enqueueOrderMail(tx, orderId, 'order-shipped', config),
      );
    },
    async orderDelivered(tx, orderId) {
      await bestEffort(tx, log, { orderId, milestone: 'delivered' }, () =>
        enqueueOrderMail(tx, orderId, 'order-delivered', config),
      );
    },
  };
}
