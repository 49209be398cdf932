// A database that does not answer in time is a 503 the client may retry, never a 500: a
// connection that never completes, and a request queued behind a pool whose every connection is
// taken, as the pg driver reports them.
import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { test } from 'node:test';
import pg from 'pg';
import { isDatabaseUnavailable } from '../src/plugins/error-handler.ts';

test('a silent database and a full pool both count as the database being unavailable', async () => {
  // Accepts connections and never says a word, like a server too loaded to answer.
  const sockets: Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as { port: number };
  const pool = new pg.Pool({
    connectionString: `postgres://shop@127.0.0.1:${port}/shop`,
    max: 1,
    connectionTimeoutMillis: 300,
  });
  try {
    const first = pool.connect();
    const queued = pool.connect();
    const [own, behind] = await Promise.allSettled([first, queued]);
    assert.equal(own.status, 'rejected');
    assert.equal(behind.status, 'rejected');
    const errors = [own.reason, behind.reason] as Error[];
    assert.ok(
      errors.some((e) => /timeout exceeded when trying to connect/.test(e.message)),
      errors.map((e) => e.message).join('; '),
    );
    for (const error of errors) assert.ok(isDatabaseUnavailable(error), error.message);
    assert.equal(isDatabaseUnavailable(new Error('duplicate key value violates unique constraint')), false);
  } finally {
    await pool.end().catch(() => undefined);
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
});
