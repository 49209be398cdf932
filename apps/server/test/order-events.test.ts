// Every change of an order's state records its typed domain events in the same transaction, and
// the event bus gives each subscriber one job per event on the job queue (ADR 31).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { EventBus, eventsOf, type Recorded, recordEvent } from '../src/jobs/events.ts';
import { JobRunner } from '../src/jobs/runner.ts';
import type { OrderEvent } from '../src/modules/orders/index.ts';
import { Client, createStaff, createTestApp, STORE1, signedIn, type TestApp } from './helpers.ts';
import {
  type CatalogueModel,
  firstModel,
  initiate,
  notificationFor,
  payNowOrder,
  postNotification,
  requestParams,
} from './payments-support.ts';

const quiet = { info() {}, warn() {}, error() {} };

describe('domain events of an order', () => {
  let t: TestApp;
  let model: CatalogueModel;

  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    model = await firstModel(new Client(t.app));
  });
  after(() => t.close());

  const summary = async (id: string) =>
    (await eventsOf(t.db, id)).map((e) => {
      const x = e as Recorded<OrderEvent>;
      return x.type === 'order.status_changed' ? `${x.from}->${x.to} ${x.by}` : `${x.type} ${x.by}`;
    });

  test('the checkout, the payment and a cancellation each record their events, in order', async () => {
    const c = new Client(t.app);
    const order = await payNowOrder(c, model, { delivery: false });
    assert.deepEqual(await summary(order.id), [
      'created->image_uploaded customer',
      'image_uploaded->design_confirmed customer',
      'design_confirmed->details_confirmed customer',
    ]);

    const init = await initiate(c, order.id);
    assert.equal((await postNotification(t.app, notificationFor(requestParams(init)))).statusCode, 200);
    const paid = (await summary(order.id)).slice(3);
    assert.deepEqual(paid, [
      'details_confirmed->awaiting_payment customer',
      'order.paid gateway',
      'awaiting_payment->paid gateway',
      'order.placed gateway',
    ]);
  });

  test('a cancellation records order.cancelled with the state it left', async () => {
    const c = new Client(t.app);
    const order = await payNowOrder(c, model, { delivery: false });
    const store1 = await signedIn(t.app, STORE1);
    const res = await store1.post(`/api/orders/${order.id}/status`, { status: 'cancelled' });
    assert.equal(res.statusCode, 200, res.body);
    const events = (await eventsOf(t.db, order.id)) as Recorded<OrderEvent>[];
    const cancelled = events.find((e) => e.type === 'order.cancelled');
    assert.deepEqual(cancelled && { from: cancelled.from, by: cancelled.by, paid: cancelled.paid }, {
      from: 'details_confirmed',
      by: `staff:${STORE1.email}`,
      paid: false,
    });
  });

  test('a refused move records no event', async () => {
    const c = new Client(t.app);
    const order = await payNowOrder(c, model, { delivery: false });
    const before = (await eventsOf(t.db, order.id)).length;
    const store1 = await signedIn(t.app, STORE1);
    const res = await store1.post(`/api/orders/${order.id}/status`, { status: 'delivered' });
    assert.equal(res.statusCode, 409);
    assert.equal((await eventsOf(t.db, order.id)).length, before);
  });

  test('each subscriber gets one job per event, retried alone when it fails', async () => {
    const runner = new JobRunner({ db: t.db, log: quiet });
    const bus = new EventBus(runner);
    const seen: string[] = [];
    let failures = 1;
    bus
      .on<OrderEvent>('order.paid', 'test-mail', async (e) => void seen.push(`mail ${e.subject}`))
      .on<OrderEvent>(
        'order.paid',
        'test-invoice',
        async (e) => {
          if (failures-- > 0) throw new Error('not yet');
          seen.push(`invoice ${e.subject}`);
        },
        { backoffSeconds: 1 },
      );
    // Events of earlier tests are dispatched too; only this one matters here.
    await t.db.query(`UPDATE jobs SET state = 'done' WHERE state = 'ready'`);
    await t.db.transaction((tx) => recordEvent(tx, { type: 'order.paid', subject: 'X1', by: 'gateway' }));
    await t.db
      .transaction(async (tx) => {
        await recordEvent(tx, { type: 'order.paid', subject: 'X2', by: 'gateway' });
        throw new Error('rolled back');
      })
      .catch(() => {});
    while ((await runner.runOnce()) > 0) {}
    assert.deepEqual(seen.sort(), ['mail X1']);
    await t.db.query(`UPDATE jobs SET run_at = now() WHERE state = 'ready'`);
    while ((await runner.runOnce()) > 0) {}
    assert.deepEqual(seen.sort(), ['invoice X1', 'mail X1']);
    const { rows } = await t.db.query<{ queue: string; attempts: number }>(
      `SELECT queue, attempts FROM jobs WHERE queue LIKE 'event:test-%' ORDER BY queue`,
    );
    assert.deepEqual(rows, [
      { queue: 'event:test-invoice', attempts: 2 },
      { queue: 'event:test-mail', attempts: 1 },
    ]);
  });
});
