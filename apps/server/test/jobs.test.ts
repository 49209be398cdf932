// The job queue (ADR 31) on a real database: PGlite here, PostgreSQL with TEST_DATABASE_URL.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { deadJobs, enqueue, jobCounts, retryDeadJob } from '../src/jobs/queue.ts';
import { backoffSeconds, JobRunner } from '../src/jobs/runner.ts';
import { freshDatabase } from './helpers.ts';

const quiet = { info() {}, warn() {}, error() {} };

describe('job queue', () => {
  let db: Database;
  let drop: () => Promise<void>;

  before(async () => {
    ({ db, drop } = await freshDatabase());
    await migrate(db);
  });
  after(async () => {
    await db.close();
    await drop();
  });
  beforeEach(async () => {
    await db.query('DELETE FROM jobs');
    await db.query('DELETE FROM job_schedules');
  });

  const job = async (id: string) =>
    (
      await db.query<{ state: string; attempts: number; last_error: string | null; delay: number }>(
        `SELECT state, attempts, last_error, EXTRACT(EPOCH FROM run_at - now())::float8 AS delay
         FROM jobs WHERE id = $1`,
        [id],
      )
    ).rows[0]!;
  /** Makes every waiting job due now, as time passing would. */
  const due = () => db.query(`UPDATE jobs SET run_at = now() WHERE state = 'ready'`);

  test('a job enqueued in a transaction that rolls back is never run; one that commits is, once', async () => {
    await assert.rejects(
      db.transaction(async (tx) => {
        await enqueue(tx, 'q', { n: 1 });
        throw new Error('rolled back');
      }),
    );
    const id = await db.transaction((tx) => enqueue(tx, 'q', { n: 2 }));
    const seen: unknown[] = [];
    const runner = new JobRunner({ db, log: quiet }).handle('q', async (p) => void seen.push(p.n));
    assert.equal(await runner.runOnce(), 1);
    assert.equal(await runner.runOnce(), 0);
    assert.deepEqual(seen, [2]);
    assert.equal((await job(id!)).state, 'done');
  });

  test('a singleton key adds one job, however often it is enqueued', async () => {
    const first = await enqueue(db, 'refund', { c: 1 }, { singletonKey: 'cancel:1' });
    const second = await enqueue(db, 'refund', { c: 1 }, { singletonKey: 'cancel:1' });
    assert.ok(first);
    assert.equal(second, null);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE queue = 'refund'`,
    );
    assert.equal(rows[0]!.n, 1);
  });

  test('a failing job is retried after delays that double, then is dead and shown to operators', async () => {
    const id = (await enqueue(db, 'flaky', { x: 1 }, { maxAttempts: 3 }))!;
    let calls = 0;
    const runner = new JobRunner({ db, log: quiet }).handle(
      'flaky',
      async () => {
        calls++;
        throw new Error(`fallo ${calls}`);
      },
      { backoffSeconds: 10 },
    );
    await runner.runOnce();
    let row = await job(id);
    assert.equal(row.state, 'ready');
    assert.equal(row.attempts, 1);
    assert.equal(row.last_error, 'fallo 1');
    assert.ok(row.delay > 8 && row.delay <= 10, `first delay ${row.delay}`);
    assert.equal(await runner.runOnce(), 0, 'not run again before its delay');

    await due();
    await runner.runOnce();
    row = await job(id);
    assert.equal(row.attempts, 2);
    assert.ok(row.delay > 18 && row.delay <= 20, `second delay ${row.delay}`);

    await due();
    await runner.runOnce();
    row = await job(id);
    assert.equal(row.state, 'dead');
    assert.equal(row.attempts, 3);
    assert.equal(calls, 3);
    const dead = await deadJobs(db);
    assert.deepEqual(
      dead.map((d) => [d.id, d.queue, d.attempts, d.lastError]),
      [[id, 'flaky', 3, 'fallo 3']],
    );
    assert.deepEqual(
      (await jobCounts(db)).map((c) => [c.queue, c.state, c.count]),
      [['flaky', 'dead', 1]],
    );
    // An operator puts it back in line; it runs again with fresh attempts.
    assert.equal(await retryDeadJob(db, id), true);
    assert.equal(await retryDeadJob(db, id), false);
    await runner.runOnce();
    assert.equal((await job(id)).attempts, 1);
  });

  test('backoff doubles from its base and stops at its cap', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 10].map((a) => backoffSeconds(a, { backoffSeconds: 30, maxBackoffSeconds: 600 })),
      [30, 60, 120, 240, 600],
    );
  });

  test('a runner that dies mid-job leaves it to another runner once its lease is over', async () => {
    const id = (await enqueue(db, 'mail', { to: 'a@b.es' }))!;
    // The first runner claims the job and never comes back (its process was killed).
    const dying = new JobRunner({ db, log: quiet, leaseSeconds: 1 }).handle(
      'mail',
      () => new Promise(() => {}),
    );
    void dying.runOnce();
    await sleep(200);
    assert.equal((await job(id)).state, 'running');

    const seen: number[] = [];
    const other = new JobRunner({ db, log: quiet, leaseSeconds: 60 }).handle('mail', async (_p, info) => {
      seen.push(info.attempt);
    });
    assert.equal(await other.runOnce(), 0, 'not taken while the lease holds');
    await sleep(1100);
    assert.equal(await other.runOnce(), 1);
    assert.deepEqual(seen, [2]);
    assert.equal((await job(id)).state, 'done');
  });

  test('a job whose runner died on its last attempt is dead, not run again', async () => {
    const id = (await enqueue(db, 'once', {}, { maxAttempts: 1 }))!;
    const dying = new JobRunner({ db, log: quiet, leaseSeconds: 1 }).handle(
      'once',
      () => new Promise(() => {}),
    );
    void dying.runOnce();
    await sleep(1200);
    let ran = false;
    const other = new JobRunner({ db, log: quiet }).handle('once', async () => {
      ran = true;
    });
    await other.runOnce();
    assert.equal(ran, false);
    const row = await job(id);
    assert.equal(row.state, 'dead');
    assert.equal(row.last_error, 'lease expired on the last attempt');
  });

  test('two runners working the same queue never run one job twice', async () => {
    for (let i = 0; i < 40; i++) await enqueue(db, 'work', { i });
    const runs = new Map<number, number>();
    const handler = async (p: Record<string, unknown>) => {
      const i = p.i as number;
      runs.set(i, (runs.get(i) ?? 0) + 1);
      await sleep(2);
    };
    const a = new JobRunner({ db, log: quiet, batch: 3 }).handle('work', handler);
    const b = new JobRunner({ db, log: quiet, batch: 3 }).handle('work', handler);
    const drain = async (r: JobRunner) => {
      while ((await r.runOnce()) > 0) {}
    };
    await Promise.all([drain(a), drain(b), drain(a)]);
    assert.equal(runs.size, 40);
    assert.ok(
      [...runs.values()].every((n) => n === 1),
      'each job ran exactly once',
    );
  });

  test('a schedule adds one job per period between all runners, and its jobs run', async () => {
    let ran = 0;
    const make = () =>
      new JobRunner({ db, log: quiet }).schedule('sweep', 'sweep', 3600).handle('sweep', async () => {
        ran++;
      });
    const a = make();
    const b = make();
    await a.saveSchedules();
    await b.saveSchedules();
    await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.runOnce(), b.runOnce()]);
    assert.equal(ran, 1, 'one job for the period, whichever runner saw it first');
    const { rows } = await db.query<{ wait: number }>(
      `SELECT EXTRACT(EPOCH FROM next_run_at - now())::float8 AS wait FROM job_schedules WHERE name = 'sweep'`,
    );
    assert.ok(rows[0]!.wait > 3500, 'next one in an hour');
    // Saving the schedule again (an instance restarting) keeps when it is due.
    await a.saveSchedules();
    await a.runOnce();
    assert.equal(ran, 1);
  });

  test('a started runner polls by itself and stops cleanly', async () => {
    let ran = 0;
    const runner = new JobRunner({ db, log: quiet, pollMs: 20 }).handle('tick', async () => {
      ran++;
    });
    await runner.start();
    await enqueue(db, 'tick');
    for (let i = 0; i < 100 && ran === 0; i++) await sleep(20);
    await runner.stop();
    assert.equal(ran, 1);
  });
});
