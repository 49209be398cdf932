import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import type { RefundResult } from '@shop/contracts/refunds';
import { decodeMerchantParameters, signRequest } from '../src/modules/payments/redsys.ts';
import { ADMIN, Client, STORE1, signedIn, type TestApp } from './helpers.ts';
import { deliverQueuedMail } from './mail-support.ts';
import {
  attemptsOf,
  type CatalogueModel,
  firstModel,
  initiate,
  OTHER_KEY,
  PUBLIC_TEST_KEY,
  payNowOrder,
} from './payments-support.ts';
import {
  decideAtGateway,
  listeningShop,
  paidOrder,
  readMail,
  restCall,
  startSmtp,
} from './refunds-support.ts';

const refund = (admin: Client, orderId: string, amount: number, key?: string, reason = 'Funda con defecto') =>
  admin.request({
    method: 'POST',
    url: `/api/orders/${orderId}/refund`,
    payload: { amount, reason },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

async function refundRows(t: TestApp, orderId: string) {
  const { rows } = await t.db.query<{ status: string; amount_cents: number; ds_response: string | null }>(
    'SELECT status, amount_cents, ds_response FROM payment_refunds WHERE order_id = $1 ORDER BY id',
    [orderId],
  );
  return rows;
}

async function correctives(t: TestApp, orderId: string) {
  const { rows } = await t.db.query<{ kind: string; total_cents: number; full_number: string }>(
    `SELECT kind, total_cents, full_number FROM invoices WHERE order_id = $1 AND kind IN ('R1', 'R5') ORDER BY id`,
    [orderId],
  );
  return rows;
}

describe('refunds through the simulator (Redsys REST, HMAC_SHA256_V1)', () => {
  let t: TestApp;
  let c: Client;
  let admin: Client;
  let model: CatalogueModel;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  before(async () => {
    t = await listeningShop();
    smtp = await startSmtp();
    c = new Client(t.app);
    admin = await signedIn(t.app, ADMIN);
    model = await firstModel(c);
  });
  after(async () => {
    await smtp.close();
    await t.close();
  });

  const deliverMails = () => deliverQueuedMail(t, smtp.port);

  test('a partial and then a full refund: totals, rectificativas and the mails read from SMTP', async () => {
    const { order, due } = await paidOrder(t, c, model);
    assert.equal(due, 2490);

    const part = await refund(admin, order.id, 5);
    assert.equal(part.statusCode, 200, part.body);
    const first = part.json() as RefundResult;
    assert.equal(first.status, 'refunded');
    assert.equal(first.amount, 5);
    assert.equal(first.refundedTotal, 5);
    assert.equal(first.code, '0900');
    assert.ok(first.invoice, 'a rectificativa was issued');

    const rest = await refund(admin, order.id, 19.9, undefined, 'Pedido cancelado por el cliente');
    assert.equal(rest.statusCode, 200, rest.body);
    const second = rest.json() as RefundResult;
    assert.equal(second.status, 'refunded');
    assert.equal(second.refundedTotal, 24.9);

    assert.deepEqual(
      (await refundRows(t, order.id)).map((r) => [r.status, r.amount_cents, r.ds_response]),
      [
        ['refunded', 500, '0900'],
        ['refunded', 1990, '0900'],
      ],
    );
    const rect = await correctives(t, order.id);
    assert.deepEqual(
      rect.map((r) => [r.kind, r.total_cents]),
      [
        ['R5', -500],
        ['R5', -1990],
      ],
    );
    assert.deepEqual(
      rect.map((r) => r.full_number),
      [first.invoice!.number, second.invoice!.number],
    );

    // Nothing is left: one cent more is refused here, before the gateway is asked.
    const over = await refund(admin, order.id, 0.01);
    assert.equal(over.statusCode, 409, over.body);
    assert.equal(over.json().error, 'REFUND_TOO_LARGE');
    assert.equal((await refundRows(t, order.id)).length, 2, 'the refused refund wrote nothing');

    await deliverMails();
    const mails = smtp.messages
      .filter((m) => m.rcptTo.includes('lucia@example.com'))
      .map((m) => readMail(m.raw))
      .filter((m) => m.subject.startsWith('Devolución'));
    assert.deepEqual(mails.map((m) => m.subject).sort(), [
      `Devolución de ${formatEuros(19.9)}: pedido n.º ${order.orderNumber}`,
      `Devolución de ${formatEuros(5)}: pedido n.º ${order.orderNumber}`,
    ]);
    const five = mails.find((m) => m.subject.includes(formatEuros(5)))!;
    assert.ok(five.text.includes(`Hemos devuelto ${formatEuros(5)} de tu pedido`), five.text);
    assert.ok(five.text.includes(first.invoice!.number), 'the mail names the rectificativa');
  });

  test('every invoice reaches the customer: listed oldest first on the order and the tracking, each downloadable, each rectificativa attached to its mail', async () => {
    const { order } = await paidOrder(t, c, model);
    const simplified = order.invoice!;
    const ex = await admin.post(`/api/invoices/${simplified.number}/exchange`, {
      taxId: 'X1234567L',
      name: 'Ana Gómez',
      address: 'Calle Nueva 1',
      postalCode: '29001',
      city: 'Málaga',
    });
    assert.equal(ex.statusCode, 200, ex.body);
    const part = (await refund(admin, order.id, 5)).json() as RefundResult;
    assert.equal(part.status, 'refunded');
    const cancelled = await admin.post(`/api/orders/${order.id}/status`, { status: 'cancelled' });
    assert.equal(cancelled.statusCode, 200, cancelled.body);

    const seen = (await c.get(`/api/orders/${order.id}`)).json() as Order;
    assert.deepEqual(
      seen.invoices.map((i) => i.type),
      ['F2', 'F3', 'R1', 'R1'],
    );
    assert.equal(seen.invoices[0]!.number, simplified.number);
    assert.equal(seen.invoices[1]!.number, ex.json().number);
    assert.equal(seen.invoices[2]!.number, part.invoice!.number);
    assert.deepEqual(
      seen.invoice,
      { number: ex.json().number, uri: seen.invoices[1]!.uri },
      'the current one',
    );
    // The tracking link lists the same invoices, each downloaded through the link itself.
    const tracking = (await new Client(t.app).get(`/api/tracking/${seen.trackingToken}`)).json() as {
      invoices: Order['invoices'];
    };
    assert.deepEqual(
      tracking.invoices.map(({ number, type }) => ({ number, type })),
      seen.invoices.map(({ number, type }) => ({ number, type })),
    );
    for (const invoice of [...seen.invoices, ...tracking.invoices]) {
      const pdf = await (invoice.uri.startsWith('/api/tracking/') ? new Client(t.app) : c).get(invoice.uri);
      assert.equal(pdf.statusCode, 200, invoice.uri);
      assert.equal(pdf.headers['content-type'], 'application/pdf');
    }

    const attachments = async (kind: string) => {
      const { rows } = await t.db.query<{ filename: string }>(
        `SELECT a.filename FROM mail_outbox m JOIN mail_attachments a ON a.outbox_id = m.id
         WHERE m.order_id = $1 AND m.kind = $2 ORDER BY a.id`,
        [order.id, kind],
      );
      return rows.map((r) => r.filename);
    };
    assert.deepEqual(await attachments('refund'), [`factura-${seen.invoices[2]!.number}.pdf`]);
    assert.deepEqual(await attachments('order-cancelled'), [`factura-${seen.invoices[3]!.number}.pdf`]);
    await deliverMails();
    const mail = smtp.messages.find(
      (m) => readMail(m.raw).subject === `Devolución de ${formatEuros(5)}: pedido n.º ${order.orderNumber}`,
    );
    assert.ok(
      mail?.raw.includes(`factura-${seen.invoices[2]!.number}.pdf`),
      'the PDF travelled with the mail',
    );
  });

  test('more than was paid is refused with 409 and nothing is asked of the gateway', async () => {
    const { order } = await paidOrder(t, c, model);
    const res = await refund(admin, order.id, 24.91);
    assert.equal(res.statusCode, 409, res.body);
    assert.equal(res.json().error, 'REFUND_TOO_LARGE');
    assert.match(res.json().message, /supera lo que queda por devolver/);
    assert.equal((await refundRows(t, order.id)).length, 0);
  });

  test('ten concurrent requests with one idempotency key refund once', async () => {
    const { order } = await paidOrder(t, c, model, 'bizum');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(admin, order.id, 10, 'clic-doble-7f3a')),
    );
    for (const a of answers) assert.equal(a.statusCode, 200, a.body);
    const bodies = answers.map((a) => a.json() as RefundResult);
    for (const b of bodies) assert.deepEqual(b, bodies[0]);
    assert.equal(bodies[0]!.status, 'refunded');
    assert.equal(bodies[0]!.refundedTotal, 10);
    assert.equal((await refundRows(t, order.id)).length, 1);
    assert.equal((await correctives(t, order.id)).length, 1);
    // The gateway counted one refund too: all that is left, 14,90 €, still goes back.
    const rest = await refund(admin, order.id, 14.9, 'otra-peticion');
    assert.equal((rest.json() as RefundResult).status, 'refunded', rest.body);
    assert.equal((rest.json() as RefundResult).refundedTotal, 24.9);
  });

  test('the simulator refuses a forged signature, an unknown order and more than was captured', async () => {
    const { init } = await paidOrder(t, c, model);
    const gatewayOrder = decodeMerchantParameters(init.ds_MerchantParameters)!.DS_MERCHANT_ORDER!;
    const params = (order: string, amount: string) => ({
      DS_MERCHANT_AMOUNT: amount,
      DS_MERCHANT_ORDER: order,
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_TRANSACTIONTYPE: '3',
      DS_MERCHANT_TERMINAL: '1',
    });
    const forged = await restCall(t, signRequest(OTHER_KEY, params(gatewayOrder, '100')));
    assert.deepEqual(forged.json(), { errorCode: 'SIS0042' });
    const unknown = await restCall(t, signRequest(PUBLIC_TEST_KEY, params('9999zzzzzzzz', '100')));
    assert.deepEqual(unknown.json(), { errorCode: 'SIS0054' });
    const tooMuch = await restCall(t, signRequest(PUBLIC_TEST_KEY, params(gatewayOrder, '2491')));
    assert.deepEqual(tooMuch.json(), { errorCode: 'SIS0057' });
    const v2 = await restCall(t, signRequest(PUBLIC_TEST_KEY, params(gatewayOrder, '100'), 'HMAC_SHA512_V2'));
    assert.deepEqual(v2.json(), { errorCode: 'SIS0429' }, 'the terminal is set to V1');
    const ok = await restCall(t, signRequest(PUBLIC_TEST_KEY, params(gatewayOrder, '2490')));
    assert.equal(ok.statusCode, 200);
    assert.equal(decodeMerchantParameters(ok.json().Ds_MerchantParameters)!.Ds_Response, '0900');
  });

  test('a refund the gateway refuses is recorded as failed, in Spanish, and gives its amount back', async () => {
    const { order, init } = await paidOrder(t, c, model);
    const gatewayOrder = decodeMerchantParameters(init.ds_MerchantParameters)!.DS_MERCHANT_ORDER!;
    // Refunded from the gateway's own back office first: the shop does not know.
    await restCall(
      t,
      signRequest(PUBLIC_TEST_KEY, {
        DS_MERCHANT_AMOUNT: '2000',
        DS_MERCHANT_ORDER: gatewayOrder,
        DS_MERCHANT_MERCHANTCODE: '999008881',
        DS_MERCHANT_CURRENCY: '978',
        DS_MERCHANT_TRANSACTIONTYPE: '3',
        DS_MERCHANT_TERMINAL: '1',
      }),
    );
    const res = await refund(admin, order.id, 10);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as RefundResult;
    assert.deepEqual(
      { status: body.status, code: body.code, message: body.message, refundedTotal: body.refundedTotal },
      {
        status: 'failed',
        code: 'SIS0057',
        message: 'El importe a devolver supera el permitido',
        refundedTotal: 0,
      },
    );
    assert.equal((await correctives(t, order.id)).length, 0, 'no rectificativa for a refused refund');
    const small = await refund(admin, order.id, 4.9);
    assert.equal((small.json() as RefundResult).status, 'refunded', 'a failed refund holds nothing back');
  });

  test('who may refund, and what', async () => {
    const { order } = await paidOrder(t, c, model);
    const anonymous = await refund(new Client(t.app), order.id, 1);
    assert.equal(anonymous.statusCode, 401);
    const store = await refund(await signedIn(t.app, STORE1), order.id, 1);
    assert.equal(store.statusCode, 403);
    const bad = await refund(admin, order.id, 1.001);
    assert.equal(bad.statusCode, 400);
    const noReason = await refund(admin, order.id, 1, undefined, ' ');
    assert.equal(noReason.statusCode, 400);
    const unpaid = await payNowOrder(c, model);
    const notPaid = await refund(admin, unpaid.id, 1);
    assert.equal(notPaid.statusCode, 409);
    assert.equal(notPaid.json().error, 'REFUND_NOT_POSSIBLE');
    const missing = await refund(admin, '00000000-0000-4000-8000-000000000000', 1);
    assert.equal(missing.statusCode, 404);
    assert.equal((await refundRows(t, order.id)).length, 0);
  });
});

describe('the whole journey with the terminal set to HMAC_SHA512_V2', () => {
  let t: TestApp;

  before(async () => {
    t = await listeningShop({ REDSYS_SIGNATURE_VERSION: 'HMAC_SHA512_V2' });
  });
  after(() => t.close());

  test('pay now at the simulator and refund, both signed HMAC_SHA512_V2', async () => {
    const c = new Client(t.app);
    const admin = await signedIn(t.app, ADMIN);
    const model = await firstModel(c);
    const o = await payNowOrder(c, model);
    const init = await initiate(c, o.id);
    assert.equal(init.ds_SignatureVersion, 'HMAC_SHA512_V2');
    assert.equal(init.ds_Signature.length, 86, 'base64url without padding');
    const back = await decideAtGateway(t, init, 'card');
    assert.equal(back.pathname, '/payment-success');
    assert.equal(back.searchParams.get('Ds_SignatureVersion'), 'HMAC_SHA512_V2');
    assert.equal(((await c.get(`/api/orders/${o.id}`)).json() as Order).status, 'paid');
    assert.deepEqual(
      (await attemptsOf(t.db, o.id)).map((a) => a.status),
      ['paid'],
    );
    const { rows } = await t.db.query<{ signature_version: string; outcome: string }>(
      'SELECT signature_version, outcome FROM payment_notifications ORDER BY id',
    );
    assert.deepEqual(rows, [{ signature_version: 'HMAC_SHA512_V2', outcome: 'paid' }]);

    const res = await refund(admin, o.id, 24.9);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((res.json() as RefundResult).status, 'refunded');
    assert.equal((res.json() as RefundResult).refundedTotal, 24.9);
  });
});
