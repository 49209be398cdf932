import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { messages } from '@shop/contracts/messages';
import type { Order, OrderEvent } from '@shop/contracts/orders';
import { AppError } from '../src/lib/errors.ts';
import { byCustomer, byGateway, byStaff, lockOrder, transition } from '../src/modules/orders/state.ts';
import { designedOrder, expectOk } from './checkout-helpers.ts';
import {
  ADMIN,
  Client,
  createStaff,
  createTestApp,
  STORE1,
  signedIn,
  type TestApp,
  tableCounts,
} from './helpers.ts';

const REFUSED = { error: 'ORDER_TRANSITION_NOT_ALLOWED', message: messages.orderTransitionNotAllowed };

/**
 * The order's life cycle has one table (packages/contracts/src/order-lifecycle.ts): every change
 * of state goes through it, and a move it does not have is refused with its own stable code,
 * leaving the order, its timeline and its mails as they were.
 */
describe('the life-cycle table guards every change of state', () => {
  let t: TestApp;
  let c: Client;
  let store1: Client;
  let admin: Client;

  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    c = new Client(t.app);
    store1 = await signedIn(t.app, STORE1);
    admin = await signedIn(t.app, ADMIN);
  });
  after(() => t.close());

  /** A pay-at-store pickup order with the customer's name: placed (to_pay_at_store). */
  async function placed(): Promise<Order> {
    const order = await designedOrder(c, 1);
    const res = await expectOk(c.post(`/api/orders/${order.id}/confirmUserDetails`, { name: 'Lucía' }));
    return res.json() as Order;
  }

  /** The order row, its timeline and every table's count: what a refusal must leave alone. */
  async function snapshot(id: string) {
    const { rows } = await t.db.query('SELECT * FROM orders WHERE id = $1', [id]);
    const timeline = (await store1.get(`/api/orders/${id}/timeline`)).json() as OrderEvent[];
    return { row: rows[0], timeline, counts: await tableCounts(t.db) };
  }

  test('staff asking for a move the table does not have get 409 and the order stays as it was', async () => {
    const order = await placed();
    const before = await snapshot(order.id);
    // Not printed yet: neither ready nor delivered, one by one or in bulk.
    for (const status of ['ready', 'delivered'] as const) {
      const res = await store1.post(`/api/orders/${order.id}/status`, { status });
      assert.equal(res.statusCode, 409, res.body);
      assert.deepEqual(res.json(), REFUSED);
    }
    const bulk = await admin.post('/api/orders/status', { orderIds: [order.id], status: 'ready' });
    assert.equal(bulk.statusCode, 409);
    assert.equal(bulk.json().error, 'ORDER_TRANSITION_NOT_ALLOWED');
    assert.ok(bulk.json().message.includes(order.orderNumber), bulk.body);
    assert.deepEqual(await snapshot(order.id), before);
  });

  test('nothing leaves a final state: a cancelled order is neither printed nor delivered', async () => {
    const order = await placed();
    await expectOk(store1.post(`/api/orders/${order.id}/status`, { status: 'cancelled' }));
    const before = await snapshot(order.id);
    const res = await store1.post(`/api/orders/${order.id}/status`, { status: 'delivered' });
    assert.equal(res.statusCode, 409, res.body);
    assert.deepEqual(res.json(), REFUSED);
    // The print checks first that the order is placed, with its own message.
    const print = await store1.post(`/api/orders/${order.id}/print`);
    assert.deepEqual(print.json(), { error: 'ORDER_STATE', message: messages.printNeedsPayment });
    // Asking for the state it is in is no move: nothing changes, nothing is refused.
    await expectOk(store1.post(`/api/orders/${order.id}/status`, { status: 'cancelled' }));
    assert.deepEqual(await snapshot(order.id), before);
  });

  test('a printed order is no longer cancelled; a condition keeps its precise message', async () => {
    const order = await placed();
    await expectOk(store1.post(`/api/orders/${order.id}/print`));
    const before = await snapshot(order.id);
    const cancel = await store1.post(`/api/orders/${order.id}/status`, { status: 'cancelled' });
    assert.equal(cancel.statusCode, 409, cancel.body);
    assert.deepEqual(cancel.json(), REFUSED);
    // Shipped is a move from printed, but for home deliveries only: this one is collected.
    const shipped = await store1.post(`/api/orders/${order.id}/status`, {
      status: 'shipped',
      carrier: 'Correos',
      trackingNumber: 'PQ123',
    });
    assert.deepEqual(shipped.json(), { error: 'ORDER_STATE', message: messages.useReady });
    assert.deepEqual(await snapshot(order.id), before);
    await expectOk(store1.post(`/api/orders/${order.id}/status`, { status: 'ready' }));
  });

  test('transition() itself refuses what the table does not allow, whoever calls it', async () => {
    const order = await placed();
    await expectOk(store1.post(`/api/orders/${order.id}/print`));
    const before = await snapshot(order.id);
    const refusedWith = (status: number, code: string) => (err: unknown) =>
      err instanceof AppError && err.statusCode === status && err.code === code;
    const attempt = (to: 'created' | 'paid' | 'delivered' | 'ready', by: Parameters<typeof transition>[3]) =>
      t.db.transaction(async (tx) => transition(tx, await lockOrder(tx, order.id), to, by));
    // The customer cannot take a printed order back, the gateway cannot pay it, staff cannot skip a step.
    await assert.rejects(attempt('created', byCustomer), refusedWith(409, 'ORDER_TRANSITION_NOT_ALLOWED'));
    await assert.rejects(attempt('paid', byGateway), refusedWith(409, 'ORDER_TRANSITION_NOT_ALLOWED'));
    const clerk = { email: STORE1.email, role: 'store' as const, storeId: 1 };
    await assert.rejects(
      attempt('delivered', byStaff(clerk)),
      refusedWith(409, 'ORDER_TRANSITION_NOT_ALLOWED'),
    );
    // Staff of another store are no actor of this order.
    await assert.rejects(attempt('ready', byStaff({ ...clerk, storeId: 2 })), refusedWith(403, 'FORBIDDEN'));
    assert.deepEqual(await snapshot(order.id), before);

    // The move the table has, by its actor, goes through and is in the timeline with who made it.
    assert.equal(await attempt('ready', byStaff(clerk)), true);
    const line = ((await store1.get(`/api/orders/${order.id}/timeline`)).json() as OrderEvent[]).at(-1)!;
    assert.deepEqual(
      { from: line.fromStatus, to: line.toStatus, actor: line.actor },
      { from: 'printed', to: 'ready', actor: `staff:${STORE1.email}` },
    );
  });
});
