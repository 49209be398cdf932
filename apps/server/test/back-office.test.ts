// The back office's rules at the API: deleting what nothing uses (and saying so, in Spanish, when
// something does), public models that can be sold, pay-at-store orders printed before they are
// paid and cashed with who and when, and the order list without abandoned orders.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Brand, Model, ModelInput } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import type { Order, OrderEvent, OrderPage } from '@shop/contracts/orders';
import type { Store } from '@shop/contracts/stores';
import { openDatabase } from '../src/db/client.ts';
import { migrations } from '../src/db/migrate.ts';
import { createOrder, designedOrder, expectOk } from './checkout-helpers.ts';
import { ADMIN, Client, createStaff, createTestApp, STORE1, signedIn, type TestApp } from './helpers.ts';
import {
  firstModel,
  initiate,
  notificationFor,
  payNowOrder,
  postNotification,
  requestParams,
} from './payments-support.ts';

let t: TestApp;
let c: Client;
let admin: Client;
let store1: Client;
/** A case template that exists (the demo's first model's), for models that must be public. */
let template: string;

before(async () => {
  t = await createTestApp();
  await createStaff(t.db);
  c = new Client(t.app);
  admin = await signedIn(t.app, ADMIN);
  store1 = await signedIn(t.app, STORE1);
  template = ((await admin.get('/api/models/1')).json() as Model).template!;
});
after(() => t.close());

const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;

async function newModel(over: Partial<ModelInput> = {}): Promise<Model> {
  const res = await admin.post('/api/models', {
    name: unique('Modelo'),
    brand: { id: 1 },
    price: 19.9,
    template,
    ...over,
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json() as Model;
}

function expectRefusal(
  res: { statusCode: number; json(): unknown; body: string },
  status: number,
  body: Record<string, string>,
) {
  assert.equal(res.statusCode, status, res.body);
  assert.deepEqual(res.json(), body);
}

describe('deleting stores, brands, models and staff accounts', () => {
  test('what nothing uses is deleted and gone', async () => {
    const brand = (await expectOk(admin.post('/api/brands', { name: unique('Marca') }))).json() as Brand;
    assert.equal((await admin.delete(`/api/brands/${brand.id}`)).statusCode, 204);
    assert.equal((await admin.get(`/api/brands/${brand.id}`)).statusCode, 404);

    const model = await newModel();
    assert.equal((await admin.delete(`/api/models/${model.id}`)).statusCode, 204);
    assert.equal((await admin.get(`/api/models/${model.id}`)).statusCode, 404);

    const store = (
      await expectOk(
        admin.post('/api/stores', {
          name: unique('Tienda'),
          address: 'Calle Sol, 1',
          postalCode: '29001',
          town: 'Málaga',
          province: 'Málaga',
        }),
      )
    ).json() as Store;
    assert.equal((await admin.delete(`/api/stores/${store.id}`)).statusCode, 204);
    assert.equal((await admin.get(`/api/stores/${store.id}`)).statusCode, 404);

    const account = (
      await expectOk(
        admin.post('/api/staff', {
          email: `${unique('borrar').replace(' ', '-')}@tienda.es`,
          name: 'Sin trabajo',
          password: 'una-clave-bien-larga-2026',
          role: 'store',
          storeId: 2,
        }),
      )
    ).json() as { id: number };
    assert.equal((await admin.delete(`/api/staff/${account.id}`)).statusCode, 204);
    const left = (await admin.get('/api/staff')).json() as { id: number }[];
    assert.ok(!left.some((a) => a.id === account.id));
  });

  test('what is in use answers 409 IN_USE with a Spanish reason and what to do instead', async () => {
    expectRefusal(await admin.delete('/api/brands/1'), 409, {
      error: 'IN_USE',
      message: messages.brandHasModels,
    });
    const order = await createOrder(c, 1);
    expectRefusal(await admin.delete(`/api/models/${order.model.id}`), 409, {
      error: 'IN_USE',
      message: messages.modelInUse,
    });
    expectRefusal(await admin.delete('/api/stores/1'), 409, {
      error: 'IN_USE',
      message: messages.storeInUse,
    });
    assert.match(messages.storeInUse, /Dele de baja/);

    // The clerk of store 1 has worked on an order: the account stays, to say who did it.
    const placed = await designedOrder(c, 1);
    await expectOk(c.post(`/api/orders/${placed.id}/confirmUserDetails`, { name: 'Marta' }));
    await expectOk(store1.post(`/api/orders/${placed.id}/confirmPayment`));
    const clerk = ((await admin.get('/api/staff')).json() as { id: number; email: string }[]).find(
      (a) => a.email === STORE1.email,
    )!;
    expectRefusal(await admin.delete(`/api/staff/${clerk.id}`), 409, {
      error: 'IN_USE',
      message: messages.staffInUse,
    });
    const me = ((await admin.get('/api/auth/me')).json() as { id: number }).id;
    expectRefusal(await admin.delete(`/api/staff/${me}`), 409, {
      error: 'CONFLICT',
      message: messages.cannotDeleteSelf,
    });
    assert.equal((await store1.delete(`/api/staff/${me}`)).statusCode, 403);
  });
});

describe('a public model can be sold', () => {
  test('no template or price 0 € makes a public model 422, on the field at fault', async () => {
    const base = { name: unique('Sin plantilla'), brand: { id: 1 }, price: 19.9 };
    expectRefusal(await admin.post('/api/models', base), 422, {
      error: 'MODEL_NOT_SELLABLE',
      message: messages.modelPublicNeedsTemplate,
      field: 'template',
    });
    expectRefusal(await admin.post('/api/models', { ...base, template, price: 0 }), 422, {
      error: 'MODEL_NOT_SELLABLE',
      message: messages.modelPublicNeedsPrice,
      field: 'price',
    });

    // Hidden, it may be unfinished; made public by the form or the list's toggle, it may not.
    const hidden = (await expectOk(admin.post('/api/models', { ...base, isPublic: false }))).json() as Model;
    assert.equal(hidden.isPublic, false);
    const toggled = await admin.put(`/api/models/${hidden.id}/toggleVisibility`);
    assert.equal(toggled.statusCode, 422, toggled.body);
    assert.equal((toggled.json() as { field: string }).field, 'template');
    const put = await admin.put(`/api/models/${hidden.id}`, { ...base, isPublic: true, template, price: 0 });
    assert.equal(put.statusCode, 422, put.body);
    assert.equal(
      ((await admin.get(`/api/models/${hidden.id}`)).json() as Model).isPublic,
      false,
      'nothing saved',
    );

    const fixed = await expectOk(
      admin.put(`/api/models/${hidden.id}`, { ...base, isPublic: true, template }),
    );
    assert.equal((fixed.json() as Model).isPublic, true);
    assert.equal((await c.get(`/api/models/${hidden.id}`)).statusCode, 200, 'customers see it');
  });
});

describe('pay-at-store orders: printed before they are paid, paid at the counter', () => {
  const timeline = async (id: string) =>
    (await admin.get(`/api/orders/${id}/timeline`)).json() as OrderEvent[];
  const paidMails = async (id: string) =>
    (
      await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM mail_outbox WHERE order_id = $1 AND kind = 'order-paid'`,
        [id],
      )
    ).rows[0]!.n;

  test('printed, ready, cashed with who and when, then delivered', async () => {
    const placed = await designedOrder(c, 1);
    const order = (
      await expectOk(
        c.post(`/api/orders/${placed.id}/confirmUserDetails`, { name: 'Lucía', email: 'lucia@example.com' }),
      )
    ).json() as Order;
    assert.equal(order.status, 'to_pay_at_store');
    assert.equal(order.paidAt, null);

    // Printable as soon as design and details are confirmed: the customer pays on collection.
    await expectOk(store1.post(`/api/orders/${order.id}/print`));
    const printed = (await store1.get(`/api/orders/${order.id}`)).json() as Order;
    assert.equal(printed.status, 'printed');
    assert.equal(printed.pendingPayment, true);
    await expectOk(store1.post(`/api/orders/${order.id}/status`, { status: 'ready' }));

    // Not handed over unpaid, not invoiced unpaid, and no receipt mail before the money.
    expectRefusal(await store1.post(`/api/orders/${order.id}/status`, { status: 'delivered' }), 409, {
      error: 'ORDER_STATE',
      message: messages.deliverNeedsPayment,
    });
    assert.equal((await store1.post(`/api/orders/${order.id}/generateInvoice`)).statusCode, 409);
    assert.equal(await paidMails(order.id), 0);

    const paid = (await expectOk(store1.post(`/api/orders/${order.id}/confirmPayment`))).json() as Order;
    assert.equal(paid.status, 'ready', 'the state stays where it was');
    assert.equal(paid.pendingPayment, false);
    assert.equal(paid.paidBy, `staff:${STORE1.email}`);
    assert.ok(Math.abs(Date.parse(paid.paidAt!) - Date.now()) < 60_000);
    assert.equal(await paidMails(order.id), 1);
    const line = (await timeline(order.id)).at(-1)!;
    assert.deepEqual(
      { kind: line.kind, from: line.fromStatus, to: line.toStatus, actor: line.actor },
      { kind: 'paid', from: 'ready', to: 'ready', actor: `staff:${STORE1.email}` },
    );
    // Once is enough: a second press changes nothing and mails nothing.
    await expectOk(store1.post(`/api/orders/${order.id}/confirmPayment`));
    assert.equal(await paidMails(order.id), 1);
    assert.equal((await timeline(order.id)).filter((e) => e.kind === 'paid').length, 1);

    // Customers read that it is paid, not who recorded it.
    const seen = (await c.get(`/api/orders/${order.id}`)).json() as Order;
    assert.equal(seen.paidAt, paid.paidAt);
    assert.equal(seen.paidBy, null);

    const delivered = (
      await expectOk(store1.post(`/api/orders/${order.id}/status`, { status: 'delivered' }))
    ).json() as Order;
    assert.equal(delivered.status, 'delivered');
    await expectOk(store1.post(`/api/orders/${order.id}/generateInvoice`));
  });

  test('paid at the counter before printing: printable, frozen for the customer', async () => {
    const placed = await designedOrder(c, 1);
    await expectOk(c.post(`/api/orders/${placed.id}/confirmUserDetails`, { name: 'Pablo' }));
    const paid = (await expectOk(store1.post(`/api/orders/${placed.id}/confirmPayment`))).json() as Order;
    assert.equal(paid.status, 'to_pay_at_store');
    const change = await c.post(`/api/orders/${placed.id}/confirmPaymentMethod?paymentMethod=paynow`);
    expectRefusal(change, 409, { error: 'ORDER_STATE', message: messages.paymentAlreadySettled });
    await expectOk(store1.post(`/api/orders/${placed.id}/print`));
    assert.equal(((await c.get(`/api/orders/${placed.id}`)).json() as Order).status, 'printed');
  });

  test('only pay-at-store orders, placed and not yet collected, are cashed at the counter', async () => {
    const fresh = await createOrder(c, 1);
    expectRefusal(await store1.post(`/api/orders/${fresh.id}/confirmPayment`), 409, {
      error: 'ORDER_STATE',
      message: messages.markPaidNotAllowed,
    });
    const payNow = await payNowOrder(c, await firstModel(c), { delivery: false });
    assert.equal((await store1.post(`/api/orders/${payNow.id}/confirmPayment`)).statusCode, 409);
  });

  test('the gateway pays a pay-now order through the same record: paid_at and paid_by gateway', async () => {
    const payNow = await payNowOrder(c, await firstModel(c), { delivery: false });
    const request = requestParams(await initiate(c, payNow.id));
    assert.equal((await postNotification(t.app, notificationFor(request))).statusCode, 200);
    const paid = (await admin.get(`/api/orders/${payNow.id}`)).json() as Order;
    assert.equal(paid.status, 'paid');
    assert.equal(paid.paidBy, 'gateway');
    assert.ok(paid.paidAt);
    assert.equal(await paidMails(payNow.id), 1);
  });
});

describe('the order list', () => {
  test('abandoned orders are hidden unless asked for; paid and unpaid can be told apart', async () => {
    const abandoned = await createOrder(c, 2);
    const recent = await createOrder(c, 2);
    await t.db.query(`UPDATE orders SET created_at = now() - interval '26 hours' WHERE id = $1`, [
      abandoned.id,
    ]);
    const ids = async (query: string) =>
      ((await admin.get(`/api/orders?storeId=2&size=100${query}`)).json() as OrderPage).items.map(
        (o) => o.id,
      );

    const list = await ids('');
    assert.ok(list.includes(recent.id), 'a fresh order is still being made');
    assert.ok(!list.includes(abandoned.id), 'an abandoned one is hidden');
    assert.ok((await ids('&abandoned=true')).includes(abandoned.id));
    assert.ok((await ids('&status=created')).includes(abandoned.id));
    assert.deepEqual(await ids(`&orderId=${abandoned.orderNumber}`), [abandoned.id]);

    const placed = await designedOrder(c, 2);
    assert.ok(!(await ids('&paid=false')).includes(placed.id), 'a draft never placed owes nothing');
    await expectOk(c.post(`/api/orders/${placed.id}/confirmUserDetails`, { name: 'Eva' }));
    assert.ok((await ids('&paid=false')).includes(placed.id));
    assert.ok(!(await ids('&paid=false')).includes(recent.id), 'nor does an order still being made');
    await expectOk(admin.post(`/api/orders/${placed.id}/confirmPayment`));
    assert.ok((await ids('&paid=true')).includes(placed.id));
    assert.ok(!(await ids('&paid=false')).includes(placed.id));

    const dropped = await designedOrder(c, 2);
    await expectOk(c.post(`/api/orders/${dropped.id}/confirmUserDetails`, { name: 'Luis' }));
    await expectOk(admin.post(`/api/orders/${dropped.id}/status`, { status: 'cancelled' }));
    assert.ok(!(await ids('&paid=false')).includes(dropped.id), 'a cancelled order owes nothing');
  });
});

describe('migration 9 on data written before it', () => {
  test('paid orders get paid_at and paid_by from their timeline; unsellable public models are hidden', async () => {
    const db = await openDatabase({ dataDir: null });
    try {
      for (const m of migrations.filter((m) => m.version < 9)) await db.exec(m.sql);
      await db.exec(`
        INSERT INTO files (id, kind, content_type, size_bytes, storage_key) VALUES ('tpl00000001', 'template', 'image/png', 1, 'tpl00000001');
        INSERT INTO stores (id, name, address, postal_code, town, province) VALUES (1, 'T', 'C', '29001', 'M', 'M');
        INSERT INTO brands (id, name) VALUES (1, 'B');
        INSERT INTO models (id, brand_id, name, search_name, price_cents, template_id, is_public) VALUES
          (1, 1, 'Bien', 'bien', 1990, 'tpl00000001', true),
          (2, 1, 'Sin plantilla', 'sin plantilla', 1990, NULL, true),
          (3, 1, 'Gratis', 'gratis', 0, 'tpl00000001', true),
          (4, 1, 'Oculto', 'oculto', 0, NULL, false);
        INSERT INTO orders (id, store_id, brand_id, model_id, price_cents, status, payment_method) VALUES
          ('00000000-0000-4000-8000-000000000001', 1, 1, 1, 1990, 'delivered', 'paystore'),
          ('00000000-0000-4000-8000-000000000002', 1, 1, 1, 1990, 'to_pay_at_store', 'paystore');
        INSERT INTO order_events (order_id, at, from_status, to_status, actor) VALUES
          ('00000000-0000-4000-8000-000000000001', '2026-01-10T10:00:00Z', 'to_pay_at_store', 'paid', 'staff:ana@t.es'),
          ('00000000-0000-4000-8000-000000000001', '2026-01-11T10:00:00Z', 'paid', 'printed', 'staff:ana@t.es');
      `);
      const version9 = migrations.find((m) => m.version === 9)!;
      await db.exec(version9.sql);
      const { rows } = await db.query<{ id: string; paid_at: Date | null; paid_by: string | null }>(
        'SELECT id, paid_at, paid_by FROM orders ORDER BY id',
      );
      assert.deepEqual(
        rows.map((r) => [r.paid_at?.toISOString() ?? null, r.paid_by]),
        [
          ['2026-01-10T10:00:00.000Z', 'staff:ana@t.es'],
          [null, null],
        ],
      );
      const models = await db.query<{ id: number; is_public: boolean }>(
        'SELECT id, is_public FROM models ORDER BY id',
      );
      assert.deepEqual(
        models.rows.map((m) => m.is_public),
        [true, false, false, false],
      );
      await assert.rejects(
        db.query('UPDATE models SET is_public = true WHERE id = 2'),
        /models_public_sellable/,
      );
    } finally {
      await db.close();
    }
  });
});
