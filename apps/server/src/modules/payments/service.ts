import { randomInt } from 'node:crypto';
import { centsToEuros } from '@shop/contracts/money';
import { isPastCheckout, isPayableOnline } from '@shop/contracts/order-lifecycle';
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
import {
  byCustomer,
  formatOrderNumber,
  lockOrder,
  orderStatusOf,
  payableOrder,
  transition,
} from '../orders/index.ts';
import { type RedsysParams, signRequest, verifySignedFields } from './redsys.ts';

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
    const row = await payableOrder(tx, input.orderId);
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

/** Ds_Response of a payment the customer cancelled at the gateway. */
const CANCELLED_BY_CUSTOMER = '9915';

interface AttemptListRow {
  ds_response: string | null;
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
  const status = await orderStatusOf(q, orderId);
  if (!status) throw fail(404, 'ORDER_NOT_FOUND', 'orderNotFound');
  const { rows } = await q.query<AttemptListRow>(
    `SELECT gateway_order, method, status, mismatch, amount_cents, ds_response, created_at, updated_at
     FROM payment_attempts WHERE order_id = $1 ORDER BY id DESC`,
    [orderId],
  );
  const latest = rows[0];
  // A payment that could not be applied is being given back: for the customer it did not pay.
  const latestStatus = latest?.mismatch ? 'failed' : latest?.status;
  return {
    status: isPastCheckout(status) ? 'paid' : (latestStatus ?? 'none'),
    orderStatus: status,
    attempts: rows.map((r) => ({
      gatewayOrder: r.gateway_order,
      method: r.method,
      status: r.status,
      amount: centsToEuros(r.amount_cents),
      cancelledByCustomer: r.status === 'failed' && r.ds_response === CANCELLED_BY_CUSTOMER,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    })),
  };
}
