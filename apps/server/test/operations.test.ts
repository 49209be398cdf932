import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, createTestApp, type TestApp } from './helpers.ts';

/**
 * What operators watch: `/healthz` (alive), `/readyz` (database, schema and storage), `/metrics`
 * (Prometheus text behind METRICS_TOKEN). docs/operations.md, 'What to watch'.
 */

const TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('health, readiness and metrics', () => {
  let t: TestApp;
  let off: TestApp;
  before(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    off = await createTestApp({ seed: false });
  });
  after(async () => {
    await t.close();
    await off.close();
  });

  const metrics = (app: TestApp, authorization?: string) =>
    app.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

  test('/healthz answers while the process runs; /readyz checks database, schema and storage', async () => {
    const alive = await t.app.inject({ url: '/healthz' });
    assert.equal(alive.statusCode, 200);
    assert.deepEqual(alive.json(), { status: 'ok' });

    const ready = await t.app.inject({ url: '/readyz' });
    assert.equal(ready.statusCode, 200);
    assert.deepEqual(ready.json(), {
      status: 'ready',
      checks: { database: true, migrations: true, storage: true },
    });

    // Storage that refuses writes: not ready, and the answer says which check failed.
    const put = t.files.put.bind(t.files);
    t.files.put = async () => {
      throw new Error('disk full');
    };
    try {
      const full = await t.app.inject({ url: '/readyz' });
      assert.equal(full.statusCode, 503);
      assert.deepEqual(full.json().checks, { database: true, migrations: true, storage: false });
    } finally {
      t.files.put = put;
    }

    // A database whose schema is behind the code's: not ready.
    const { rows } = await t.db.query<{ version: number; name: string }>(
      'DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations) RETURNING version, name',
    );
    try {
      const behind = await t.app.inject({ url: '/readyz' });
      assert.equal(behind.statusCode, 503);
      assert.equal(behind.json().checks.migrations, false);
    } finally {
      await t.db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        rows[0]!.version,
        rows[0]!.name,
      ]);
    }
    assert.equal((await t.app.inject({ url: '/readyz' })).statusCode, 200);
  });

  test('/metrics is off without METRICS_TOKEN and needs the bearer token with it', async () => {
    assert.equal((await metrics(off)).statusCode, 404);
    assert.equal((await metrics(off, `Bearer ${TOKEN}`)).statusCode, 404);
    assert.equal((await metrics(t)).statusCode, 401);
    assert.equal((await metrics(t, 'Bearer wrong-token-of-the-same-size-000000')).statusCode, 401);
    assert.equal((await metrics(t, TOKEN.slice(1))).statusCode, 401);
    const ok = await metrics(t, `Bearer ${TOKEN}`);
    assert.equal(ok.statusCode, 200);
    assert.match(ok.headers['content-type'] as string, /^text\/plain; version=0\.0\.4/);
  });

  test('the metrics count requests by route pattern and read the queues that wait', async () => {
    const client = new Client(t.app);
    await client.get('/api/stores/1');
    await client.get('/api/stores/2');
    await client.get('/api/stores/999999');
    // A mail waiting for ten minutes.
    await t.db.query(
      `INSERT INTO mail_outbox (kind, to_address, subject, text_body, message_id, created_at)
       VALUES ('test', 'cliente@example.com', 'Prueba', 'Prueba', '<operations-test@example.com>',
               now() - interval '10 minutes')`,
    );
    // A job due five minutes ago and one dead after its last attempt.
    await t.db.query(
      `INSERT INTO jobs (queue, run_at, state) VALUES ('test', now() - interval '5 minutes', 'ready'),
              ('test', now(), 'dead')`,
    );
    const body = (await metrics(t, `Bearer ${TOKEN}`)).body;
    const value = (line: RegExp): number => {
      const found = body.split('\n').find((l) => line.test(l));
      assert.ok(found, `no line matching ${line}`);
      return Number(found.split(' ').at(-1));
    };
    // Ids never become labels: both stores count under the route's pattern.
    assert.equal(
      value(/^shop_http_requests_total\{.*method="GET".*route="\/api\/stores\/:id".*status="200"/),
      2,
    );
    assert.equal(value(/^shop_http_requests_total\{.*route="\/api\/stores\/:id".*status="404"/), 1);
    assert.ok(!body.includes('/api/stores/999999'));
    assert.ok(value(/^shop_http_request_duration_seconds_count\{.*route="\/api\/stores\/:id"/) >= 3);
    assert.ok(value(/^shop_mail_outbox_depth\{/) >= 1);
    assert.ok(value(/^shop_mail_outbox_oldest_seconds\{/) >= 590);
    assert.ok(value(/^shop_jobs_due\{/) >= 1);
    assert.ok(value(/^shop_jobs_oldest_due_seconds\{/) >= 290);
    assert.ok(value(/^shop_jobs_dead\{/) >= 1);
    for (const name of [
      'shop_mail_failed',
      'shop_verifactu_records_pending',
      'shop_verifactu_records_rejected',
      'shop_payments_pending_over_30m',
      'shop_refunds_failed',
      'shop_jobs_due',
      'shop_jobs_oldest_due_seconds',
      'shop_jobs_dead',
      'shop_upload_places_in_use',
      'shop_upload_places',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      assert.ok(Number.isFinite(value(new RegExp(`^${name}\\{`))), name);
    }
    assert.equal(value(/^shop_upload_places_in_use\{/), 0);
  });
});
