import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { messages } from '@shop/contracts/messages';
import type { Order, OrderEvent, OrderPage } from '@shop/contracts/orders';
import { createOrder, designedOrder, expectOk } from './checkout-helpers.ts';
import {
  ADMIN,
  Client,
  createStaff,
  createTestApp,
  STORE1,
  STORE2,
  signedIn,
  type TestApp,
} from './helpers.ts';

describe('back office: orders of the staff', () => {
  let t: TestApp;
  let c: Client;
  let admin: Client;
  let store1: Client;
  let store2: Client;
  const orders: Record<number, Order[]> = { 1: [], 2: [] };

  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    c = new Client(t.app);
    for (let i = 0; i < 3; i++) orders[1]!.push(await createOrder(c, 1));
    for (let i = 0; i < 2; i++) orders[2]!.push(await createOrder(c, 2));
    const placed = await designedOrder(c, 1);
    await expectOk(c.post(`/api/orders/${placed.id}/confirmUserDetails`, { name: 'Clienta' }));
    orders[1]!.push(placed);
    admin = await signedIn(t.app, ADMIN);
    store1 = await signedIn(t.app, STORE1);
    store2 = await signedIn(t.app, STORE2);
  });
  after(() => t.close());

  const list = async (who: Client, query = '') => {
    const res = await who.get(`/api/orders${query}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as OrderPage;
  };

  test('anonymous callers cannot list orders', async () => {
    assert.equal((await c.get('/api/orders')).statusCode, 401);
  });

  test('admin sees every order; store staff only their store', async () => {
    assert.equal((await list(admin)).total, 6);
    const mine = await list(store1);
    assert.equal(mine.total, 4);
    assert.ok(mine.items.every((o) => o.store.id === 1));
    assert.equal((await list(store2)).total, 2);
  });

  test("store staff get 403 for another store's orders", async () => {
    assert.equal((await store1.get('/api/orders?storeId=2')).statusCode, 403);
    const foreign = orders[2]![0]!;
    assert.equal((await store1.get(`/api/orders/${foreign.id}/timeline`)).statusCode, 403);
    assert.equal(
      (await store1.post(`/api/orders/${foreign.id}/status`, { status: 'cancelled' })).statusCode,
      403,
    );
    assert.equal((await store1.post(`/api/orders/${foreign.id}/confirmPayment`)).statusCode, 403);
  });

  test('filters: store, order id or number, dates, finished only; paging and sorting', async () => {
    assert.equal((await list(admin, '?storeId=2')).total, 2);
    const target = orders[1]![1]!;
    assert.deepEqual(
      (await list(admin, `?orderId=${target.id}`)).items.map((o) => o.id),
      [target.id],
    );
    assert.deepEqual(
      (await list(admin, `?orderId=${Number(target.orderNumber)}`)).items.map((o) => o.id),
      [target.id],
    );
    assert.equal((await list(admin, `?orderId=${target.orderNumber}`)).total, 1);
    assert.equal((await admin.get('/api/orders?orderId=nope')).statusCode, 400);
    const finished = await list(admin, '?finishedOnly=true');
    assert.equal(finished.total, 1);
    assert.equal(finished.items[0]!.status, 'to_pay_at_store');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
    assert.equal((await list(admin, `?startDate=${today}&endDate=${today}`)).total, 6);
    assert.equal((await list(admin, '?endDate=2020-01-01')).total, 0);
    const page1 = await list(admin, '?size=4&page=1&sort=orderNumber');
    const page2 = await list(admin, '?size=4&page=2&sort=orderNumber');
    assert.equal(page1.items.length, 4);
    assert.equal(page2.items.length, 2);
    const numbers = [...page1.items, ...page2.items].map((o) => Number(o.orderNumber));
    assert.deepEqual(
      numbers,
      [...numbers].sort((a, b) => a - b),
    );
    const desc = await list(admin, '?sort=-orderNumber&size=1');
    assert.equal(Number(desc.items[0]!.orderNumber), Math.max(...numbers));
  });

  test('timeline and hand-set states follow the life cycle', async () => {
    const order = orders[1]![0]!;
    const timeline = (await store1.get(`/api/orders/${order.id}/timeline`)).json() as OrderEvent[];
    assert.equal(timeline[0]!.toStatus, 'created');
    const early = await store1.post(`/api/orders/${order.id}/status`, { status: 'delivered' });
    assert.equal(early.statusCode, 409);
    const cancelled = await store1.post(`/api/orders/${order.id}/status`, {
      status: 'cancelled',
      note: 'cliente no vino',
    });
    assert.equal(cancelled.statusCode, 200);
    assert.equal((cancelled.json() as Order).status, 'cancelled');
    const after = (await store1.get(`/api/orders/${order.id}/timeline`)).json() as OrderEvent[];
    assert.equal(after.at(-1)!.note, 'cliente no vino');
    assert.match(after.at(-1)!.actor, /^staff:/);
  });
});

describe('back office: staff accounts', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ seed: true });
    await createStaff(t.db);
  });
  after(() => t.close());

  test('admin creates store staff, resets a password and disables an account; others cannot', async () => {
    const admin = await signedIn(t.app, ADMIN);
    const created = await admin.post('/api/staff', {
      email: 'nueva@tienda.es',
      name: 'Nueva',
      password: 'clave-larga-1',
      role: 'store',
      storeId: 3,
    });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json().id as number;
    const again = await admin.post('/api/staff', {
      email: 'Nueva@Tienda.es',
      name: 'Otra',
      password: 'clave-larga-2',
      role: 'store',
      storeId: 3,
    });
    assert.equal(again.statusCode, 409, again.body);
    assert.equal(again.json().message, messages.staffEmailTaken);
    assert.equal(again.json().field, 'email');
    assert.equal(
      (
        await admin.post('/api/staff', {
          email: 'x@y.es',
          name: 'X',
          password: 'clave-larga-1',
          role: 'store',
        })
      ).statusCode,
      400,
    );
    const staff = await signedIn(t.app, { email: 'nueva@tienda.es', password: 'clave-larga-1' });
    assert.equal((await staff.get('/api/staff')).statusCode, 403);

    assert.equal((await admin.put(`/api/staff/${id}`, { password: 'otra-clave-2' })).statusCode, 200);
    assert.equal((await staff.get('/api/auth/me')).statusCode, 401, 'a reset ends open sessions');
    await signedIn(t.app, { email: 'nueva@tienda.es', password: 'otra-clave-2' });

    assert.equal((await admin.put(`/api/staff/${id}`, { disabled: true })).json().disabled, true);
    const refused = await new Client(t.app).login('nueva@tienda.es', 'otra-clave-2');
    assert.equal(refused.statusCode, 401);
    const me = (await admin.get('/api/auth/me')).json() as { id: number };
    assert.equal((await admin.put(`/api/staff/${me.id}`, { disabled: true })).statusCode, 409);
  });
});
