import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import { ADMIN, Client, createStaff, createTestApp, signedIn, type TestApp } from './helpers.ts';

const store = (postalCode: string, town: string, province: string) => ({
  name: `Tienda ${town}`,
  address: 'Calle Mayor, 1',
  postalCode,
  town,
  province,
});

/** docs/product.md §5.1, ADR 26: no store, and so no sale with IVA, outside the IVA territory. */
describe('stores outside the IVA territory (Canarias, Ceuta, Melilla)', () => {
  let t: TestApp;
  let admin: Client;
  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    admin = await signedIn(t.app, ADMIN);
  });
  after(() => t.close());

  const outside = [
    ['35002', 'Las Palmas de Gran Canaria', 'Las Palmas'],
    ['38001', 'Santa Cruz de Tenerife', 'Santa Cruz de Tenerife'],
    ['51001', 'Ceuta', 'Ceuta'],
    ['52001', 'Melilla', 'Melilla'],
  ] as const;

  test('a new store there is refused with 422 STORE_OUTSIDE_IVA_TERRITORY on its postal code', async () => {
    const before = (await admin.get('/api/stores')).json().length;
    for (const [code, town, province] of outside) {
      const res = await admin.post('/api/stores', store(code, town, province));
      assert.equal(res.statusCode, 422, code);
      assert.deepEqual(res.json(), {
        error: 'STORE_OUTSIDE_IVA_TERRITORY',
        message: messages.storeOutsideIvaTerritory,
        field: 'postalCode',
      });
    }
    assert.match(messages.storeOutsideIvaTerritory, /Canarias, Ceuta ni Melilla/);
    assert.equal((await admin.get('/api/stores')).json().length, before);
  });

  test('a store cannot be moved there; the peninsula and Baleares are fine', async () => {
    const res = await admin.put('/api/stores/1', store('35002', 'Las Palmas de Gran Canaria', 'Las Palmas'));
    assert.equal(res.statusCode, 422);
    assert.equal(res.json().error, 'STORE_OUTSIDE_IVA_TERRITORY');
    assert.notEqual((await admin.get('/api/stores/1')).json().postalCode, '35002');
    const palma = await admin.post('/api/stores', store('07001', 'Palma', 'Illes Balears'));
    assert.equal(palma.statusCode, 201);
  });

  test('a store left there from before the rule is not valid and takes no new order', async () => {
    // As a database of an earlier release may hold it: written past the API's check.
    await t.db.query("UPDATE stores SET postal_code = '38001' WHERE id = 2");
    const c = new Client(t.app);
    const validate = await c.get('/api/stores/2/validate');
    assert.equal(validate.statusCode, 409);
    assert.deepEqual(validate.json(), {
      error: 'STORE_OUTSIDE_IVA_TERRITORY',
      message: messages.storeSalesOutsideIvaTerritory,
    });
    const model = ((await c.get('/api/models?store=2&size=1')).json() as ModelPage).items[0]!;
    const before = await t.db.query('SELECT count(*)::int AS n FROM orders');
    const res = await c.post('/api/orders', {
      store: { id: 2 },
      brand: { id: model.brand.id },
      model: { id: model.id },
    });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().error, 'STORE_OUTSIDE_IVA_TERRITORY');
    assert.match(res.json().message, /Elige otra tienda/);
    assert.deepEqual((await t.db.query('SELECT count(*)::int AS n FROM orders')).rows, before.rows);
  });
});
