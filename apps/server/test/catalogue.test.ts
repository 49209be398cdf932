import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Brand, Model, ModelPage } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import { ADMIN, Client, createStaff, createTestApp, signedIn, type TestApp } from './helpers.ts';

describe('catalogue API', () => {
  let t: TestApp;
  let c: Client;
  let brands: Brand[];
  const brandId = (name: string) => brands.find((b) => b.name === name)!.id;

  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    c = new Client(t.app);
    brands = (await c.get('/api/brands')).json();
  });
  after(() => t.close());

  test('lists the four demo brands with mark images that load', async () => {
    assert.deepEqual(
      brands.map((b) => b.name),
      ['Apple', 'Samsung', 'Xiaomi', 'OPPO'],
    );
    for (const b of brands) {
      const img = await c.get(b.imageURI!);
      assert.equal(img.statusCode, 200);
      assert.equal(img.headers['content-type'], 'image/svg+xml');
      assert.equal(img.headers['x-content-type-options'], 'nosniff');
    }
  });

  test('pages models as {items,total,page,size} with template and image urls that load', async () => {
    const res = await c.get(`/api/models?store=1&brand=${brandId('Apple')}&page=1&size=20`);
    assert.equal(res.statusCode, 200);
    const page = res.json() as ModelPage;
    assert.deepEqual(Object.keys(page).sort(), ['items', 'page', 'size', 'total']);
    assert.equal(page.page, 1);
    assert.equal(page.size, 20);
    assert.ok(page.total > 0 && page.items.length === Math.min(20, page.total));
    assert.ok(page.items.every((m) => m.brand.id === brandId('Apple')));
    const first = page.items[0]!;
    const template = await c.get(first.template!);
    assert.equal(template.statusCode, 200);
    assert.equal(template.headers['content-type'], 'image/png');
    assert.match(String(template.headers['cache-control']), /immutable/);
    assert.equal((await c.get(first.image!)).statusCode, 200);
  });

  test('at least 40 visible models across the four brands, price 19,90 € or more', async () => {
    const page = (await c.get('/api/models?size=100')).json() as ModelPage;
    assert.ok(page.total >= 40, `total ${page.total}`);
    assert.ok(page.items.every((m) => m.price >= 19.9 && m.outline !== null));
  });

  test('pages do not overlap and cover the total', async () => {
    const seen = new Set<number>();
    let total = 0;
    for (let p = 1; p <= 5; p++) {
      const page = (await c.get(`/api/models?page=${p}&size=20`)).json() as ModelPage;
      total = page.total;
      for (const m of page.items) {
        assert.ok(!seen.has(m.id), `model ${m.id} twice`);
        seen.add(m.id);
      }
    }
    assert.equal(seen.size, total);
  });

  test('search is case- and accent-insensitive', async () => {
    const plain = (await c.get('/api/models?filtro=galaxy%20s24')).json() as ModelPage;
    const accented = (
      await c.get(`/api/models?filtro=${encodeURIComponent('GÁLAXY S24')}`)
    ).json() as ModelPage;
    assert.ok(plain.total >= 1);
    assert.deepEqual(
      accented.items.map((m) => m.id),
      plain.items.map((m) => m.id),
    );
    const none = (await c.get('/api/models?filtro=%25')).json() as ModelPage;
    assert.equal(none.total, 0, 'LIKE wildcards are literal');
  });

  test('per-store offer: a store that does not sell a brand lists none of its models', async () => {
    const all = (await c.get('/api/models?size=100')).json() as ModelPage;
    const counts = new Map<number, number>();
    for (const store of [1, 2, 3, 4, 6, 7, 8]) {
      counts.set(store, ((await c.get(`/api/models?store=${store}&size=1`)).json() as ModelPage).total);
    }
    const narrowed = [...counts].filter(([, n]) => n < all.total);
    assert.equal(narrowed.length, 1, 'exactly one demo store offers a subset');
    const [storeId] = narrowed[0]!;
    const offered = (await c.get(`/api/models?store=${storeId}&size=100`)).json() as ModelPage;
    assert.ok(offered.items.every((m) => m.stores.includes(storeId)));
  });

  test('hidden models, and models of hidden brands, are not shown to customers but are to staff', async () => {
    const admin = await signedIn(t.app, ADMIN);
    const staffAll = (await admin.get('/api/models?size=100')).json() as ModelPage;
    const publicAll = (await c.get('/api/models?size=100')).json() as ModelPage;
    const hidden = staffAll.items.filter((m) => !m.isPublic);
    assert.ok(hidden.length >= 1);
    assert.equal(publicAll.total, staffAll.total - hidden.length);
    assert.equal((await c.get(`/api/models/${hidden[0]!.id}`)).statusCode, 404);
    assert.equal((await admin.get(`/api/models/${hidden[0]!.id}`)).statusCode, 200);

    // Take a brand down: its models and the brand itself vanish for customers.
    const oppo = brands.find((b) => b.name === 'OPPO')!;
    const put = await admin.put(`/api/brands/${oppo.id}`, {
      name: 'OPPO',
      imageURI: oppo.imageURI,
      down: true,
      isPublic: true,
    });
    assert.equal(put.statusCode, 200);
    assert.equal(((await c.get('/api/brands')).json() as Brand[]).length, 3);
    assert.equal((await c.get(`/api/brands/${oppo.id}`)).statusCode, 404);
    assert.equal(((await c.get(`/api/models?brand=${oppo.id}`)).json() as ModelPage).total, 0);
    assert.ok(((await admin.get(`/api/models?brand=${oppo.id}`)).json() as ModelPage).total > 0);
    await admin.put(`/api/brands/${oppo.id}`, {
      name: 'OPPO',
      imageURI: oppo.imageURI,
      down: false,
      isPublic: true,
    });
  });

  test('toggleVisibility hides and shows a model again', async () => {
    const admin = await signedIn(t.app, ADMIN);
    const model = ((await c.get('/api/models?size=1')).json() as ModelPage).items[0]!;
    const hidden = await admin.put(`/api/models/${model.id}/toggleVisibility`);
    assert.equal(hidden.statusCode, 200);
    assert.equal(hidden.json().isPublic, false);
    assert.equal((await c.get(`/api/models/${model.id}`)).statusCode, 404);
    assert.equal((await admin.put(`/api/models/${model.id}/toggleVisibility`)).json().isPublic, true);
    assert.equal((await c.get(`/api/models/${model.id}`)).statusCode, 200);
  });

  test('admin creates, updates and deletes a brand and a model; delete refused while in use', async () => {
    const admin = await signedIn(t.app, ADMIN);
    const brand = await admin.post('/api/brands', { name: 'Google' });
    assert.equal(brand.statusCode, 201);
    const b = brand.json() as Brand;
    // A name already taken is said so, on the name's field, not as an anonymous 'record'.
    const taken = await admin.post('/api/brands', { name: 'google' });
    assert.equal(taken.statusCode, 409, 'names are unique');
    assert.deepEqual(taken.json(), { error: 'DUPLICATE', message: messages.brandNameTaken, field: 'name' });
    // A public model needs a case template: the demo's first model lends its own.
    const { template } = (await admin.get('/api/models/1')).json() as Model;
    const model = await admin.post('/api/models', {
      name: 'Pixel 9',
      brand: { id: b.id },
      price: 21.9,
      template,
      stores: [1, 2],
    });
    assert.equal(model.statusCode, 201);
    assert.deepEqual(model.json().stores, [1, 2]);
    assert.equal(model.json().price, 21.9);
    const m = model.json() as { id: number };
    const twin = await admin.post('/api/models', {
      name: 'PIXEL 9',
      brand: { id: b.id },
      price: 20,
      template,
      stores: [1],
    });
    assert.deepEqual(twin.json(), { error: 'DUPLICATE', message: messages.modelNameTaken, field: 'name' });
    assert.equal((await admin.delete(`/api/brands/${b.id}`)).statusCode, 409, 'brand has models');
    const order = await c.post('/api/orders', { store: { id: 1 }, brand: { id: b.id }, model: { id: m.id } });
    assert.equal(order.statusCode, 201);
    const refused = await admin.delete(`/api/models/${m.id}`);
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().error, 'IN_USE');
  });
});
