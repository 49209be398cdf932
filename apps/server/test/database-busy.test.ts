// A database that does not answer in time is a 503 the client may retry, never a 500: a
// connection that never completes, and a request queued behind a pool whose every connection is
// taken, as the pg driver reports them. But only while nothing of the request was committed: after
// a change, a 503 would invite the balancer to repeat it.
import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { test } from 'node:test';
import Fastify from 'fastify';
import pg from 'pg';
import { asBookkeeping, newRequestId, withRequestId } from '../src/lib/request-context.ts';
import { isDatabaseUnavailable, registerErrorHandler } from '../src/plugins/error-handler.ts';
import { freshDatabase } from './helpers.ts';

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

test('after a committed change a lost database is a 500, never a 503 a balancer would send again', async () => {
  const { db, drop } = await freshDatabase();
  const app = Fastify({ genReqId: newRequestId });
  registerErrorHandler(app);
  app.addHook('onRequest', (req, _reply, done) => withRequestId(req.id, done));
  app.addHook('preValidation', (req, _reply, done) => withRequestId(req.id, done));
  await db.exec('CREATE TABLE notes (id serial PRIMARY KEY, body text)');
  const lost = () => new Error('Connection terminated unexpectedly');
  const writeThenLose = async () => {
    await db.transaction((tx) => tx.query(`INSERT INTO notes (body) VALUES ('x')`));
    throw lost();
  };
  app.post('/write-then-lose', writeThenLose);
  app.get('/write-then-lose', writeThenLose);
  app.post('/single-write-then-lose', async () => {
    await db.query(`INSERT INTO notes (body) VALUES ('y')`);
    throw lost();
  });
  app.post('/bookkeeping-then-lose', async () => {
    // A rate-limit counter or a session's last use: sent again, the request only counts again.
    await asBookkeeping(() => db.query(`INSERT INTO notes (body) VALUES ('counter')`));
    throw lost();
  });
  app.post('/read-then-lose', async () => {
    await db.query('SELECT count(*) FROM notes');
    throw lost();
  });
  try {
    const status = async (method: 'GET' | 'POST', url: string) =>
      (await app.inject({ method, url })).statusCode;
    assert.equal(await status('POST', '/read-then-lose'), 503);
    assert.equal(await status('POST', '/bookkeeping-then-lose'), 503);
    assert.equal(await status('POST', '/write-then-lose'), 500);
    assert.equal(await status('POST', '/single-write-then-lose'), 500);
    // A GET may always be asked again.
    assert.equal(await status('GET', '/write-then-lose'), 503);
    // Each request starts with nothing changed.
    assert.equal(await status('POST', '/read-then-lose'), 503);
  } finally {
    await app.close();
    await db.close();
    await drop();
  }
});
