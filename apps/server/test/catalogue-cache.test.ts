import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { ADMIN, Client, createStaff, createTestApp, signedIn, type TestApp } from './helpers.ts';

/** Waits until `check` holds (a notification travels through the database asynchronously). */
async function eventually(check: () => Promise<boolean>, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('catalogue served from memory', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let c: Client;
  let queries = 0;

  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    c = new Client(t.app);
    const query = t.db.query.bind(t.db);
    t.db.query = ((text: string, params?: unknown[]) => {
      queries++;
      return query(text, params);
    }) as typeof t.db.query;
    // A second instance on the same database, as behind a load balancer.
    other = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      db: t.db,
      fileStore: t.files,
      logger: false,
      webDist: '/nonexistent',
    });
    await other.ready();
  });
  after(async () => {
    await other.close();
    await t.close();
  });

  test('a repeated customer read does not reach the database', async () => {
    const first = await c.get('/api/models?store=1&brand=1&page=1&size=20');
    assert.equal(first.statusCode, 200);
    const before = queries;
    const second = await c.get('/api/models?store=1&brand=1&page=1&size=20');
    assert.equal(second.body, first.body);
    assert.equal(queries, before, 'served from memory');
    assert.equal(second.headers['content-type'], 'application/json; charset=utf-8');
    assert.ok((second.json() as ModelPage).items.length > 0);
  });

  test('ETag: a browser that has the answer gets a 304 without a body', async () => {
    const res = await c.get('/api/brands');
    const etag = String(res.headers.etag);
    assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
    assert.equal(res.headers['cache-control'], 'no-cache');
    const again = await c.request({ method: 'GET', url: '/api/brands', headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
  });

  test('staff reads bypass the cache and are never stored by browsers', async () => {
    const admin = await signedIn(t.app, ADMIN);
    const res = await admin.get('/api/models?size=100');
    assert.equal(res.headers['cache-control'], 'private, no-store');
    assert.equal(res.headers.etag, undefined);
  });

  test('a change through this instance shows at once; through another instance, after its notification', async () => {
    const admin = await signedIn(t.app, ADMIN);
    const page = (await c.get('/api/models?brand=1&size=100')).json() as ModelPage;
    await (await new Client(other).get('/api/models?brand=1&size=100')).json();
    const model = page.items[0]!;

    const toggled = await admin.put(`/api/models/${model.id}/toggleVisibility`);
    assert.equal(toggled.statusCode, 200);
    const here = (await c.get('/api/models?brand=1&size=100')).json() as ModelPage;
    assert.equal(here.total, page.total - 1, 'same instance: immediately');
    await eventually(async () => {
      const there = (await new Client(other).get('/api/models?brand=1&size=100')).json() as ModelPage;
      return there.total === page.total - 1;
    });
    await admin.put(`/api/models/${model.id}/toggleVisibility`);
  });

  test('a change made straight in the database (another tool, a migration) empties the cache too', async () => {
    const before = (await c.get('/api/stores/2')).json() as { name: string };
    await t.db.query(`UPDATE stores SET name = 'Renombrada por SQL' WHERE id = 2`);
    await eventually(
      async () => ((await c.get('/api/stores/2')).json() as { name: string }).name === 'Renombrada por SQL',
    );
    await t.db.query('UPDATE stores SET name = $1 WHERE id = 2', [before.name]);
    await eventually(
      async () => ((await c.get('/api/stores/2')).json() as { name: string }).name === before.name,
    );
  });

  test('errors are not cached', async () => {
    // The previous tests' invalidations (a notification, the version poll) may still arrive and
    // empty the cache mid-count: count again until a round saw none. A cached error adds an
    // entry in every round, so it never passes.
    await eventually(async () => {
      await c.get('/api/brands');
      const entries = t.app.deps.catalogueCache.size;
      if (entries === 0) return false;
      assert.equal((await c.get('/api/models/99999')).statusCode, 404);
      assert.equal((await c.get('/api/models/99999')).statusCode, 404);
      return t.app.deps.catalogueCache.size === entries;
    });
  });
});
