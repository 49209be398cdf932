// A connection to PostgreSQL cut under the app (the server restarts, a failover, an administrator
// ending sessions): whatever the connection was doing fails with an error its caller handles, the
// process goes on, and the next call gets a working connection. The cut is made as the server
// makes it when it stops (`pg_terminate_backend`: a FATAL message, then the socket closes).
//
// The dangerous moment is a transaction between two statements, waiting for something else (a
// file, a payment gateway): no query is running to fail, so pg reports the loss as an 'error'
// event on the checked-out client, and an 'error' event nobody listens to ends the process.
//
// PostgreSQL only (scripts/test.sh leaves it out of the PGlite run, by name): PGlite lives inside
// the app's process and has no connection to lose.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import type { Database } from '../src/db/client.ts';
import { freshDatabase } from './helpers.ts';

const url = process.env.TEST_DATABASE_URL;

describe('a PostgreSQL connection cut under the app', { skip: !url && 'PostgreSQL only' }, () => {
  let db: Database;
  let drop: () => Promise<void>;
  const uncaught: Error[] = [];
  const onUncaught = (err: Error) => uncaught.push(err);

  before(async () => {
    ({ db, drop } = await freshDatabase());
    await db.exec('CREATE TABLE cut_t (id serial PRIMARY KEY, note text NOT NULL)');
    // An 'error' event without a listener is thrown from the socket's callback: without this the
    // test runner would report it against whichever test runs then, or end the file.
    process.on('uncaughtException', onUncaught);
  });
  after(async () => {
    process.off('uncaughtException', onUncaught);
    await db.close();
    await drop();
  });

  async function terminate(pid: number): Promise<void> {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ok: boolean }>('SELECT pg_terminate_backend($1) AS ok', [pid]);
      assert.equal(rows[0]?.ok, true, `session ${pid} ended`);
    } finally {
      await admin.end();
    }
  }

  /** Lets the client read the FATAL message and the closed socket. */
  const settle = () => new Promise((r) => setTimeout(r, 300));

  test('a transaction waiting between two statements fails, writes nothing, and the process goes on', async () => {
    const outcome = await db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await tx.query("INSERT INTO cut_t (note) VALUES ('half')");
        await terminate(rows[0]!.pid);
        await settle(); // the connection is lost while nothing runs on it
        await tx.query("INSERT INTO cut_t (note) VALUES ('other half')");
        return 'committed';
      })
      .catch((err: Error) => err);
    assert.ok(outcome instanceof Error, `the transaction failed: ${String(outcome)}`);
    assert.deepEqual(uncaught, []);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM cut_t');
    assert.equal(rows[0]?.n, 0, 'nothing of the cut transaction was kept');
  });

  test('a statement running when the connection is cut fails, and the next call works', async () => {
    const outcome = await db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // Its failure is taken as it happens (while `terminate` still runs), then passed on.
        const slow = tx.query('SELECT pg_sleep(5)').then(
          () => null,
          (err: Error) => err,
        );
        await settle();
        await terminate(rows[0]!.pid);
        const failed = await slow;
        if (failed) throw failed;
      })
      .catch((err: Error) => err);
    assert.ok(outcome instanceof Error, `the statement failed: ${String(outcome)}`);
    assert.deepEqual(uncaught, []);
    await db.transaction(async (tx) => tx.query("INSERT INTO cut_t (note) VALUES ('after')"));
    const { rows } = await db.query<{ note: string }>('SELECT note FROM cut_t');
    assert.deepEqual(rows, [{ note: 'after' }]);
  });

  test('idle pooled connections cut at once: the next calls get new ones', async () => {
    // Fill the pool with several connections, then end every session of this database.
    await Promise.all(Array.from({ length: 5 }, () => db.query('SELECT pg_sleep(0.05)')));
    const { rows: me } = await db.query<{ db: string }>('SELECT current_database() AS db');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: number }>(
        'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1',
        [me[0]!.db],
      );
      assert.ok((rows[0]?.n ?? 0) >= 1, 'some sessions ended');
    } finally {
      await admin.end();
    }
    await settle();
    for (let i = 0; i < 12; i++) {
      const { rows } = await db.query<{ one: number }>('SELECT 1 AS one');
      assert.deepEqual(rows, [{ one: 1 }]);
    }
    assert.deepEqual(uncaught, []);
  });
});
