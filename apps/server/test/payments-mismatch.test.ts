import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Dashboard } from '@shop/contracts/dashboard';
import { formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import type { PaymentStatus } from '@shop/contracts/payments';
import { ADMIN, Client, createStaff, createTestApp, signedIn, type TestApp } from './helpers.ts';
import { deliverQueuedMail } from './mail-support.ts';
import {
  attemptsOf,
  type CatalogueModel,
  firstModel,
  initiate,
  notificationFor,
  notificationOutcomes,
  payNowOrder,
  postNotification,
  requestParams,
} from './payments-support.ts';
import { decideAtGateway, freePort, readMail, startSmtp } from './refunds-support.ts';

/**
 * Payments that can no longer be taken, and the guard that keeps them from happening: money
 * authorised for an order that changed is recorded, flagged, mailed and given back; while an
 * attempt is with the gateway the amount cannot change.
 */

describe('payments that can no longer be taken', () => {
  let t: TestApp;
  let c: Client;
  let model: CatalogueModel;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  before(async () => {
    const port = await freePort();
    t = await createTestApp({ env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
    await t.app.listen({ port, host: '127.0.0.1' });
    smtp = await startSmtp();
    c = new Client(t.app);
    model = await firstModel(c);
  });
  after(async () => {
    await smtp.close();
    await t.close();
  });

  const order = async (id: string) => (await c.get(`/api/orders/${id}`)).json() as Order;
  const toPickupAtStore = async (id: string) => [
    await c.post(`/api/orders/${id}/confirmPaymentMethod?paymentMethod=paystore`),
    await c.post(`/api/orders/${id}/confirmInStorePickup`),
  ];
  const flagOf = async (orderId: string) =>
    (
      await t.db.query<{ attention_reason: string | null }>(
        'SELECT attention_reason FROM orders WHERE id = $1',
        [orderId],
      )
    ).rows[0]!.attention_reason;
  const refundsOf = async (orderId: string) =>
    (
      await t.db.query<{
        status: string;
        amount_cents: number;
        requested_by: string;
        invoice_id: number | null;
      }>(
        'SELECT status, amount_cents, requested_by, invoice_id FROM payment_refunds WHERE order_id = $1 ORDER BY id',
        [orderId],
      )
    ).rows;
  const deliverMails = () => deliverQueuedMail(t, smtp.port);

  test('while the gateway has the attempt, switching to pay at the store is refused with 409', async () => {
    const o = await payNowOrder(c, model);
    await initiate(c, o.id);
    for (const res of await toPickupAtStore(o.id)) {
      assert.equal(res.statusCode, 409, res.body);
      assert.equal(res.json().error, 'PAYMENT_IN_PROGRESS');
      assert.match(res.json().message, /pago en curso/);
    }
    const after = await order(o.id);
    assert.deepEqual(
      [after.paymentMethod, after.isHomeDelivery, after.shipping],
      ['paynow', true, o.shipping],
    );
    // Repeating what is already chosen changes no amount, so it is not refused.
    assert.equal(
      (await c.post(`/api/orders/${o.id}/confirmPaymentMethod?paymentMethod=paynow`)).statusCode,
      200,
    );
    assert.equal((await c.post(`/api/orders/${o.id}/addDelivery`)).statusCode, 200);
  });

  test('the guard ends when the gateway answers and when the customer comes back through KO', async () => {
    const denied = await payNowOrder(c, model);
    const init = await initiate(c, denied.id);
    const back = await decideAtGateway(t, init, 'deny');
    assert.equal(back.pathname, '/payment-failure');
    for (const res of await toPickupAtStore(denied.id)) assert.equal(res.statusCode, 200, res.body);

    const ko = await payNowOrder(c, model);
    const request = requestParams(await initiate(c, ko.id));
    const res = await c.post(`/api/payment/redsys/${ko.id}/ko`, {});
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((res.json() as PaymentStatus).status, 'failed');
    for (const r of await toPickupAtStore(ko.id)) assert.equal(r.statusCode, 200, r.body);

    // The gateway authorises the attempt after all: recorded, flagged, never dropped.
    assert.equal((await postNotification(t.app, notificationFor(request))).statusCode, 200);
    assert.deepEqual(await notificationOutcomes(t.db, request.DS_MERCHANT_ORDER!), ['paid_after_denial']);
    assert.deepEqual(
      (await attemptsOf(t.db, ko.id)).map((a) => a.status),
      ['paid'],
    );
    assert.equal((await order(ko.id)).status, 'to_pay_at_store');
    assert.match((await flagOf(ko.id)) ?? '', /se diera por denegada/);
  });

  test('the case of the report: paid at the gateway after switching to the store, refunded by itself', async () => {
    const o = await payNowOrder(c, model);
    const due = o.total + o.shipping;
    assert.equal(due, 24.9);
    const init = await initiate(c, o.id);
    // The customer leaves the gateway's page open past the attempt window, then switches.
    await t.db.query(
      `UPDATE payment_attempts SET created_at = now() - interval '31 minutes' WHERE order_id = $1`,
      [o.id],
    );
    for (const res of await toPickupAtStore(o.id)) assert.equal(res.statusCode, 200, res.body);
    const switched = await order(o.id);
    assert.deepEqual([switched.status, switched.total + switched.shipping], ['to_pay_at_store', 19.9]);

    // ...and completes the first payment: 24,90 € is charged.
    await decideAtGateway(t, init, 'card');
    const gatewayOrder = requestParams(init).DS_MERCHANT_ORDER!;
    assert.deepEqual(await notificationOutcomes(t.db, gatewayOrder), ['paid_order_not_payable']);
    const [attempt] = await attemptsOf(t.db, o.id);
    assert.equal(attempt!.status, 'paid', 'the money taken is recorded');
    const { rows } = await t.db.query<{ mismatch: string }>(
      'SELECT mismatch FROM payment_attempts WHERE gateway_order = $1',
      [gatewayOrder],
    );
    assert.equal(rows[0]!.mismatch, 'method_changed');
    const now = await order(o.id);
    assert.equal(now.status, 'to_pay_at_store', 'the order is not paid by money it cannot take');
    assert.match((await flagOf(o.id)) ?? '', /pasó a pagarse en la tienda/);
    assert.deepEqual(await refundsOf(o.id), [
      { status: 'refunded', amount_cents: 2490, requested_by: 'gateway', invoice_id: null },
    ]);
    const status = (await c.get(`/api/payment/redsys/${o.id}`)).json() as PaymentStatus;
    assert.equal(status.status, 'failed', 'for the customer, this payment did not pay the order');

    await deliverMails();
    const mails = smtp.messages
      .filter((m) => m.rcptTo.includes('lucia@example.com'))
      .map((m) => readMail(m.raw))
      .filter((m) => m.subject.includes(`n.º ${o.orderNumber}`));
    const subjects = mails.map((m) => m.subject);
    assert.ok(
      subjects.includes(`Tu pago del pedido n.º ${o.orderNumber} se va a devolver`),
      subjects.join(' | '),
    );
    assert.ok(
      subjects.includes(`Devolución de ${formatEuros(24.9)}: pedido n.º ${o.orderNumber}`),
      subjects.join(' | '),
    );
    assert.ok(!subjects.some((s) => s.startsWith('Pago recibido')), 'no receipt for a payment not applied');
  });

  test('with REFUND_MISMATCHED=manual the payment is flagged and left to staff', async () => {
    const redsys = t.app.deps.config.redsys;
    redsys.refundMismatched = 'manual';
    try {
      const o = await payNowOrder(c, model);
      const first = await initiate(c, o.id);
      const second = await initiate(c, o.id);
      await decideAtGateway(t, second, 'card');
      assert.equal((await order(o.id)).status, 'paid');
      await decideAtGateway(t, first, 'card');
      assert.deepEqual(await notificationOutcomes(t.db, requestParams(first).DS_MERCHANT_ORDER!), [
        'paid_order_settled',
      ]);
      assert.match((await flagOf(o.id)) ?? '', /otro pago ya había pagado/);
      assert.deepEqual(await refundsOf(o.id), []);
      // Money to give back is on the back office's first page until it is given back.
      await createStaff(t.db);
      const admin = await signedIn(t.app, ADMIN);
      const flagged = async () =>
        ((await admin.get('/api/dashboard')).json() as Dashboard).paymentsNeedingAttention.map((l) => l.id);
      assert.ok((await flagged()).includes(o.id), 'listed while the money is held');
      // Staff refund that very payment (the payments screen names it), not the one that paid.
      const amount = (await order(o.id)).total + (await order(o.id)).shipping;
      const refund = await admin.post(`/api/orders/${o.id}/refund`, {
        amount,
        reason: 'Pago duplicado',
        gatewayOrder: requestParams(first).DS_MERCHANT_ORDER,
      });
      assert.equal(refund.statusCode, 200, refund.body);
      assert.equal((await order(o.id)).status, 'paid', 'the order keeps the payment that paid it');
      const [given] = await refundsOf(o.id);
      assert.equal(given?.status, 'refunded');
      assert.equal(given?.invoice_id, null, 'no rectificativa: that money was never invoiced');
      assert.equal((await flagged()).includes(o.id), false, 'gone once given back');
    } finally {
      redsys.refundMismatched = 'auto';
    }
  });
});
