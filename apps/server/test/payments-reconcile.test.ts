import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Order } from '@shop/contracts/orders';
import type { PaymentPage } from '@shop/contracts/payments-admin';
import { type ReconcileDeps, reconcilePendingAttempts } from '../src/workflows/reconcile-payments.ts';
import { ADMIN, Client, createStaff, createTestApp, STORE1, signedIn, type TestApp } from './helpers.ts';
import {
  attemptsOf,
  type CatalogueModel,
  firstModel,
  initiate,
  notificationOutcomes,
  payNowOrder,
  requestParams,
} from './payments-support.ts';
import { decideAtGateway, freePort } from './refunds-support.ts';

/**
 * Lost notifications. The shop here does not listen on its public address, so the simulator's
 * notification never arrives, as when Redsys's is lost: only the operation query, or staff with
 * the Redsys back office, can tell what happened.
 */
describe('reconciliation of attempts whose notification was lost', () => {
  let t: TestApp;
  let c: Client;
  let admin: Client;
  let model: CatalogueModel;

  before(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: `http://127.0.0.1:${await freePort()}` } });
    await createStaff(t.db);
    c = new Client(t.app);
    admin = await signedIn(t.app, ADMIN);
    model = await firstModel(c);
  });
  after(() => t.close());

  const deps = (query = true): ReconcileDeps => {
    const d = t.app.deps;
    return {
      config: d.config,
      invoices: d.invoices,
      rest: query ? d.redsysRest : { ...d.redsysRest, query: null },
      log: { info() {}, warn() {}, error() {} },
      effects: () => d.checkoutEffects,
    };
  };
  const age = (orderId: string) =>
    t.db.query(`UPDATE payment_attempts SET created_at = now() - interval '31 minutes' WHERE order_id = $1`, [
      orderId,
    ]);
  const order = async (id: string) => (await c.get(`/api/orders/${id}`)).json() as Order;
  /** Paid at the gateway; the notification is lost on the way. */
  const paidButLost = async () => {
    const o = await payNowOrder(c, model);
    const init = await initiate(c, o.id);
    await decideAtGateway(t, init, 'card');
    assert.equal((await order(o.id)).status, 'awaiting_payment', 'the notification did not arrive');
    return { o, gatewayOrder: requestParams(init).DS_MERCHANT_ORDER! };
  };

  test('the simulator’s operation query settles a lost payment; an operation it never saw expires', async () => {
    const { o, gatewayOrder } = await paidButLost();
    const abandoned = await payNowOrder(c, model);
    await initiate(c, abandoned.id);

    // Within the attempt window nothing is asked.
    assert.deepEqual(await reconcilePendingAttempts(t.db, deps()), {
      checked: 0,
      applied: 0,
      expired: 0,
      unresolved: 0,
    });
    await age(o.id);
    await age(abandoned.id);
    const summary = await reconcilePendingAttempts(t.db, deps());
    assert.deepEqual(summary, { checked: 2, applied: 1, expired: 1, unresolved: 0 });

    assert.equal((await order(o.id)).status, 'paid');
    assert.ok((await order(o.id)).invoice, 'paid through the query like a notification: invoice issued');
    assert.deepEqual(await notificationOutcomes(t.db, gatewayOrder), ['paid']);
    const { rows } = await t.db.query<{ resolved_by: string }>(
      'SELECT resolved_by FROM payment_attempts WHERE gateway_order = $1',
      [gatewayOrder],
    );
    assert.equal(rows[0]!.resolved_by, 'gateway-query');
    assert.deepEqual(
      (await attemptsOf(t.db, abandoned.id)).map((a) => a.status),
      ['expired'],
    );
    assert.equal((await reconcilePendingAttempts(t.db, deps())).checked, 0, 'nothing left');
  });

  test('without a query the attempt stays pending, is listed for staff, and is resolved with its code', async () => {
    const { o, gatewayOrder } = await paidButLost();
    await age(o.id);
    assert.deepEqual(await reconcilePendingAttempts(t.db, deps(false)), {
      checked: 1,
      applied: 0,
      expired: 0,
      unresolved: 1,
    });
    assert.deepEqual(
      (await attemptsOf(t.db, o.id)).map((a) => a.status),
      ['pending'],
      'never expired while money may have been taken',
    );

    const listed = await admin.get('/api/payments?state=unresolved');
    assert.equal(listed.statusCode, 200, listed.body);
    const page = listed.json() as PaymentPage;
    const row = page.items.find((r) => r.gatewayOrder === gatewayOrder);
    assert.ok(row, 'listed for staff');
    assert.equal(row.action, 'Sin respuesta de Redsys: compruébalo en su panel y resuélvelo');
    assert.equal(page.items[0]!.action !== null, true, 'exceptions first');

    const resolve = (body: object, who = admin) => who.post(`/api/payments/${gatewayOrder}/resolve`, body);
    assert.equal((await resolve({ authorisationCode: '12' })).statusCode, 400);
    assert.equal((await resolve({})).statusCode, 400);
    assert.equal(
      (await resolve({ authorisationCode: '123456' }, await signedIn(t.app, STORE1))).statusCode,
      403,
    );
    assert.equal((await order(o.id)).status, 'awaiting_payment');

    const done = await resolve({ authorisationCode: '052029' });
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(done.json().outcome, 'paid');
    assert.equal((await order(o.id)).status, 'paid');
    assert.deepEqual(
      (await attemptsOf(t.db, o.id)).map((a) => [a.status, a.ds_authorisation_code]),
      [['paid', '052029']],
    );
    const again = await resolve({ authorisationCode: '052029' });
    assert.equal(again.statusCode, 409);
    assert.equal((await admin.post('/api/payments/9999zzzz/resolve', { notTaken: true })).statusCode, 404);
  });

  test('staff mark an attempt not taken when the back office shows no payment', async () => {
    const o = await payNowOrder(c, model);
    const gatewayOrder = requestParams(await initiate(c, o.id)).DS_MERCHANT_ORDER!;
    const early = await admin.post(`/api/payments/${gatewayOrder}/resolve`, { notTaken: true });
    assert.equal(early.statusCode, 409, 'only after the attempt window');
    await age(o.id);
    const res = await admin.post(`/api/payments/${gatewayOrder}/resolve`, { notTaken: true });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      (await attemptsOf(t.db, o.id)).map((a) => a.status),
      ['failed'],
    );
  });

  test('the list filters by state, store and date, and exports CSV', async () => {
    const paid = await admin.get('/api/payments?state=paid&storeId=1');
    const page = paid.json() as PaymentPage;
    assert.ok(page.items.length >= 2);
    for (const r of page.items) assert.deepEqual([r.state, r.storeId], ['paid', 1]);
    assert.equal(page.items.find((r) => r.dsResponse === '0000')?.dsResponseText, 'Operación autorizada');
    assert.equal(
      page.items.find((r) => r.dsResponse === null)?.authorisationCode,
      '052029',
      'resolved by staff',
    );
    assert.equal(((await admin.get('/api/payments?storeId=2')).json() as PaymentPage).total, 0);
    assert.equal(
      ((await admin.get('/api/payments?from=2000-01-01&to=2000-01-02')).json() as PaymentPage).total,
      0,
    );
    assert.equal((await admin.get('/api/payments?from=ayer')).statusCode, 400);
    assert.equal((await new Client(t.app).get('/api/payments')).statusCode, 401);

    const csv = await admin.get('/api/payments/csv?state=paid');
    assert.equal(csv.statusCode, 200);
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.equal(lines[0]!.split(';')[0], 'Fecha');
    assert.equal(lines.length, page.items.length + 1);
    assert.ok(lines.slice(1).every((l) => l.includes(';Pagado;')));
  });
});
