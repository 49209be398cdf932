import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { messages } from '@shop/contracts/messages';
import { Client, createTestApp, type TestApp } from './helpers.ts';

describe('stores API', () => {
  let t: TestApp;
  let c: Client;
  before(async () => {
    t = await createTestApp();
    c = new Client(t.app);
  });
  after(() => t.close());

  test('lists every store with its down flag, the hidden store 150 included', async () => {
    const res = await c.get('/api/stores');
    assert.equal(res.statusCode, 200);
    const stores = res.json() as { id: number; down: boolean; province: string; shipping: number }[];
    assert.ok(stores.length >= 6);
    assert.ok(stores.some((s) => s.id === 150));
    assert.equal(stores.filter((s) => s.down).length, 1);
    assert.ok(stores.filter((s) => s.id !== 150).every((s) => s.province === 'Málaga' && s.shipping === 5));
  });

  test('filters by name', async () => {
    const res = await c.get(`/api/stores?name=${encodeURIComponent('marbella')}`);
    const stores = res.json() as { town: string }[];
    assert.ok(stores.length >= 1);
    assert.ok(stores.every((s) => s.town === 'Marbella'));
  });

  test('gets one store, 404 for an unknown one', async () => {
    assert.equal((await c.get('/api/stores/1')).json().id, 1);
    const missing = await c.get('/api/stores/9999');
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(missing.json(), { error: 'STORE_NOT_FOUND', message: messages.storeNotFound });
  });

  test('validates: active store is valid, a down store is not, an unknown store is 404', async () => {
    assert.deepEqual((await c.get('/api/stores/1/validate')).json(), { message: 'Store is valid' });
    const stores = (await c.get('/api/stores')).json() as { id: number; down: boolean }[];
    const down = stores.find((s) => s.down)!;
    const res = await c.get(`/api/stores/${down.id}/validate`);
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().error, 'STORE_DOWN');
    assert.notEqual(res.json().message, 'Store is valid');
    assert.equal((await c.get('/api/stores/4242/validate')).statusCode, 404);
  });

  test('decode-url round-trips what the url code lookup produced, for both origins', async () => {
    for (const origin of ['false', 'screen'] as const) {
      const { urlCode } = (await c.get(`/api/stores/3/${origin}`)).json() as { urlCode: string };
      assert.match(urlCode, /^[A-Za-z0-9_-]+$/);
      const decoded = await c.get(`/api/stores/decode-url?encodedUrl=${urlCode}`);
      assert.equal(decoded.statusCode, 200);
      assert.deepEqual(decoded.json(), { storeId: 3, fromURL: origin });
    }
  });

  test('decode-url refuses garbage with 400 and its Spanish message', async () => {
    const garbage = [
      'garbage',
      'AAAA',
      'MTp0cnVl',
      'MDpmYWxzZQ',
      'LTE6ZmFsc2U',
      '%00',
      'x'.repeat(150),
      'MTpmYWxzZQ==',
      'MTpmYWxzZR',
    ];
    for (const code of garbage) {
      const res = await c.get(`/api/stores/decode-url?encodedUrl=${encodeURIComponent(code)}`);
      assert.equal(res.statusCode, 400, code);
      assert.equal(res.json().message, messages.invalidStoreUrl, code);
    }
    assert.equal((await c.get('/api/stores/decode-url')).statusCode, 400);
  });

  test('url code lookup: unknown store 404, unknown origin 400', async () => {
    assert.equal((await c.get('/api/stores/999/false')).statusCode, 404);
    assert.equal((await c.get('/api/stores/1/tablet')).statusCode, 400);
  });
});
