import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InvoiceRequestState } from '@shop/contracts/invoices';
import type { Order } from '@shop/contracts/orders';
import type { PaymentStatus } from '@shop/contracts/payments';
import type { Tracking } from '@shop/contracts/tracking';
import orderOwnership from '../src/db/migrations/0017-order-ownership.ts';
import { multipart } from './checkout-helpers.ts';
import { ADMIN, Client, STORE1, STORE2, signedIn } from './helpers.ts';
import { notificationFor, requestParams } from './payments-support.ts';
import {
  ADDRESS,
  assertRefused,
  CONTACT,
  createSecurityApp,
  OrderFactory,
  ok,
  type SecurityApp,
  smallPhoto,
  stored,
} from './security-support.ts';

/**
 * An order belongs to the browser session that made it (ADR 21). The attacks an outside review
 * reproduced with nothing but a forwarded mail's tracking link, each refused now; and what the
 * link is for (the tracking page and the invoice) still works for whoever holds it.
 */

const FISCAL = {
  fullInvoice: true,
  taxId: '12345678Z',
  name: 'Otra Persona SL',
  address: 'Calle Falsa, 1',
  postalCode: '29001',
  city: 'Málaga',
};

/** The tracking link of the order's first customer mail, as the customer received it. */
async function mailedLink(s: SecurityApp, orderId: string): Promise<string> {
  const { rows } = await s.t.db.query<{ text_body: string; html_body: string }>(
    `SELECT text_body, html_body FROM mail_outbox WHERE order_id = $1 AND dedupe_key LIKE '%:customer'
     ORDER BY id LIMIT 1`,
    [orderId],
  );
  const mail = rows[0];
  assert.ok(mail, 'the customer got a mail');
  assert.ok(!mail.text_body.includes(orderId), 'the order id is nowhere in the mail');
  assert.ok(!mail.html_body.includes(orderId), 'the order id is nowhere in the mail');
  const found = /Sigue tu pedido en: \S*(\/seguimiento\/([A-Za-z0-9_-]{22}))\n/.exec(mail.text_body);
  assert.ok(found, mail.text_body);
  return found[2]!;
}

async function orderRow(s: SecurityApp, id: string) {
  const { rows } = await s.t.db.query<{
    status: string;
    payment_method: string;
    customer_email: string | null;
  }>('SELECT status, payment_method, customer_email FROM orders WHERE id = $1', [id]);
  return rows[0]!;
}

describe('an order belongs to the session that made it; the mail carries a read-only tracking link', () => {
  let s: SecurityApp;
  let f: OrderFactory;
  let admin: Client;

  before(async () => {
    s = await createSecurityApp();
    f = await new OrderFactory(s.app).init();
    admin = await signedIn(s.app, ADMIN);
  });
  after(() => s.close());

  test('the mail links to /seguimiento/{token}; the owner reads that token with its order, nobody else', async () => {
    const id = await f.placed(CONTACT);
    const token = await mailedLink(s, id);
    const own = ok(await f.owner.get(`/api/orders/${id}`)).json() as Order;
    assert.equal(own.trackingToken, token, "the owner's read carries the mail's token");
    assert.notEqual(token, id);
    for (const staff of [admin, await signedIn(s.app, STORE1)]) {
      const read = ok(await staff.get(`/api/orders/${id}`)).json() as Order;
      assert.equal(read.customerEmail, CONTACT.email, 'staff of the store read the order');
      assert.equal(read.trackingToken, null, 'staff read it without the token');
    }
    // Tokens are unique per order.
    const other = ok(await f.owner.get(`/api/orders/${await f.placed(CONTACT)}`)).json() as Order;
    assert.notEqual(other.trackingToken, token);
  });

  test('with only the tracking link, a stranger reads the tracking page, without the order id or contact data', async () => {
    const id = await f.placed(CONTACT);
    const token = await mailedLink(s, id);
    const stranger = new Client(s.app);
    const res = ok(await stranger.get(`/api/tracking/${token}`));
    assert.equal(res.headers['x-robots-tag'], 'noindex');
    const tracking = res.json() as Tracking;
    assert.equal(tracking.status, 'to_pay_at_store');
    assert.equal(tracking.pickup?.name, (await f.get(id)).store.name);
    const body = JSON.stringify(tracking);
    for (const secret of [id, CONTACT.email, CONTACT.phone, CONTACT.name]) {
      assert.ok(!body.includes(secret), `the tracking page does not show ${secret}`);
    }
    // The token is no order id: the order calls do not take it; an unknown token is not found.
    assertRefused(await stranger.get(`/api/orders/${token}`), 400, 'VALIDATION_FAILED');
    assertRefused(await stranger.get(`/api/tracking/${'A'.repeat(22)}`), 404, 'ORDER_NOT_FOUND');
    assertRefused(await stranger.get('/api/tracking/not-a-token'), 400, 'VALIDATION_FAILED');
    // An order with an owner is never tracked by its id (the old link form).
    assertRefused(await stranger.get(`/api/tracking/${id}`), 404, 'ORDER_NOT_FOUND');
  });

  test('with only the tracking link, every attack is refused: the token is no order id anywhere', async () => {
    const id = await f.placed(CONTACT);
    const token = await mailedLink(s, id);
    const stranger = new Client(s.app);
    const before = await stored(s.t);
    const attacks: [string, () => ReturnType<Client['post']>][] = [
      ['read', () => stranger.get(`/api/orders/${token}`)],
      [
        'e-mail',
        () =>
          stranger.post(`/api/orders/${token}/confirmUserDetails`, { ...CONTACT, email: 'x@example.com' }),
      ],
      ['fiscal data', () => stranger.put(`/api/orders/${token}/invoiceRequest`, FISCAL)],
      [
        'payment method',
        () => stranger.post(`/api/orders/${token}/confirmPaymentMethod?paymentMethod=paynow`),
      ],
      ['KO return', () => stranger.post(`/api/payment/redsys/${token}/ko`, {})],
      ['payment status', () => stranger.get(`/api/payment/redsys/${token}`)],
    ];
    for (const [label, attack] of attacks) assertRefused(await attack(), 400, 'VALIDATION_FAILED', label);
    assert.deepEqual(await stored(s.t), before, 'nothing written');
  });

  test("attack: reading the customer's name, e-mail and phone through GET /api/orders/{id} is refused", async () => {
    const id = await f.placed(CONTACT);
    const stranger = new Client(s.app);
    for (const url of [
      `/api/orders/${id}`,
      `/api/orders/${id}/details`,
      `/api/orders/${id}/invoiceRequest`,
    ]) {
      const body = assertRefused(await stranger.get(url), 403, 'ORDER_NOT_OWNED', url);
      assert.ok(!JSON.stringify(body).includes(CONTACT.email));
    }
    assertRefused(await stranger.get(`/api/payment/redsys/${id}`), 403, 'ORDER_NOT_OWNED');
    // Staff of another store are no better placed.
    const store2 = await signedIn(s.app, STORE2);
    assertRefused(await store2.get(`/api/orders/${id}`), 403, 'FORBIDDEN');
    // The order number is no way in either, nor is listing.
    const { orderNumber } = await f.get(id);
    assertRefused(await stranger.get(`/api/orders/${orderNumber}`), 400, 'VALIDATION_FAILED');
    assertRefused(await stranger.get('/api/orders?storeId=1'), 401, 'UNAUTHENTICATED');
  });

  test('attack: replacing the contact e-mail of a placed order is refused, nothing changes', async () => {
    const id = await f.placed(CONTACT);
    const stranger = new Client(s.app);
    const before = await stored(s.t);
    const res = await stranger.post(`/api/orders/${id}/confirmUserDetails`, {
      ...CONTACT,
      email: 'atacante@example.com',
    });
    assertRefused(res, 403, 'ORDER_NOT_OWNED');
    assert.deepEqual(await stored(s.t), before);
    assert.equal((await orderRow(s, id)).customer_email, CONTACT.email);
    // The owner still can.
    const changed = ok(
      await f.owner.post(`/api/orders/${id}/confirmUserDetails`, {
        ...CONTACT,
        email: 'lucia.nueva@example.com',
      }),
    ).json() as Order;
    assert.equal(changed.customerEmail, 'lucia.nueva@example.com');
  });

  test('attack: setting the full-invoice fiscal data is refused', async () => {
    const id = await f.placed(CONTACT);
    const stranger = new Client(s.app);
    const before = await stored(s.t);
    assertRefused(await stranger.put(`/api/orders/${id}/invoiceRequest`, FISCAL), 403, 'ORDER_NOT_OWNED');
    assert.deepEqual(await stored(s.t), before);
    const state = ok(await f.owner.get(`/api/orders/${id}/invoiceRequest`)).json() as InvoiceRequestState;
    assert.equal(state.fullInvoice, false);
    const mine = ok(
      await f.owner.put(`/api/orders/${id}/invoiceRequest`, FISCAL),
    ).json() as InvoiceRequestState;
    assert.equal(mine.fullInvoice, true);
  });

  test('attack: switching the payment method back (un-placing the order) is refused, and so is every other step', async () => {
    const id = await f.placed(CONTACT);
    const stranger = new Client(s.app);
    const before = await stored(s.t);
    const attempts: [string, () => ReturnType<Client['post']>][] = [
      ['paynow', () => stranger.post(`/api/orders/${id}/confirmPaymentMethod?paymentMethod=paynow`)],
      ['pickup', () => stranger.post(`/api/orders/${id}/confirmInStorePickup`)],
      ['delivery', () => stranger.post(`/api/orders/${id}/addDelivery`)],
      ['address', () => stranger.post(`/api/orders/${id}/confirmDelivery`, ADDRESS)],
      ['initiate', () => stranger.post(`/api/payment/initiate/${id}`)],
      ['photo', () => stranger.delete(`/api/orders/${id}/removeImage`)],
      ['qr', () => stranger.post(`/api/orders/${id}/generateQR`)],
      ['link', () => stranger.get(`/api/orders/${id}/screen/getUrl`)],
    ];
    for (const [label, call] of attempts) assertRefused(await call(), 403, 'ORDER_NOT_OWNED', label);
    assert.deepEqual(await stored(s.t), before, 'nothing written by any of them');
    const row = await orderRow(s, id);
    assert.equal(row.status, 'to_pay_at_store');
    assert.equal(row.payment_method, 'paystore');
  });

  test('attack: the KO return posted while the customer is at the gateway is refused; the payment is applied, not refunded', async () => {
    const { id, init } = await f.initiated();
    const stranger = new Client(s.app);
    const before = await stored(s.t);
    assertRefused(await stranger.post(`/api/payment/redsys/${id}/ko`, {}), 403, 'ORDER_NOT_OWNED');
    // A forged signature is no better, and is not even recorded.
    const forged = { ...notificationFor(requestParams(init)), Ds_Signature: 'AAAA' };
    assertRefused(await stranger.post(`/api/payment/redsys/${id}/ko`, forged), 403, 'ORDER_NOT_OWNED');
    assert.deepEqual(await stored(s.t), before, 'nothing recorded');
    const attempts = await s.t.db.query<{ status: string }>(
      'SELECT status FROM payment_attempts WHERE order_id = $1',
      [id],
    );
    assert.deepEqual(attempts.rows, [{ status: 'pending' }], 'the attempt is still waiting for the gateway');

    // The gateway's answer then arrives and pays the order; no refund.
    const notified = await s.app.inject({
      method: 'POST',
      url: '/api/payment/redsys/notification',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...notificationFor(requestParams(init)) }).toString(),
    });
    assert.equal(notified.statusCode, 200, notified.body);
    assert.equal((await f.get(id)).status, 'paid');
    const refunds = await s.t.db.query('SELECT 1 FROM payment_refunds WHERE order_id = $1', [id]);
    assert.equal(refunds.rows.length, 0);
  });

  test("the KO return: the owner's session ends the attempt; another session only with the gateway's signed answer for that order", async () => {
    // The owner, back from the gateway's KO page.
    const mine = await f.initiated();
    const status = ok(await f.owner.post(`/api/payment/redsys/${mine.id}/ko`, {})).json() as PaymentStatus;
    assert.equal(status.status, 'failed');

    // Someone else (the customer on another browser) bringing the gateway's signed denial.
    const { id, init } = await f.initiated();
    const denial = notificationFor(requestParams(init), { Ds_Response: '0190' });
    const stranger = new Client(s.app);
    const heard = ok(await stranger.post(`/api/payment/redsys/${id}/ko`, denial)).json() as PaymentStatus;
    assert.equal(heard.status, 'failed');

    // ... but a signed answer about another order does not open this one.
    const third = await f.initiated();
    const before = await stored(s.t);
    assertRefused(await stranger.post(`/api/payment/redsys/${third.id}/ko`, denial), 403, 'ORDER_NOT_OWNED');
    assert.deepEqual(await stored(s.t), before);
  });

  test('the tracking link downloads the invoice, and the order-id download is the owner’s and staff’s', async () => {
    const id = await f.placed(CONTACT);
    ok(await admin.post(`/api/orders/${id}/confirmPayment`));
    const order = ok(await f.owner.get(`/api/orders/${id}`)).json() as Order;
    assert.ok(order.invoice && order.trackingToken);
    const token = await mailedLink(s, id);
    assert.equal(token, order.trackingToken);

    const stranger = new Client(s.app);
    const tracking = ok(await stranger.get(`/api/tracking/${token}`)).json() as Tracking;
    assert.equal(tracking.invoice?.number, order.invoice.number);
    assert.equal(tracking.invoice?.uri, `/api/tracking/${token}/invoices/${order.invoice.number}/pdf`);
    const pdf = ok(await stranger.get(tracking.invoice.uri));
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');
    // Another order's invoice number through this token is not found.
    const otherId = await f.paid(admin);
    const otherNumber = (await f.get(otherId)).invoice!.number;
    assertRefused(
      await stranger.get(`/api/tracking/${token}/invoices/${otherNumber}/pdf`),
      404,
      'INVOICE_NOT_FOUND',
    );

    // The order-id download is the owner's and staff's, no one else's.
    assertRefused(await stranger.get(order.invoice.uri), 403, 'ORDER_NOT_OWNED');
    ok(await f.owner.get(order.invoice.uri));
    ok(await admin.get(order.invoice.uri));
  });

  test('kiosk and phone: the kiosk makes the order in its session, the phone uploads through the link only, the kiosk polls its order', async () => {
    const kiosk = new Client(s.app);
    const created = ok(
      await kiosk.post('/api/orders', {
        store: { id: 1 },
        brand: { id: f.model.brand.id },
        model: { id: f.model.id },
        origin: 'screen',
      }),
      201,
    ).json() as { id: string };
    const { urlCode } = ok(await kiosk.post(`/api/orders/${created.id}/generateQR`)).json() as {
      urlCode: string;
    };

    // The phone is another browser session: it holds the link, never the order.
    const phone = new Client(s.app);
    assert.deepEqual(ok(await phone.get(`/api/upload-links/${urlCode}`)).json(), { status: 'open' });
    const uploaded = ok(
      await phone.request({
        method: 'POST',
        url: '/api/orders/upload',
        ...multipart([
          { name: 'encodedUrl', value: urlCode },
          { name: 'file', value: await smallPhoto(), filename: 'foto.jpg', type: 'image/jpeg' },
        ]),
      }),
    ).json() as { uri: string };
    assertRefused(await phone.get(`/api/orders/${created.id}`), 403, 'ORDER_NOT_OWNED');
    assertRefused(await phone.post(`/api/orders/${created.id}/generateQR`), 403, 'ORDER_NOT_OWNED');

    // The kiosk's poll sees the photo.
    const polled = ok(await kiosk.get(`/api/orders/${created.id}`)).json() as Order;
    assert.equal(polled.image, uploaded.uri);
    assert.equal(polled.status, 'image_uploaded');
  });

  test('an order made before orders had owners: staff and its tracking links only', async () => {
    const id = await f.placed(CONTACT);
    const token = (await f.get(id)).trackingToken!;
    // What the migration leaves an existing order with: no owner.
    await s.t.db.query('UPDATE orders SET owner_hash = NULL WHERE id = $1', [id]);

    assertRefused(await f.owner.get(`/api/orders/${id}`), 403, 'ORDER_NOT_OWNED');
    assertRefused(
      await f.owner.post(`/api/orders/${id}/confirmPaymentMethod?paymentMethod=paynow`),
      403,
      'ORDER_NOT_OWNED',
    );
    ok(await admin.get(`/api/orders/${id}`));
    ok(await (await signedIn(s.app, STORE1)).get(`/api/orders/${id}`));
    // Its new token tracks it, and so does the old mail's link by order id: read-only, nothing else.
    const stranger = new Client(s.app);
    const byToken = ok(await stranger.get(`/api/tracking/${token}`)).json() as Tracking;
    const byId = ok(await stranger.get(`/api/tracking/${id}`)).json() as Tracking;
    assert.deepEqual(byId, { ...byToken, invoice: byId.invoice });
    assertRefused(await stranger.get(`/api/orders/${id}`), 403, 'ORDER_NOT_OWNED');
  });

  test('the migration: existing orders keep no owner and each gets a unique tracking token of its own', async () => {
    const before = (await s.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders')).rows[0]!.n;
    assert.ok(before > 10);
    // The orders as they were before it: no owner, no token; then the migration as it ships.
    await s.t.db.exec('ALTER TABLE orders DROP COLUMN tracking_token, DROP COLUMN owner_hash');
    await s.t.db.exec(orderOwnership);
    const { rows } = await s.t.db.query<{ n: number; tokens: number; owned: number; bad: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT tracking_token)::int AS tokens,
              count(owner_hash)::int AS owned,
              count(*) FILTER (WHERE tracking_token !~ '^[A-Za-z0-9_-]{43}$')::int AS bad
       FROM orders`,
    );
    assert.deepEqual(rows[0], { n: before, tokens: before, owned: 0, bad: 0 });
  });
});
