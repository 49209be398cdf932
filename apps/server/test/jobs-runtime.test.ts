// The running server drives the job queue (ADR 31): the housekeeping are schedules whose jobs run
// once per period between instances, and recorded events are dispatched.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { loadConfig } from '../src/env.ts';
import { recordEvent } from '../src/jobs/events.ts';
import { startRuntime } from '../src/runtime.ts';

describe('the server runs the job queue', () => {
  let app: FastifyInstance;
  let db: Database;
  let dir: string;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'shop-jobs-'));
    ({ app, db } = await startRuntime(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', DEMO: '0' }),
    ));
  });
  after(async () => {
    await app.close();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  const settled = async (sql: string) => {
    for (let i = 0; i < 200; i++) {
      const { rows } = await db.query<{ n: number }>(sql);
      if (rows[0]!.n === 0) return;
      await sleep(50);
    }
    assert.fail(`still waiting: ${sql}`);
  };

  test('the housekeeping are schedules, and their first runs are done', async () => {
    const { rows } = await db.query<{ name: string; every_seconds: number }>(
      'SELECT name, every_seconds FROM job_schedules ORDER BY name',
    );
    assert.deepEqual(
      rows.map((r) => [r.name, r.every_seconds]),
      [
        ['purge finished jobs', 3600],
        ['purge rate limits', 600],
        ['reconcile payment attempts', 300],
        ['retention', 3600],
        ['sweep orphan files', 3600],
        ['sweep unattached uploads', 3600],
      ],
    );
    await settled(
      `SELECT count(*)::int AS n FROM jobs WHERE queue LIKE 'housekeeping:%' AND state <> 'done'`,
    );
    const done = await db.query<{ n: number }>(
      `SELECT count(DISTINCT queue)::int AS n FROM jobs WHERE queue LIKE 'housekeeping:%' AND state = 'done'`,
    );
    assert.equal(done.rows[0]!.n, 6);
  });

  test('a recorded event is dispatched', async () => {
    await db.transaction((tx) => recordEvent(tx, { type: 'order.paid', subject: 'X', by: 'gateway' }));
    await settled(`SELECT count(*)::int AS n FROM jobs WHERE queue = 'events.dispatch' AND state <> 'done'`);
  });
});
