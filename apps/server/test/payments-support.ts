import assert from 'node:assert/strict';
import type { ModelPage } from '@shop/contracts/catalogue';
import type { Order } from '@shop/contracts/orders';
import type { PaymentInitiation } from '@shop/contracts/payments';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Database, Queryable } from '../src/db/client.ts';
import type { CheckoutEffects } from '../src/modules/orders/checkout-service.ts';
import {
  decodeMerchantParameters,
  type RedsysParams,
  type SignedFields,
  signNotification,
} from '../src/modules/payments/redsys.ts';
import type { Client } from './helpers.ts';

/** Shared by the payment test files: a pay-now order reached through the real checkout calls. */

export const PUBLIC_TEST_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
/** Another valid key (the Redsys PHP example's): a forger's signature. */
export const OTHER_KEY = 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev';

export type CatalogueModel = ModelPage['items'][number];

function multipart(name: string, value: Buffer, filename: string, type: string) {
  const boundary = `----paytest${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    value,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const photo = () =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
const design = () =>
  sharp({ create: { width: 480, height: 760, channels: 4, background: { r: 30, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();

async function upload(c: Client, bytes: Buffer, filename: string, type: string): Promise<string> {
  const res = await c.request({
    method: 'POST',
    url: '/api/images',
    ...multipart('file', bytes, filename, type),
  });
  assert.equal(res.statusCode, 201, res.body);
  return (res.json() as { uri: string }).uri;
}

function ok(res: LightMyRequestResponse, status = 200): LightMyRequestResponse {
  assert.equal(res.statusCode, status, res.body);
  return res;
}

/** The first model store 1 offers to customers. */
export async function firstModel(c: Client): Promise<CatalogueModel> {
  return ((await c.get('/api/models?store=1&size=1')).json() as ModelPage).items[0]!;
}

/**
 * An order through the customer's real calls up to the point of paying now: photo, design,
 * "pay now", optional home delivery, contact (and delivery) data: status details_confirmed.
 * With `details: false` it stops after choosing to pay now (design_confirmed).
 */
export async function payNowOrder(
  customer: Client,
  model: CatalogueModel,
  opts: { delivery?: boolean; details?: boolean } = {},
): Promise<Order> {
  const delivery = opts.delivery ?? true;
  // The customer's own session: the order is theirs, and only theirs to go on with.
  const c = customer;
  const created = ok(
    await c.post('/api/orders', { store: { id: 1 }, brand: { id: model.brand.id }, model: { id: model.id } }),
    201,
  ).json() as { id: string };
  const id = created.id;
  ok(await c.put(`/api/orders/${id}`, { image: await upload(c, await photo(), 'foto.jpg', 'image/jpeg') }));
  ok(
    await c.put(`/api/orders/${id}/design`, {
      design: await upload(c, await design(), 'design.png', 'image/png'),
      transform: { centerX: 0.5, centerY: 0.5, scale: 3.5, quarterTurns: 0, flipX: false },
    }),
  );
  const chosen = ok(
    await c.post(`/api/orders/${id}/confirmPaymentMethod?paymentMethod=paynow`),
  ).json() as Order;
  if (opts.details === false) {
    assert.equal(chosen.status, 'design_confirmed');
    return chosen;
  }
  if (delivery) ok(await c.post(`/api/orders/${id}/addDelivery`));
  else ok(await c.post(`/api/orders/${id}/confirmInStorePickup`));
  ok(
    await c.post(`/api/orders/${id}/confirmUserDetails`, {
      name: 'Lucía Pérez',
      email: 'lucia@example.com',
      phone: '600111222',
    }),
  );
  const order = delivery
    ? (ok(
        await c.post(`/api/orders/${id}/confirmDelivery`, {
          address: 'Calle Larios, 5',
          city: 'Málaga',
          postalCode: '29005',
        }),
      ).json() as Order)
    : ((await c.get(`/api/orders/${id}`)).json() as Order);
  assert.equal(order.status, 'details_confirmed');
  return order;
}

export async function initiate(c: Client, orderId: string, query = ''): Promise<PaymentInitiation> {
  return ok(await c.post(`/api/payment/initiate/${orderId}${query}`)).json() as PaymentInitiation;
}

export function requestParams(init: PaymentInitiation): RedsysParams {
  const params = decodeMerchantParameters(init.ds_MerchantParameters);
  assert.ok(params);
  return params;
}

/** The notification the gateway would send for a request, with changes; signed with `key`. */
export function notificationFor(
  request: RedsysParams,
  over: Partial<RedsysParams> = {},
  key: string = PUBLIC_TEST_KEY,
): SignedFields {
  return signNotification(key, {
    Ds_Date: '02%2F03%2F2026',
    Ds_Hour: '12%3A30',
    Ds_SecurePayment: '1',
    Ds_Amount: request.DS_MERCHANT_AMOUNT!,
    Ds_Currency: '978',
    Ds_Order: request.DS_MERCHANT_ORDER!,
    Ds_MerchantCode: request.DS_MERCHANT_MERCHANTCODE!,
    Ds_Terminal: '001',
    Ds_Response: '0000',
    Ds_MerchantData: '',
    Ds_TransactionType: '0',
    Ds_ConsumerLanguage: '1',
    Ds_AuthorisationCode: '123456',
    ...over,
  });
}

/**
 * Posts a notification as the gateway does: a form (with the charset parameter Redsys adds), no
 * cookies, no forgery token.
 */
export function postNotification(app: FastifyInstance, fields: Partial<SignedFields> | string) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/redsys/notification',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    payload:
      typeof fields === 'string' ? fields : new URLSearchParams(fields as Record<string, string>).toString(),
  });
}

export async function paidEvents(db: Database, orderId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND to_status = 'paid'`,
    [orderId],
  );
  return rows[0]!.n;
}

export async function attemptsOf(db: Database, orderId: string) {
  const { rows } = await db.query<{
    gateway_order: string;
    status: string;
    amount_cents: number;
    method: string;
    ds_response: string | null;
    ds_authorisation_code: string | null;
    notified_at: Date | null;
  }>(
    `SELECT gateway_order, status, amount_cents, method, ds_response, ds_authorisation_code, notified_at
     FROM payment_attempts WHERE order_id = $1 ORDER BY id`,
    [orderId],
  );
  return rows;
}

export async function notificationOutcomes(db: Database, gatewayOrder: string): Promise<string[]> {
  const { rows } = await db.query<{ outcome: string }>(
    'SELECT outcome FROM payment_notifications WHERE gateway_order = $1 ORDER BY id',
    [gatewayOrder],
  );
  return rows.map((r) => r.outcome);
}

/**
 * Counts `orderPaid` calls per order, keeping whatever the real effects do (the paid mails).
 * When no effects are wired yet, stands in with ones that do nothing else.
 */
export function countOrderPaid(app: FastifyInstance): Map<string, number> {
  const calls = new Map<string, number>();
  const deps = app.deps as { checkoutEffects?: CheckoutEffects };
  deps.checkoutEffects ??= {
    orderPlaced: async () => {},
    orderPaid: async () => {},
    orderReady: async () => {},
    orderCancelled: async () => {},
  } as unknown as CheckoutEffects;
  const effects = deps.checkoutEffects;
  const real = effects.orderPaid;
  effects.orderPaid = async (tx: Queryable, orderId: string) => {
    calls.set(orderId, (calls.get(orderId) ?? 0) + 1);
    await real.call(effects, tx, orderId);
  };
  return calls;
}
