import { randomInt } from 'node:crypto';
import { centsToEuros, formatEuros } from '@shop/contracts/money';
import {
  canTransition,
  isPastCheckout,
  isPayableOnline,
  type OrderStatus,
} from '@shop/contracts/order-lifecycle';
import type { PaymentMethod } from '@shop/contracts/orders';
import type {
  OnlinePaymentMethod,
  PaymentAttemptStatus,
  PaymentInitiation,
  PaymentStatus,
  RedsysNotificationForm,
} from '@shop/contracts/payments';
import { productName } from '@shop/contracts/product';
import type { Database, Queryable } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { fail } from '../../lib/errors.ts';
import { hit } from '../../plugins/rate-limit.ts';
import { enqueueRefundMail } from '../mail/refund-templates.ts';
import type { CheckoutEffects } from '../orders/checkout-service.ts';
import { markOrderPaid } from '../orders/paid.ts';
import { formatOrderNumber } from '../orders/service.ts';
import { byCustomer, byGateway, lockOrder, transition } from '../orders/state.ts';
import {
  decodeParamValue,
  isAuthorised,
  paramOf,
  type RedsysParams,
  sameNumber,
  signRequest,
  verifySignedFields,
} from './redsys.ts';

/**
 * Online payment through Redsys (redirect integration). The browser only carries the signed
 * request to the gateway; what happens to the order is decided here, by the gateway's signed
 * server-to-server notification, and nowhere else (never by the customer landing on
 * payment-success).
 */

/** Euro, ISO 4217 numeric code, as Redsys writes it. */
export const CURRENCY_EUR = '978';

/** A customer can start this many gateway trips per order and hour (each one is a row). */
const INITIATIONS_PER_HOUR = 30;

/** Redsys field limits: product description 125 characters, merchant name 25. */
const MAX_DESCRIPTION = 125;
const MAX_MERCHANT_NAME = 25;

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A new gateway order number (Ds_Order) for an attempt: the shop's order number (at least 6
 * digits, so the 4 leading digits Redsys demands are always there, and staff can read it in the
 * gateway's back office) followed by random letters and digits up to 12 characters. Redsys refuses
 * a number it has already seen, so every attempt needs its own.
 */
export function mintGatewayOrder(orderNumber: number): string {
  const digits = formatOrderNumber(orderNumber).slice(-8);
  let tail = '';
  while (digits.length + tail.length < 12) tail += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return digits + tail;
}

interface PayableOrderRow {
  order_number: number;
  payment_method: PaymentMethod | null;
  price_cents: number;
  shipping_cents: number;
  brand_name: string;
  model_name: string;
}

export interface InitiateInput {
  orderId: string;
  method: OnlinePaymentMethod;
  /** The shop's public origin (no trailing slash): the gateway calls and sends the customer here. */
  shopOrigin: string;
}

/**
 * Starts a trip to the gateway: checks the order may be paid online, records a fresh attempt for
 * the order's own amount (price plus shipping, read from the order row, never from the client),
 * moves the order to awaiting_payment and returns the signed request for the browser to post.
 */
export async function initiatePayment(
  db: Database,
  config: Config,
  input: InitiateInput,
): Promise<PaymentInitiation> {
  const { attempt, order } = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, input.orderId);
    // Paid online, printed or further: the order's price and data are frozen.
    if (isPastCheckout(locked.status)) throw fail(409, 'ORDER_STATE', 'paymentAlreadySettled');
    const { rows } = await tx.query<PayableOrderRow>(
      `SELECT o.order_number, o.payment_method, o.price_cents, o.shipping_cents,
              b.name AS brand_name, m.name AS model_name
       FROM orders o JOIN brands b ON b.id = o.brand_id JOIN models m ON m.id = o.model_id
       WHERE o.id = $1`,
      [input.orderId],
    );
    const row = rows[0]!;
    if (locked.status === 'cancelled') throw fail(409, 'ORDER_STATE', 'orderStateConflict');
    if (row.payment_method === 'paystore') throw fail(409, 'ORDER_STATE', 'paymentNotPayNow');
    if (row.payment_method !== 'paynow' || !isPayableOnline(locked.status)) {
      throw fail(409, 'ORDER_STATE', 'paymentNotReady');
    }
    const amountCents = row.price_cents + row.shipping_cents;
    if (amountCents <= 0) throw fail(409, 'ORDER_STATE', 'paymentNothingToPay');
    await hit(tx, `payment:initiate:${input.orderId}`, INITIATIONS_PER_HOUR, 60 * 60);

    let inserted: { id: number; gateway_order: string } | undefined;
    // A clash of the random tail is all but impossible; the unique index makes it harmless.
    for (let tries = 0; !inserted && tries < 5; tries++) {
      const { rows: created } = await tx.query<{ id: number; gateway_order: string }>(
        `INSERT INTO payment_attempts (order_id, gateway_order, amount_cents, currency, method)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (gateway_order) DO NOTHING RETURNING id, gateway_order`,
        [input.orderId, mintGatewayOrder(row.order_number), amountCents, CURRENCY_EUR, input.method],
      );
      inserted = created[0];
    }
    if (!inserted) throw new Error('could not mint a unique gateway order number');
    await transition(tx, locked, 'awaiting_payment', byCustomer);
    return { attempt: { ...inserted, amountCents }, order: row };
  });

  const origin = input.shopOrigin;
  const description = `${productName({ name: order.brand_name }, { name: order.model_name })} (pedido ${formatOrderNumber(order.order_number)})`;
  const params: RedsysParams = {
    DS_MERCHANT_AMOUNT: String(attempt.amountCents),
    DS_MERCHANT_ORDER: attempt.gateway_order,
    DS_MERCHANT_MERCHANTCODE: config.redsys.merchantCode,
    DS_MERCHANT_CURRENCY: CURRENCY_EUR,
    DS_MERCHANT_TRANSACTIONTYPE: '0',
    DS_MERCHANT_TERMINAL: config.redsys.terminal,
    DS_MERCHANT_MERCHANTURL: `${origin}/api/payment/redsys/notification`,
    DS_MERCHANT_URLOK: `${origin}/payment-success`,
    DS_MERCHANT_URLKO: `${origin}/payment-failure`,
    DS_MERCHANT_PRODUCTDESCRIPTION: description.slice(0, MAX_DESCRIPTION),
    DS_MERCHANT_MERCHANTNAME: config.company.tradeName.slice(0, MAX_MERCHANT_NAME),
    // 001 = Spanish. The order id is not sent as DS_MERCHANT_MERCHANTDATA on purpose: it is the
    // customer's key to the order, and the attempt row already ties Ds_Order to it.
    DS_MERCHANT_CONSUMERLANGUAGE: '001',
    DS_MERCHANT_PAYMETHODS: input.method === 'bizum' ? 'z' : 'C',
  };
  const signed = signRequest(config.redsys.secretKey, params, config.redsys.signatureVersion);
  return {
    ds_SignatureVersion: config.redsys.signatureVersion,
    ds_MerchantParameters: signed.Ds_MerchantParameters,
    ds_Signature: signed.Ds_Signature,
    url: config.redsys.url ?? `${origin}/simulator/redsys`,
  };
}

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

/** Where the module reports what it saw; the route passes its request logger. */
export interface PaymentLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface AttemptRow {
  id: number;
  order_id: string;
  gateway_order: string;
  amount_cents: number;
  currency: string;
  method: OnlinePaymentMethod;
  status: PaymentAttemptStatus;
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
  const { rows } = await tx.query<{ due: number; payment_method: PaymentMethod | null }>(
    'SELECT price_cents + shipping_cents AS due, payment_method FROM orders WHERE id = $1',
    [order.id],
  );
  const row = rows[0]!;
  let mismatch: Mismatch | null = null;
  if (isPastCheckout(order.status)) mismatch = 'already_paid';
  else if (order.status === 'cancelled') mismatch = 'cancelled';
  // The gateway said no to this operation first: the customer was told so and may have paid
  // another way since, so a later yes is not applied but given back like the others.
  else if (afterDenial) mismatch = 'after_denial';
  else if (row.payment_method !== 'paynow') mismatch = 'method_changed';
  else if (!canTransition(order.status, 'paid', 'gateway')) mismatch = 'not_payable';
  else if (row.due !== attempt.amount_cents) mismatch = 'amount_changed';

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
  await enqueueRefundMail(
    tx,
    order.id,
    'payment-not-applied',
    `attempt:${attempt.id}`,
    { amountCents: attempt.amount_cents, method: attempt.method, invoiceNumber: null, automatic },
    config,
  );
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

/** Flags an order 'requiere atención' with the reason; a later reason is added to the earlier one. */
export async function flagOrder(q: Queryable, orderId: string, reason: string): Promise<void> {
  await q.query(
    `UPDATE orders SET attention_at = now(),
       attention_reason = left(CASE WHEN attention_reason IS NULL THEN $2 ELSE attention_reason || ' · ' || $2 END, 500)
     WHERE id = $1`,
    [orderId, reason],
  );
}

/**
 * The customer came back through the KO return: the gateway did not take the money, so the
 * order's pending attempts end as failed. Should the gateway authorise one of them after all, its
 * notification is still applied (an authorisation after a denial is never dropped).
 */
export async function customerReturnedKo(q: Queryable, orderId: string): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE payment_attempts SET status = 'failed', updated_at = now()
     WHERE order_id = $1 AND status = 'pending'`,
    [orderId],
  );
  return rowCount;
}

interface AttemptListRow {
  gateway_order: string;
  method: OnlinePaymentMethod;
  mismatch: string | null;
  status: PaymentAttemptStatus;
  amount_cents: number;
  created_at: Date;
  updated_at: Date;
}

/**
 * Whether these fields are the gateway's signed answer about an attempt of this order: the
 * signature checks with our key in the terminal's version, and its gateway order is one of the
 * order's attempts. Nothing is recorded: the caller decides whether to hear it at all.
 */
export async function signedForOrder(
  q: Queryable,
  config: Config,
  fields: RedsysNotificationForm,
  orderId: string,
): Promise<boolean> {
  const verification = verifySignedFields(config.redsys.secretKey, fields, 'notification', [
    config.redsys.signatureVersion,
  ]);
  if (!verification.ok) return false;
  const { rows } = await q.query(
    'SELECT 1 FROM payment_attempts WHERE gateway_order = $1 AND order_id = $2',
    [verification.order, orderId],
  );
  return rows.length > 0;
}

/** The payment side of an order, for the customer's pages (the owning session's, and staff's). */
export async function paymentStatus(q: Queryable, orderId: string): Promise<PaymentStatus> {
  const { rows: orders } = await q.query<{ status: OrderStatus }>('SELECT status FROM orders WHERE id = $1', [
    orderId,
  ]);
  const order = orders[0];
  if (!order) throw fail(404, 'ORDER_NOT_FOUND', 'orderNotFound');
  const { rows } = await q.query<AttemptListRow>(
    `SELECT gateway_order, method, status, mismatch, amount_cents, created_at, updated_at
     FROM payment_attempts WHERE order_id = $1 ORDER BY id DESC`,
    [orderId],
  );
  const latest = rows[0];
  // A payment that could not be applied is being given back: for the customer it did not pay.
  const latestStatus = latest?.mismatch ? 'failed' : latest?.status;
  return {
    status: isPastCheckout(order.status) ? 'paid' : (latestStatus ?? 'none'),
    orderStatus: order.status,
    attempts: rows.map((r) => ({
      gatewayOrder: r.gateway_order,
      method: r.method,
      status: r.status,
      amount: centsToEuros(r.amount_cents),
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    })),
  };
}
