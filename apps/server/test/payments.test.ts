import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import type { PaymentStatus } from '@shop/contracts/payments';
import { verifySignedFields } from '../src/modules/payments/redsys.ts';
import { reconcilePendingAttempts } from '../src/workflows/reconcile-payments.ts';
import { Client, createTestApp, type TestApp, tableCounts } from './helpers.ts';
import {
  attemptsOf,
  type CatalogueModel,
  countOrderPaid,
  firstModel,
  initiate,
  notificationFor,
  notificationOutcomes,
  OTHER_KEY,
  PUBLIC_TEST_KEY,
  paidEvents,
  payNowOrder,
  postNotification,
  requestParams,
} from './payments-support.ts';

const SHOP = 'https://tienda.example';

describe('online payment (Redsys)', () => {
  let t: TestApp;
  let c: Client;
  let model: CatalogueModel;
  let orderPaidCalls: Map<string, number>;

  before(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: SHOP } });
    c = new Client(t.app);
    model = await firstModel(c);
    orderPaidCalls = countOrderPaid(t.app);
  });
  after(() => t.close());

  const cents = (euros: number) => Math.round(euros * 100);
  const order = async (id: string) => (await c.get(`/api/orders/${id}`)).json() as Order;
  const status = async (id: string) => (await c.get(`/api/payment/redsys/${id}`)).json() as PaymentStatus;

  test('initiation signs a request for the order’s own price and shipping; a client amount is ignored', async () => {
    const o = await payNowOrder(c, model, { delivery: true });
    const res = await c.post(`/api/payment/initiate/${o.id}`, {
      amount: 0.01,
      total: 0.01,
      DS_MERCHANT_AMOUNT: '1',
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    const init = res.json();
    assert.deepEqual(Object.keys(init).sort(), [
      'ds_MerchantParameters',
      'ds_Signature',
      'ds_SignatureVersion',
      'url',
    ]);
    assert.equal(init.ds_SignatureVersion, 'HMAC_SHA256_V1');
    assert.equal(init.url, `${SHOP}/simulator/redsys`);

    const checked = verifySignedFields(
      PUBLIC_TEST_KEY,
      {
        Ds_SignatureVersion: init.ds_SignatureVersion,
        Ds_MerchantParameters: init.ds_MerchantParameters,
        Ds_Signature: init.ds_Signature,
      },
      'request',
    );
    assert.ok(checked.ok, 'signed with the merchant key');
    const p = requestParams(init);
    const due = cents(o.total) + cents(o.shipping);
    assert.equal(o.shipping, 5);
    assert.equal(p.DS_MERCHANT_AMOUNT, String(due));
    assert.equal(p.DS_MERCHANT_CURRENCY, '978');
    assert.equal(p.DS_MERCHANT_TRANSACTIONTYPE, '0');
    assert.equal(p.DS_MERCHANT_MERCHANTCODE, '999008881');
    assert.equal(p.DS_MERCHANT_TERMINAL, '1');
    assert.match(p.DS_MERCHANT_ORDER!, new RegExp(`^${o.orderNumber}[0-9A-Za-z]{6}$`));
    assert.equal(p.DS_MERCHANT_MERCHANTURL, `${SHOP}/api/payment/redsys/notification`);
    assert.equal(p.DS_MERCHANT_URLOK, `${SHOP}/payment-success`);
    assert.equal(p.DS_MERCHANT_URLKO, `${SHOP}/payment-failure`);
    assert.equal(p.DS_MERCHANT_CONSUMERLANGUAGE, '001');
    assert.equal(p.DS_MERCHANT_PAYMETHODS, 'C');
    assert.equal(p.DS_MERCHANT_MERCHANTNAME, 'Fundamía');
    assert.match(p.DS_MERCHANT_PRODUCTDESCRIPTION!, new RegExp(`^Funda personalizada para .*${model.name}`));
    assert.equal(p.DS_MERCHANT_MERCHANTDATA, undefined, 'the order id (a capability) is not sent out');

    const now = await order(o.id);
    assert.equal(now.status, 'awaiting_payment');
    assert.equal(now.total, o.total, 'the order’s price is untouched');
    const attempts = await attemptsOf(t.db, o.id);
    assert.deepEqual(
      attempts.map((a) => [a.gateway_order, a.status, a.amount_cents, a.method]),
      [[p.DS_MERCHANT_ORDER, 'pending', due, 'card']],
    );
  });

  test('every initiation mints a fresh gateway order number; Bizum asks the gateway for pay method z', async () => {
    const o = await payNowOrder(c, model, { delivery: false });
    const first = requestParams(await initiate(c, o.id));
    const byQuery = requestParams(await initiate(c, o.id, '?method=bizum'));
    const byBody = requestParams(
      (await c.post(`/api/payment/initiate/${o.id}`, { method: 'bizum' })).json() as never,
    );
    assert.equal(first.DS_MERCHANT_PAYMETHODS, 'C');
    assert.equal(byQuery.DS_MERCHANT_PAYMETHODS, 'z');
    assert.equal(byBody.DS_MERCHANT_PAYMETHODS, 'z');
    const numbers = new Set([first, byQuery, byBody].map((p) => p.DS_MERCHANT_ORDER));
    assert.equal(numbers.size, 3);
    assert.equal(first.DS_MERCHANT_AMOUNT, String(cents(o.total)), 'pickup: no shipping');
    assert.deepEqual(
      (await attemptsOf(t.db, o.id)).map((a) => a.method),
      ['card', 'bizum', 'bizum'],
    );
    const bad = await c.post(`/api/payment/initiate/${o.id}?method=cash`);
    assert.equal(bad.statusCode, 400);
  });

  test('a paid notification pays the order once, charging price and shipping exactly once', async () => {
    const o = await payNowOrder(c, model, { delivery: true });
    const request = requestParams(await initiate(c, o.id));
    const before = orderPaidCalls.get(o.id) ?? 0;
    assert.deepEqual((await status(o.id)).status, 'pending');

    const res = await postNotification(t.app, notificationFor(request));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.body, 'OK');

    const paid = await order(o.id);
    assert.equal(paid.status, 'paid');
    assert.equal(paid.pendingPayment, false);
    assert.equal(await paidEvents(t.db, o.id), 1);
    assert.equal((orderPaidCalls.get(o.id) ?? 0) - before, 1);
    const [attempt] = await attemptsOf(t.db, o.id);
    assert.equal(attempt!.status, 'paid');
    assert.equal(attempt!.amount_cents, cents(o.total) + cents(o.shipping));
    assert.equal(attempt!.ds_response, '0000');
    assert.equal(attempt!.ds_authorisation_code, '123456');
    assert.ok(attempt!.notified_at);

    const st = await status(o.id);
    assert.equal(st.status, 'paid');
    assert.equal(st.orderStatus, 'paid');
    assert.deepEqual(
      st.attempts.map((a) => [a.status, a.amount, a.method]),
      [['paid', o.total + o.shipping, 'card']],
    );

    // The same notification again (the gateway retrying, or someone replaying it): acknowledged, no effect.
    const again = await postNotification(t.app, notificationFor(request));
    assert.equal(again.statusCode, 200);
    assert.equal(await paidEvents(t.db, o.id), 1);
    assert.equal((orderPaidCalls.get(o.id) ?? 0) - before, 1);
    assert.deepEqual(await notificationOutcomes(t.db, request.DS_MERCHANT_ORDER!), ['paid', 'duplicate']);
  });

  test('a valid notification replayed 10 times at once changes the order once', async () => {
    const o = await payNowOrder(c, model);
    const request = requestParams(await initiate(c, o.id));
    const fields = notificationFor(request);
    const results = await Promise.all(Array.from({ length: 10 }, () => postNotification(t.app, fields)));
    assert.deepEqual(
      results.map((r) => r.statusCode),
      Array(10).fill(200),
    );
    assert.equal((await order(o.id)).status, 'paid');
    assert.equal(await paidEvents(t.db, o.id), 1);
    assert.equal(orderPaidCalls.get(o.id), 1);
    const outcomes = await notificationOutcomes(t.db, request.DS_MERCHANT_ORDER!);
    assert.equal(outcomes.length, 10);
    assert.deepEqual(outcomes.sort(), ['paid', ...Array(9).fill('duplicate')].sort());
  });

  test('a denied payment leaves the order unpaid and the attempt failed; the customer can try again', async () => {
    const o = await payNowOrder(c, model);
    const request = requestParams(await initiate(c, o.id));
    const res = await postNotification(
      t.app,
      notificationFor(request, { Ds_Response: '0190', Ds_AuthorisationCode: '' }),
    );
    assert.equal(res.statusCode, 200);
    assert.equal((await order(o.id)).status, 'awaiting_payment');
    assert.deepEqual(
      (await attemptsOf(t.db, o.id)).map((a) => [a.status, a.ds_response]),
      [['failed', '0190']],
    );
    assert.equal((await status(o.id)).status, 'failed');
    assert.equal(await paidEvents(t.db, o.id), 0);
    assert.equal(orderPaidCalls.get(o.id), undefined);

    // A late "paid" for the declined attempt does not pay the order: the money is recorded, the
    // order flagged for staff and the payment given back.
    await postNotification(t.app, notificationFor(request));
    assert.equal((await order(o.id)).status, 'awaiting_payment');
    assert.deepEqual(await notificationOutcomes(t.db, request.DS_MERCHANT_ORDER!), [
      'failed',
      'paid_after_denial',
    ]);
    const { rows: flagged } = await t.db.query<{ mismatch: string; attention_reason: string }>(
      `SELECT a.mismatch, o.attention_reason FROM payment_attempts a JOIN orders o ON o.id = a.order_id
       WHERE a.gateway_order = $1`,
      [request.DS_MERCHANT_ORDER],
    );
    assert.equal(flagged[0]!.mismatch, 'after_denial');
    assert.match(flagged[0]!.attention_reason, /se diera por denegada/);

    const retry = requestParams(await initiate(c, o.id));
    assert.notEqual(retry.DS_MERCHANT_ORDER, request.DS_MERCHANT_ORDER);
    assert.equal((await postNotification(t.app, notificationFor(retry))).statusCode, 200);
    assert.equal((await order(o.id)).status, 'paid');
    assert.equal(orderPaidCalls.get(o.id), 1);
  });

  test('forged, tampered and mismatched notifications change nothing and are all logged', async () => {
    const o = await payNowOrder(c, model);
    const request = requestParams(await initiate(c, o.id));
    const gatewayOrder = request.DS_MERCHANT_ORDER!;
    const genuine = notificationFor(request);

    const refused = async (fields: Parameters<typeof postNotification>[1]) => {
      const res = await postNotification(t.app, fields);
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.json(), {
        error: 'PAYMENT_NOTIFICATION_INVALID',
        message: messages.paymentNotificationInvalid,
      });
    };
    const acknowledged = async (fields: Parameters<typeof postNotification>[1]) => {
      const res = await postNotification(t.app, fields);
      assert.equal(res.statusCode, 200, res.body);
    };

    // Signed with a key that is not ours.
    await refused(notificationFor(request, {}, OTHER_KEY));
    // A genuine signature over other parameters (the amount changed in transit).
    const tampered = notificationFor(request, { Ds_Amount: '1' });
    await refused({ ...genuine, Ds_MerchantParameters: tampered.Ds_MerchantParameters });
    // Garbage and missing fields.
    await refused({ ...genuine, Ds_Signature: 'not-a-signature' });
    await refused({ ...genuine, Ds_SignatureVersion: 'HMAC_SHA512_V2' });
    await refused('Ds_SignatureVersion=HMAC_SHA256_V1');
    // Signed with our key, but not what we asked for.
    await acknowledged(notificationFor(request, { Ds_Amount: '1' }));
    await acknowledged(notificationFor(request, { Ds_MerchantCode: '123456789' }));
    await acknowledged(notificationFor(request, { Ds_Terminal: '002' }));
    await acknowledged(notificationFor(request, { Ds_Currency: '840' }));
    await acknowledged(notificationFor(request, { Ds_TransactionType: '3', Ds_Response: '0900' }));
    await acknowledged(notificationFor(request, { Ds_Order: '9999zzzzzzzz' }));

    assert.equal((await order(o.id)).status, 'awaiting_payment');
    assert.equal(await paidEvents(t.db, o.id), 0);
    assert.equal(orderPaidCalls.get(o.id), undefined);
    assert.deepEqual(
      (await attemptsOf(t.db, o.id)).map((a) => a.status),
      ['pending'],
    );
    assert.deepEqual(await notificationOutcomes(t.db, gatewayOrder), [
      'amount_mismatch',
      'merchant_mismatch',
      'merchant_mismatch',
      'currency_mismatch',
      'other_transaction',
    ]);
    assert.deepEqual(await notificationOutcomes(t.db, '9999zzzzzzzz'), ['unknown_order']);
    const { rows: unverified } = await t.db.query<{ outcome: string }>(
      'SELECT outcome FROM payment_notifications WHERE NOT verified ORDER BY id',
    );
    assert.deepEqual(unverified.map((r) => r.outcome).slice(-5), [
      'bad_signature',
      'bad_signature',
      'bad_signature',
      'malformed',
      'malformed',
    ]);

    // None of that used the attempt up: the genuine notification still pays the order.
    await acknowledged(genuine);
    assert.equal((await order(o.id)).status, 'paid');
    assert.equal(orderPaidCalls.get(o.id), 1);
  });

  test('a late "paid" for an order another attempt already paid is recorded and changes nothing', async () => {
    const o = await payNowOrder(c, model);
    const first = requestParams(await initiate(c, o.id));
    const second = requestParams(await initiate(c, o.id, '?method=bizum'));
    assert.equal((await postNotification(t.app, notificationFor(second))).statusCode, 200);
    assert.equal((await order(o.id)).status, 'paid');

    assert.equal((await postNotification(t.app, notificationFor(first))).statusCode, 200);
    assert.equal((await order(o.id)).status, 'paid');
    assert.equal(await paidEvents(t.db, o.id), 1);
    assert.equal(orderPaidCalls.get(o.id), 1);
    assert.deepEqual(await notificationOutcomes(t.db, first.DS_MERCHANT_ORDER!), ['paid_order_settled']);
    // The attempt says what the gateway did (money taken: to refund); the order is not touched.
    assert.deepEqual(
      (await attemptsOf(t.db, o.id)).map((a) => a.status),
      ['paid', 'paid'],
    );
  });

  test('only a pay-now order with its details confirmed can be sent to the gateway (409 otherwise)', async () => {
    const created = (
      await c.post('/api/orders', {
        store: { id: 1 },
        brand: { id: model.brand.id },
        model: { id: model.id },
      })
    ).json() as { id: string };
    const paid = await payNowOrder(c, model);
    await postNotification(t.app, notificationFor(requestParams(await initiate(c, paid.id))));
    assert.equal((await order(paid.id)).status, 'paid');

    // A pay-at-store order.
    const store = await payNowOrder(c, model, { delivery: false });
    const toStore = await c.post(`/api/orders/${store.id}/confirmPaymentMethod?paymentMethod=paystore`);
    assert.equal(toStore.statusCode, 200, toStore.body);
    assert.equal((await order(store.id)).paymentMethod, 'paystore');

    // A pay-now order whose details are not complete yet.
    const early = await payNowOrder(c, model, { details: false });

    const before = await tableCounts(t.db);
    for (const [id, message] of [
      [created.id, messages.paymentNotReady],
      [paid.id, messages.paymentAlreadySettled],
      [store.id, messages.paymentNotPayNow],
      [early.id, messages.paymentNotReady],
    ] as const) {
      const res = await c.post(`/api/payment/initiate/${id}`);
      assert.equal(res.statusCode, 409, `${id}: ${res.body}`);
      assert.deepEqual(res.json(), { error: 'ORDER_STATE', message });
    }
    assert.equal(
      (await c.post('/api/payment/initiate/00000000-0000-4000-8000-000000000000')).statusCode,
      404,
    );
    assert.equal((await c.post('/api/payment/initiate/123')).statusCode, 400);
    assert.deepEqual(await tableCounts(t.db), before, 'a refused initiation writes nothing');
  });

  test('initiation needs the forgery token and JSON, like every customer call', async () => {
    const o = await payNowOrder(c, model);
    const noToken = await c.request({ method: 'POST', url: `/api/payment/initiate/${o.id}`, csrf: false });
    assert.equal(noToken.statusCode, 403);
    const form = await c.request({
      method: 'POST',
      url: `/api/payment/initiate/${o.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=bizum',
    });
    assert.equal(form.statusCode, 415);
    assert.equal((await order(o.id)).status, 'details_confirmed');
  });

  test('after payment the order is frozen: every checkout call is refused', async () => {
    const o = await payNowOrder(c, model);
    await postNotification(t.app, notificationFor(requestParams(await initiate(c, o.id))));
    const frozen = await order(o.id);
    assert.equal(frozen.status, 'paid');

    const calls = [
      c.post(`/api/orders/${o.id}/confirmPaymentMethod?paymentMethod=paystore`),
      c.post(`/api/orders/${o.id}/confirmInStorePickup`),
      c.post(`/api/orders/${o.id}/addDelivery`),
      c.post(`/api/orders/${o.id}/confirmUserDetails`, {
        name: 'Otra',
        email: 'o@example.com',
        phone: '600000000',
      }),
      c.post(`/api/orders/${o.id}/confirmDelivery`, {
        address: 'Otra, 1',
        city: 'Ronda',
        postalCode: '29400',
      }),
      c.put(`/api/orders/${o.id}/design`, {
        design: frozen.design,
        transform: { centerX: 0.1, centerY: 0.1, scale: 1, quarterTurns: 1, flipX: true },
      }),
      c.put(`/api/orders/${o.id}`, { image: frozen.image }),
      c.delete(`/api/orders/${o.id}/removeImage`),
      c.post(`/api/payment/initiate/${o.id}`),
    ];
    for (const res of await Promise.all(calls)) assert.equal(res.statusCode, 409, res.body);
    assert.deepEqual(await order(o.id), frozen);
  });

  test('payment status: none, pending, failed, paid; unknown orders are 404', async () => {
    const o = await payNowOrder(c, model);
    const none = await c.get(`/api/payment/redsys/${o.id}`);
    assert.equal(none.headers['cache-control'], 'no-store');
    assert.deepEqual(none.json(), { status: 'none', orderStatus: 'details_confirmed', attempts: [] });
    const first = requestParams(await initiate(c, o.id));
    assert.equal((await status(o.id)).status, 'pending');
    await postNotification(t.app, notificationFor(first, { Ds_Response: '9915' }));
    assert.equal((await status(o.id)).status, 'failed');
    const second = requestParams(await initiate(c, o.id));
    assert.equal((await status(o.id)).status, 'pending');
    await postNotification(t.app, notificationFor(second));
    const paid = await status(o.id);
    assert.equal(paid.status, 'paid');
    assert.deepEqual(
      paid.attempts.map((a) => [a.gatewayOrder, a.status]),
      [
        [second.DS_MERCHANT_ORDER, 'paid'],
        [first.DS_MERCHANT_ORDER, 'failed'],
      ],
    );
    assert.equal((await c.get('/api/payment/redsys/00000000-0000-4000-8000-000000000000')).statusCode, 404);
    assert.equal((await c.get('/api/payment/redsys/nope')).statusCode, 400);
  });

  test('reconciliation expires attempts the gateway never saw after 30 minutes, and only those', async () => {
    const o = await payNowOrder(c, model);
    const old = requestParams(await initiate(c, o.id));
    const fresh = requestParams(await initiate(c, o.id));
    const settled = await payNowOrder(c, model);
    const settledReq = requestParams(await initiate(c, settled.id));
    await postNotification(t.app, notificationFor(settledReq));

    // Age every attempt created so far (other tests' too) except `fresh`.
    await t.db.query(
      `UPDATE payment_attempts SET created_at = now() - interval '31 minutes' WHERE gateway_order <> $1`,
      [fresh.DS_MERCHANT_ORDER],
    );
    const { rows: pendingBefore } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payment_attempts WHERE status = 'pending' AND gateway_order <> $1`,
      [fresh.DS_MERCHANT_ORDER],
    );
    // The simulator's operation query never saw these attempts: no money was taken, so they expire.
    const deps = t.app.deps;
    const reconcile = () =>
      reconcilePendingAttempts(t.db, {
        config: deps.config,
        invoices: deps.invoices,
        rest: deps.redsysRest,
        log: { info() {}, warn() {}, error() {} },
        effects: () => deps.checkoutEffects,
      });
    assert.equal((await reconcile()).expired, pendingBefore[0]!.n);
    assert.equal((await reconcile()).checked, 0, 'nothing left to expire');

    assert.deepEqual(
      (await attemptsOf(t.db, o.id)).map((a) => [a.gateway_order, a.status]),
      [
        [old.DS_MERCHANT_ORDER, 'expired'],
        [fresh.DS_MERCHANT_ORDER, 'pending'],
      ],
    );
    assert.deepEqual(
      (await attemptsOf(t.db, settled.id)).map((a) => a.status),
      ['paid'],
    );
    assert.equal((await order(o.id)).status, 'awaiting_payment', 'the customer may still pay');

    // The gateway's word outranks our clock: a genuine late "paid" for the expired attempt counts.
    assert.equal((await postNotification(t.app, notificationFor(old))).statusCode, 200);
    assert.equal((await order(o.id)).status, 'paid');
    assert.equal(orderPaidCalls.get(o.id), 1);
    assert.deepEqual(
      (await attemptsOf(t.db, o.id)).map((a) => a.status),
      ['paid', 'pending'],
    );
  });

  test('the notification takes a small form only', async () => {
    const big = `Ds_SignatureVersion=HMAC_SHA256_V1&Ds_MerchantParameters=${'A'.repeat(20_000)}&Ds_Signature=x`;
    assert.equal((await postNotification(t.app, big)).statusCode, 413);
  });
});
