import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import type { Order } from '@shop/contracts/orders';
import type { Store } from '@shop/contracts/stores';
import { ADMIN, Client, createStaff, createTestApp, signedIn, type TestApp, tableCounts } from './helpers.ts';

describe('order creation and reading', () => {
  let t: TestApp;
  let c: Client;
  let model: ModelPage['items'][number];
  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    c = new Client(t.app);
    model = ((await c.get('/api/models?store=1&size=1')).json() as ModelPage).items[0]!;
  });
  after(() => t.close());

  const body = (over: Record<string, unknown> = {}) => ({
    store: { id: 1 },
    brand: { id: model.brand.id },
    model: { id: model.id },
    ...over,
  });

  test('creates an order with an unguessable id and a correlative number; the client total is ignored', async () => {
    const res = await c.post('/api/orders', body({ total: 0.01, status: 'paid', pendingPayment: false }));
    assert.equal(res.statusCode, 201);
    const { id, orderNumber } = res.json() as { id: string; orderNumber: string };
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.match(orderNumber, /^\d{6}$/);
    const next = (await c.post('/api/orders', body())).json() as { orderNumber: string };
    assert.equal(Number(next.orderNumber), Number(orderNumber) + 1);

    const order = (await c.get(`/api/orders/${id}`)).json() as Order;
    assert.equal(order.total, model.price);
    assert.equal(order.shipping, 0);
    assert.equal(order.status, 'created');
    assert.equal(order.pendingPayment, true);
    assert.equal(order.model.id, model.id);
    assert.equal(order.model.template, model.template);
    assert.equal(order.store.id, 1);
    assert.equal(order.store.shipping, 5);
    assert.equal(order.image, null);
    const details = (await c.get(`/api/orders/${id}/details`)).json() as Order;
    assert.deepEqual(details, order);
  });

  test('order reads are never cached', async () => {
    const { id } = (await c.post('/api/orders', body())).json() as { id: string };
    assert.equal((await c.get(`/api/orders/${id}`)).headers['cache-control'], 'no-store');
  });

  test('refuses a down store, a hidden model, and a model the store does not offer, writing nothing', async () => {
    const stores = (await c.get('/api/stores')).json() as Store[];
    const down = stores.find((s) => s.down)!;
    // Signing in writes (the staff device), so it comes before the counts.
    const admin = await signedIn(t.app, ADMIN);
    const before = await tableCounts(t.db);
    const downRes = await c.post('/api/orders', body({ store: { id: down.id } }));
    assert.equal(downRes.statusCode, 409);
    assert.equal(downRes.json().error, 'STORE_DOWN');

    const all = (await admin.get('/api/models?size=100')).json() as ModelPage;
    const hidden = all.items.find((m) => !m.isPublic)!;
    const hiddenRes = await c.post(
      '/api/orders',
      body({ brand: { id: hidden.brand.id }, model: { id: hidden.id } }),
    );
    assert.equal(hiddenRes.statusCode, 400);
    assert.equal(hiddenRes.json().error, 'MODEL_NOT_FOUND');

    const notOffered = all.items.find((m) => m.isPublic && !m.stores.includes(7))!;
    const offerRes = await c.post('/api/orders', {
      store: { id: 7 },
      brand: { id: notOffered.brand.id },
      model: { id: notOffered.id },
    });
    assert.equal(offerRes.statusCode, 409);
    assert.equal(offerRes.json().error, 'MODEL_NOT_AVAILABLE');
    assert.deepEqual(await tableCounts(t.db), before);
  });
});
