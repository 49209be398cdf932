// Cancelling a paid order gives the money back before anything else: an online payment through
// the gateway (the three phases of a refund), cash at the counter recorded with who and when. The
// rectificativa follows the refund; a refused refund cancels nothing and promises nothing; a
// process that dies between the phases leaves nothing that a rerun or the reconciliation cannot
// finish with exactly one refund at the gateway.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { formatEuros } from '@shop/contracts/money';
import type { Order, OrderEvent } from '@shop/contracts/orders';
import type { PaymentPage } from '@shop/contracts/payments-admin';
import { decodeMerchantParameters, type RedsysParams, signRequest } from '../src/modules/payments/redsys.ts';
import { reconcilePendingRefunds } from '../src/workflows/reconcile-payments.ts';
import { ADMIN, Client, STORE1, signedIn, type TestApp } from './helpers.ts';
import { deliverQueuedMail } from './mail-support.ts';
import { type CatalogueModel, firstModel, PUBLIC_TEST_KEY } from './payments-support.ts';
import { listeningShop, paidOrder, readMail, restCall, startSmtp } from './refunds-support.ts';
import { orderAtCounter } from './verifactu-support.ts';

const silent = { info() {}, warn() {}, error() {} };

describe('cancelling a paid order', () => {
  let t: TestApp;
  let c: Client;
  let admin: Client;
  let store1: Client;
  let model: CatalogueModel;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  before(async () => {
    t = await listeningShop();
    smtp = await startSmtp();
    c = new Client(t.app);
    admin = await signedIn(t.app, ADMIN);
    store1 = await signedIn(t.app, STORE1);
    model = await firstModel(c);
  });
  after(async () => {
    await smtp.close();
    await t.close();
  });

  const cancel = (who: Client, orderId: string, note?: string) =>
    who.post(`/api/orders/${orderId}/status`, { status: 'cancelled', ...(note ? { note } : {}) });

  async function refunds(orderId: string) {
    const { rows } = await t.db.query<{
      status: string;
      amount_cents: number;
      key: string;
      invoice: string | null;
    }>(
      `SELECT r.status, r.amount_cents, r.idempotency_key AS key, i.full_number AS invoice
       FROM payment_refunds r LEFT JOIN invoices i ON i.id = r.invoice_id WHERE r.order_id = $1 ORDER BY r.id`,
      [orderId],
    );
    return rows;
  }

  async function invoices(orderId: string) {
    const { rows } = await t.db.query<{ kind: string; total_cents: number; full_number: string }>(
      'SELECT kind, total_cents, full_number FROM invoices WHERE order_id = $1 ORDER BY id',
      [orderId],
    );
    return rows;
  }

  async function cancelledMails(orderId: string) {
    const { rows } = await t.db.query<{ id: number; text_body: string; files: string[] | null }>(
      `SELECT m.id, m.text_body,
              (SELECT array_agg(a.filename ORDER BY a.id) FROM mail_attachments a WHERE a.outbox_id = m.id) AS files
       FROM mail_outbox m WHERE m.order_id = $1 AND m.kind = 'order-cancelled'`,
      [orderId],
    );
    return rows;
  }

  /** Whatever is left of the payment at the gateway: one cent more than nothing is refused. */
  async function leftAtGateway(gatewayOrder: string, cents: number): Promise<string> {
    const res = await restCall(
      t,
      signRequest(PUBLIC_TEST_KEY, {
        DS_MERCHANT_AMOUNT: String(cents),
        DS_MERCHANT_ORDER: gatewayOrder,
        DS_MERCHANT_MERCHANTCODE: '999008881',
        DS_MERCHANT_CURRENCY: '978',
        DS_MERCHANT_TRANSACTIONTYPE: '3',
        DS_MERCHANT_TERMINAL: '1',
      }),
    );
    const body = res.json();
    return body.errorCode ?? decodeMerchantParameters(body.Ds_MerchantParameters)!.Ds_Response!;
  }

  /** Counts the refunds the gateway accepted, and lets a test die at a phase boundary. */
  function gatewaySpy(die: 'before-asking' | 'after-answer' | null) {
    const rest = t.app.deps.redsysRest;
    const real = rest.refund!;
    const spy = { accepted: 0, asked: 0, die };
    rest.refund = async (params: RedsysParams) => {
      if (spy.die === 'before-asking') {
        spy.die = null;
        throw new Error('process killed before asking the gateway');
      }
      spy.asked++;
      const answer = await real(params);
      if (answer.kind === 'answer' && answer.params.Ds_Response === '0900') spy.accepted++;
      if (spy.die === 'after-answer') {
        spy.die = null;
        throw new Error('process killed before recording the answer');
      }
      return answer;
    };
    return { spy, restore: () => (rest.refund = real) };
  }

  test('a paid card order: refunded once, then the rectificativa, the order cancelled and one truthful mail with it attached', async () => {
    const { order, init } = await paidOrder(t, c, model);
    const gatewayOrder = decodeMerchantParameters(init.ds_MerchantParameters)!.DS_MERCHANT_ORDER!;
    const { spy, restore } = gatewaySpy(null);
    try {
      const res = await cancel(store1, order.id, 'El cliente ya no la quiere');
      assert.equal(res.statusCode, 200, res.body);
      assert.equal((res.json() as Order).status, 'cancelled');
      // Asked again: nothing more happens.
      assert.equal((await cancel(store1, order.id)).statusCode, 200);
    } finally {
      restore();
    }
    assert.equal(spy.accepted, 1);
    assert.equal(await leftAtGateway(gatewayOrder, 1), 'SIS0057', 'nothing is left of the payment');
    const rect = await invoices(order.id);
    assert.deepEqual(
      rect.map((i) => [i.kind, i.total_cents]),
      [
        ['F2', 2490],
        ['R5', -2490],
      ],
    );
    const rows = await refunds(order.id);
    assert.equal(rows.length, 1);
    assert.deepEqual(
      rows.map((r) => [r.status, r.amount_cents, r.invoice]),
      [['refunded', 2490, rect[1]!.full_number]],
    );
    assert.match(rows[0]!.key, /^cancel:/);
    const timeline = (await admin.get(`/api/orders/${order.id}/timeline`)).json() as OrderEvent[];
    const line = timeline.find((e) => e.toStatus === 'cancelled')!;
    assert.equal(line.actor, 'staff:tienda1@test.local');
    assert.match(line.note ?? '', /24,90\s€ devueltos por tarjeta/);

    const [mail, ...more] = await cancelledMails(order.id);
    assert.equal(more.length, 0);
    assert.deepEqual(mail!.files, [`factura-${rect[1]!.full_number}.pdf`]);
    const { rows: refundMails } = await t.db.query(
      `SELECT 1 FROM mail_outbox WHERE order_id = $1 AND kind = 'refund'`,
      [order.id],
    );
    assert.equal(refundMails.length, 0, 'one mail says it all');
    await deliverQueuedMail(t, smtp.port);
    const arrived = smtp.messages.find((m) => m.raw.includes(`factura-${rect[1]!.full_number}.pdf`));
    assert.ok(arrived, 'the mail reached SMTP with the rectificativa attached');
    const read = readMail(arrived.raw);
    assert.equal(read.subject, `Tu pedido n.º ${order.orderNumber} se ha cancelado`);
    assert.ok(read.text.includes(`Te hemos devuelto ${formatEuros(24.9)} a la misma tarjeta`), read.text);
    assert.ok(!read.text.includes('te devolvemos'));
    const { rows: tokens } = await t.db.query<{ tracking_token: string }>(
      'SELECT tracking_token FROM orders WHERE id = $1',
      [order.id],
    );
    assert.ok(read.text.includes(`/seguimiento/${tokens[0]!.tracking_token}`), 'it links the tracking page');
  });

  test('a refund the gateway refuses: nothing is cancelled or mailed, the order is flagged for staff (409)', async () => {
    const { order, init } = await paidOrder(t, c, model, 'bizum');
    const gatewayOrder = decodeMerchantParameters(init.ds_MerchantParameters)!.DS_MERCHANT_ORDER!;
    // Partly refunded from the Redsys back office: the gateway refuses the whole amount.
    assert.equal(await leftAtGateway(gatewayOrder, 100), '0900');
    const res = await cancel(admin, order.id);
    assert.equal(res.statusCode, 409, res.body);
    assert.equal(res.json().error, 'CANCEL_REFUND_FAILED');
    assert.match(
      res.json().message,
      /^El pedido no se ha cancelado: Redsys no ha hecho la devolución \(.+\)/,
    );
    const after = (await admin.get(`/api/orders/${order.id}`)).json() as Order;
    assert.equal(after.status, 'paid');
    assert.ok(after.invoice, 'the invoice stands');
    assert.deepEqual(
      (await invoices(order.id)).map((i) => i.kind),
      ['F2'],
      'no rectificativa without a refund',
    );
    assert.equal((await cancelledMails(order.id)).length, 0, 'no mail promises money');
    assert.deepEqual(
      (await refunds(order.id)).map((r) => r.status),
      ['failed'],
    );
    const { rows } = await t.db.query<{ attention_reason: string | null }>(
      'SELECT attention_reason FROM orders WHERE id = $1',
      [order.id],
    );
    assert.match(rows[0]!.attention_reason ?? '', /^Cancelación sin hacer/);
    const page = (await admin.get('/api/payments?state=attention')).json() as PaymentPage;
    const row = page.items.find((p) => p.orderId === order.id);
    assert.ok(row, 'listed among the payments to act on');
    assert.match(row.action ?? '', /^Cancelación sin hacer/);
    assert.equal(row.refunds[0]!.status, 'failed');
  });

  test('in a bulk change, an order paid online is refused: it is cancelled from its own page', async () => {
    const { order } = await paidOrder(t, c, model);
    const res = await admin.post('/api/orders/status', { orderIds: [order.id], status: 'cancelled' });
    assert.equal(res.statusCode, 409, res.body);
    assert.equal((await refunds(order.id)).length, 0);
    assert.equal(((await admin.get(`/api/orders/${order.id}`)).json() as Order).status, 'paid');
  });

  test('a cash sale cancelled at the counter records who handed the money back and when; the rectificativa follows', async () => {
    const id = await orderAtCounter(t);
    assert.equal((await store1.post(`/api/orders/${id}/confirmPayment`)).statusCode, 200);
    const before = Date.now();
    const res = await cancel(store1, id);
    assert.equal(res.statusCode, 200, res.body);
    const timeline = (await store1.get(`/api/orders/${id}/timeline`)).json() as OrderEvent[];
    const line = timeline.find((e) => e.toStatus === 'cancelled')!;
    assert.equal(line.actor, 'staff:tienda1@test.local');
    assert.match(line.note ?? '', /^Importe devuelto en la tienda: \d+,\d\d\s€$/);
    assert.ok(Date.parse(line.at) >= before - 1000);
    const rect = await invoices(id);
    assert.deepEqual(
      rect.map((i) => i.kind),
      ['F2', 'R5'],
    );
    const [mail] = await cancelledMails(id);
    assert.ok(mail!.text_body.includes('en la tienda'), mail!.text_body);
    assert.deepEqual(mail!.files, [`factura-${rect[1]!.full_number}.pdf`]);
  });

  test('killed before the gateway was asked: cancelling again completes it with one refund', async () => {
    const { order, init } = await paidOrder(t, c, model);
    const gatewayOrder = decodeMerchantParameters(init.ds_MerchantParameters)!.DS_MERCHANT_ORDER!;
    const { spy, restore } = gatewaySpy('before-asking');
    try {
      assert.equal((await cancel(admin, order.id)).statusCode, 500);
      assert.deepEqual(
        (await refunds(order.id)).map((r) => r.status),
        ['pending'],
        'phase 1 committed',
      );
      assert.equal(((await admin.get(`/api/orders/${order.id}`)).json() as Order).status, 'paid');
      // The dead process's row is older than any request to the gateway can last.
      await t.db.query(
        `UPDATE payment_refunds SET created_at = now() - interval '10 minutes' WHERE order_id = $1`,
        [order.id],
      );
      const again = await cancel(admin, order.id);
      assert.equal(again.statusCode, 200, again.body);
      assert.equal((again.json() as Order).status, 'cancelled');
    } finally {
      restore();
    }
    assert.equal(spy.accepted, 1);
    assert.equal(await leftAtGateway(gatewayOrder, 1), 'SIS0057');
    assert.deepEqual(
      (await refunds(order.id)).map((r) => [r.status, r.amount_cents]),
      [['refunded', 2490]],
    );
    assert.deepEqual(
      (await invoices(order.id)).map((i) => i.kind),
      ['F2', 'R5'],
    );
    assert.equal((await cancelledMails(order.id)).length, 1);
  });

  test('killed after the gateway refunded: the reconciliation records it and cancels, with no second refund', async () => {
    const { order, init } = await paidOrder(t, c, model);
    const gatewayOrder = decodeMerchantParameters(init.ds_MerchantParameters)!.DS_MERCHANT_ORDER!;
    const { spy, restore } = gatewaySpy('after-answer');
    try {
      assert.equal((await cancel(admin, order.id)).statusCode, 500);
      assert.equal(spy.accepted, 1, 'the gateway refunded');
      assert.deepEqual(
        (await refunds(order.id)).map((r) => r.status),
        ['pending'],
        'but nothing recorded it',
      );
      const deps = {
        config: t.app.deps.config,
        invoices: t.app.deps.invoices,
        rest: t.app.deps.redsysRest,
        log: silent,
        effects: () => t.app.deps.checkoutEffects,
      };
      // Within the window the refund may still be in flight: left alone.
      assert.equal(await reconcilePendingRefunds(t.db, deps), 0);
      await t.db.query(
        `UPDATE payment_refunds SET created_at = now() - interval '10 minutes' WHERE order_id = $1`,
        [order.id],
      );
      assert.equal(await reconcilePendingRefunds(t.db, deps), 1);
      assert.equal(await reconcilePendingRefunds(t.db, deps), 0, 'once');
    } finally {
      restore();
    }
    assert.equal(spy.asked, 2, 'asked again');
    assert.equal(spy.accepted, 1, 'refunded once');
    assert.equal(await leftAtGateway(gatewayOrder, 1), 'SIS0057');
    const rows = await refunds(order.id);
    assert.deepEqual(
      rows.map((r) => [r.status, r.amount_cents]),
      [['refunded', 2490]],
    );
    const after = (await admin.get(`/api/orders/${order.id}`)).json() as Order;
    assert.equal(after.status, 'cancelled');
    assert.deepEqual(
      (await invoices(order.id)).map((i) => i.kind),
      ['F2', 'R5'],
    );
    const [mail, ...more] = await cancelledMails(order.id);
    assert.equal(more.length, 0);
    assert.ok(mail!.text_body.includes(`Te hemos devuelto ${formatEuros(24.9)}`));
    // Staff asking again changes nothing.
    assert.equal((await cancel(admin, order.id)).statusCode, 200);
    assert.equal((await refunds(order.id)).length, 1);
  });
});
