import { centsToEuros, formatEuros } from '@shop/contracts/money';
import { canTransition, isPastCheckout } from '@shop/contracts/order-lifecycle';
import type { RedsysNotificationForm } from '@shop/contracts/payments';
import type { Database, Queryable } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { hit } from '../../plugins/rate-limit.ts';
import {
  byGateway,
  type CheckoutEffects,
  flagOrder,
  lockOrder,
  markOrderPaid,
  payableOrder,
} from '../orders/index.ts';
import {
  decodeParamValue,
  isAuthorised,
  paramOf,
  type RedsysParams,
  sameNumber,
  verifySignedFields,
} from './redsys.ts';
import type { AttemptRow, PaymentLog } from './service.ts';

/** The gateway's signed notifications: verified, recorded, and applied to their order once. */

/**
 * What became of a notification, as written to payment_notifications.outcome:
 * - malformed, bad_signature: not verifiable, so not from the gateway; nothing changed.
 * - unknown_order, merchant_mismatch, currency_mismatch, amount_mismatch, other_transaction:
 *   signed with our key but not about one of our attempts as we made it; nothing changed.
 * - paid, failed: the attempt took the gateway's verdict (and the order was paid, for `paid`).
 * - duplicate: the attempt already had its verdict (a replay or a retry); nothing changed.
 * - paid_order_settled: money taken for an order another attempt had already paid (refund it).
 * - paid_order_not_payable: money taken for an order no longer waiting for payment (cancelled,
 *   or sent back a step); the attempt is paid, the order is not: staff must settle it.
 * - paid_amount_changed: money taken for an amount the order no longer has (the delivery choice
 *   changed while the customer was at the gateway); same treatment.
 * - paid_after_denial: an authorisation after the same operation was denied (or after the
 *   customer came back through the KO return); same treatment.
 * Every 'paid_order_*', 'paid_amount_changed' and 'paid_after_denial' attempt carries its `mismatch`, flags the order
 * 'requiere atención', mails the customer and is refunded (REFUND_MISMATCHED).
 */
export type NotificationOutcome =
  | 'malformed'
  | 'bad_signature'
  | 'unknown_order'
  | 'merchant_mismatch'
  | 'currency_mismatch'
  | 'amount_mismatch'
  | 'other_transaction'
  | 'paid'
  | 'failed'
  | 'duplicate'
  | 'paid_order_settled'
  | 'paid_order_not_payable'
  | 'paid_amount_changed'
  | 'paid_after_denial';

export interface NotificationResult {
  verified: boolean;
  outcome: NotificationOutcome;
  gatewayOrder: string | null;
  /** A payment that could not be applied to its order: refund it (see REFUND_MISMATCHED). */
  toRefund?: { orderId: string; attemptId: number; amountCents: number; mismatch: Mismatch };
}

/** Unverified notifications logged per sender and 10 minutes; past that they are only refused. */
const UNVERIFIED_LOGGED_PER_WINDOW = 100;

async function recordNotification(
  q: Queryable,
  fields: RedsysNotificationForm,
  params: RedsysParams | null,
  result: NotificationResult,
  attemptId: number | null,
): Promise<void> {
  await q.query(
    `INSERT INTO payment_notifications
       (attempt_id, gateway_order, signature_version, merchant_parameters, signature, params, verified, outcome)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      attemptId,
      result.gatewayOrder,
      fields.Ds_SignatureVersion ?? null,
      fields.Ds_MerchantParameters ?? null,
      fields.Ds_Signature ?? null,
      params ? JSON.stringify(params) : null,
      result.verified,
      result.outcome,
    ],
  );
}

/**
 * Applies one gateway notification, exactly once however often it arrives.
 *
 * The attempt row is locked (FOR UPDATE), so concurrent copies of one notification queue behind
 * each other; an attempt takes a verdict only while it has none ('pending', or 'expired' by our
 * own clock: a signed late verdict still tells the truth about money taken), so only the first
 * copy changes anything; the order moves to paid, and `orderPaid` runs, in that same transaction.
 * Every notification is logged with its outcome, verified or not.
 */
export async function handleNotification(
  db: Database,
  config: Config,
  effects: () => CheckoutEffects,
  fields: RedsysNotificationForm,
  sender: string,
  log: PaymentLog,
): Promise<NotificationResult> {
  // Checked in the version it names, and only if that is the terminal's version.
  const verification = verifySignedFields(config.redsys.secretKey, fields, 'notification', [
    config.redsys.signatureVersion,
  ]);
  if (!verification.ok) {
    const result: NotificationResult = {
      verified: false,
      outcome: verification.reason === 'signature' ? 'bad_signature' : 'malformed',
      gatewayOrder: null,
    };
    // Only the sender's address and the reason reach the log: never the fields themselves.
    log.warn({ sender, reason: verification.reason }, 'payment notification refused: not verifiable');
    try {
      await hit(db, `payment:unverified:${sender}`, UNVERIFIED_LOGGED_PER_WINDOW, 10 * 60);
      await recordNotification(db, fields, verification.params, result, null);
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode !== 429) throw err;
    }
    return result;
  }

  const { params, order: gatewayOrder } = verification;
  return db.transaction(async (tx) => {
    const done = async (outcome: NotificationOutcome, attemptId: number | null) => {
      const result: NotificationResult = { verified: true, outcome, gatewayOrder };
      await recordNotification(tx, fields, params, result, attemptId);
      return result;
    };
    const { rows } = await tx.query<AttemptRow>(
      `SELECT id, order_id, gateway_order, amount_cents, currency, method, status
       FROM payment_attempts WHERE gateway_order = $1 FOR UPDATE`,
      [gatewayOrder],
    );
    const attempt = rows[0];
    const context = { gatewayOrder, attemptId: attempt?.id };
    if (!attempt) {
      log.warn(context, 'payment notification for an unknown gateway order');
      return done('unknown_order', null);
    }

    const amount = paramOf(params, 'Ds_Amount');
    if (
      !sameNumber(paramOf(params, 'Ds_MerchantCode'), config.redsys.merchantCode) ||
      !sameNumber(paramOf(params, 'Ds_Terminal'), config.redsys.terminal)
    ) {
      log.error(context, 'payment notification for another merchant or terminal');
      return done('merchant_mismatch', attempt.id);
    }
    // Refunds and other operations made in the gateway's back office notify with the same Ds_Order.
    if (!sameNumber(paramOf(params, 'Ds_TransactionType'), '0')) {
      log.info(context, 'payment notification of another transaction type ignored');
      return done('other_transaction', attempt.id);
    }
    if (!sameNumber(paramOf(params, 'Ds_Currency'), attempt.currency)) {
      log.error(context, 'payment notification in another currency');
      return done('currency_mismatch', attempt.id);
    }
    if (!sameNumber(amount, String(attempt.amount_cents))) {
      log.error(
        { ...context, expected: attempt.amount_cents, amount },
        'payment notification for another amount',
      );
      return done('amount_mismatch', attempt.id);
    }
    const response = paramOf(params, 'Ds_Response') ?? '';
    const authorised = isAuthorised(response);
    // A verdict is final, except that an authorisation after a denial is money taken: it is
    // recorded and looked at, never dropped as a repeat.
    if (attempt.status === 'paid' || (attempt.status === 'failed' && !authorised)) {
      log.info({ ...context, status: attempt.status }, 'payment notification repeated; nothing to do');
      return done('duplicate', attempt.id);
    }
    const afterDenial = attempt.status === 'failed';
    await tx.query(
      `UPDATE payment_attempts
       SET status = $2, ds_response = $3, ds_authorisation_code = $4, notified_at = now(), updated_at = now()
       WHERE id = $1`,
      [
        attempt.id,
        authorised ? 'paid' : 'failed',
        response.slice(0, 8) || null,
        authorised
          ? (decodeParamValue(paramOf(params, 'Ds_AuthorisationCode'))?.trim().slice(0, 16) ?? null)
          : null,
      ],
    );
    if (!authorised) {
      log.info({ ...context, response }, 'payment attempt declined or cancelled');
      return done('failed', attempt.id);
    }
    return applyAuthorisation(tx, config, effects, attempt, afterDenial, log, done);
  });
}

/**
 * Why a genuine authorisation did not pay its order. The money is real: the attempt is recorded
 * as paid, the order is flagged for staff with the reason, the customer is told, and the payment
 * is refunded (automatically with REFUND_MISMATCHED=auto, by staff otherwise).
 */
export type Mismatch =
  | 'amount_changed'
  | 'method_changed'
  | 'cancelled'
  | 'already_paid'
  | 'not_payable'
  | 'after_denial';

const MISMATCH_OUTCOME: Record<Mismatch, NotificationOutcome> = {
  already_paid: 'paid_order_settled',
  cancelled: 'paid_order_not_payable',
  method_changed: 'paid_order_not_payable',
  not_payable: 'paid_order_not_payable',
  amount_changed: 'paid_amount_changed',
  after_denial: 'paid_after_denial',
};

/** The 'requiere atención' text for staff. */
export function mismatchReason(mismatch: Mismatch, gatewayOrder: string, amountCents: number): string {
  const paid = `Pago de ${formatEuros(centsToEuros(amountCents))} autorizado por Redsys (${gatewayOrder})`;
  switch (mismatch) {
    case 'amount_changed':
      return `${paid} para un importe que el pedido ya no tiene: la entrega cambió durante el pago.`;
    case 'method_changed':
      return `${paid} para un pedido que pasó a pagarse en la tienda.`;
    case 'cancelled':
      return `${paid} para un pedido cancelado.`;
    case 'already_paid':
      return `${paid} para un pedido que otro pago ya había pagado.`;
    case 'not_payable':
      return `${paid} para un pedido que no esperaba el pago.`;
    case 'after_denial':
      return `${paid} después de que esa misma operación se diera por denegada: compruébalo en el panel de Redsys.`;
  }
}

export async function applyAuthorisation(
  tx: Queryable,
  config: Config,
  effects: () => CheckoutEffects,
  attempt: AttemptRow,
  afterDenial: boolean,
  log: PaymentLog,
  done: (outcome: NotificationOutcome, attemptId: number | null) => Promise<NotificationResult>,
): Promise<NotificationResult> {
  const context = { gatewayOrder: attempt.gateway_order, attemptId: attempt.id };
  const order = await lockOrder(tx, attempt.order_id);
  const payable = await payableOrder(tx, order.id);
  let mismatch: Mismatch | null = null;
  if (isPastCheckout(order.status)) mismatch = 'already_paid';
  else if (order.status === 'cancelled') mismatch = 'cancelled';
  // The gateway said no to this operation first: the customer was told so and may have paid
  // another way since, so a later yes is not applied but given back like the others.
  else if (afterDenial) mismatch = 'after_denial';
  else if (payable.payment_method !== 'paynow') mismatch = 'method_changed';
  else if (!canTransition(order.status, 'paid', 'gateway')) mismatch = 'not_payable';
  else if (payable.price_cents + payable.shipping_cents !== attempt.amount_cents) mismatch = 'amount_changed';

  if (mismatch === null) {
    await markOrderPaid(
      tx,
      order,
      { by: byGateway, note: `Redsys ${attempt.gateway_order} (${attempt.method})` },
      effects(),
    );
    log.info(context, 'order paid online');
    return done('paid', attempt.id);
  }

  await tx.query('UPDATE payment_attempts SET mismatch = $2 WHERE id = $1', [attempt.id, mismatch]);
  await flagOrder(tx, order.id, mismatchReason(mismatch, attempt.gateway_order, attempt.amount_cents));
  const automatic = config.redsys.refundMismatched === 'auto';
  await effects().refundNotice(tx, order.id, {
    kind: 'payment-not-applied',
    dedupe: `attempt:${attempt.id}`,
    amountCents: attempt.amount_cents,
    method: attempt.method,
    invoiceNumber: null,
    automatic,
  });
  log.error(
    { ...context, mismatch, orderStatus: order.status },
    'payment taken for an order that could not take it',
  );
  const result = await done(MISMATCH_OUTCOME[mismatch], attempt.id);
  return {
    ...result,
    toRefund: { orderId: order.id, attemptId: attempt.id, amountCents: attempt.amount_cents, mismatch },
  };
}
