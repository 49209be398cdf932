// Dependency faults with the server process running (the built server, PostgreSQL):
// - the database goes away (pg_ctl stop -m fast) and comes back: meanwhile every call gets a 503
//   with the Spanish SERVICE_UNAVAILABLE body (never a 500), /api/health is 503, and afterwards
//   everything works again without restarting the app, including the catalogue cache's LISTEN
//   connection (a change made by another instance is seen);
// - the mail server is down when the mails are queued and comes up later: the dispatcher's own
//   loop (not a test calling it) sends each mail exactly once, through the database outage too.
//   The unit-level proof of the same (dispatcher.runOnce with a dead port, then a live one) is
//   apps/server/test/mail.test.ts, 'keeps a mail pending with backoff while the server is down,
//   then sends it exactly once'; this one adds the real polling loop, backoff and process.
//
// PostgreSQL only: the test makes a throwaway cluster of its own (it must stop it, which it cannot
// do to the shared one of scripts/test-postgres.sh). PGlite lives inside the app's process and
// cannot go away on its own, so there is no PGlite variant: scripts/test.sh leaves this file out
// of the PGlite run, by name, and says so.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { gate } from '../../../tests/resilience/lib/crash-run.ts';
import { photoForm, Visitor } from '../../../tests/resilience/lib/http-client.ts';
import { createCluster, type PgCluster } from '../../../tests/resilience/lib/pg-cluster.ts';
import {
  errorLines,
  freePort,
  RUN_ADMIN,
  requireBuiltServer,
  type ServerProcess,
  startServer,
} from '../../../tests/resilience/lib/server-process.ts';
import { Ledger, samplePhotos, Workload } from '../../../tests/resilience/lib/workload.ts';

let cluster: PgCluster;
let server: ServerProcess;
let dataDir: string;
let dbUrl: string;
let smtpPort: number;
const arrived: { messageId: string; rcpt: string[] }[] = [];
let smtp: SMTPServer | null = null;
let deadSmtp: Server | null = null;

/**
 * The mail server while it is down: the port is held (so no other test's server can take it in
 * the meantime and leave the dispatcher waiting for a greeting) and every connection is hung up
 * at once, which the dispatcher sees as a failed attempt like a refused connection.
 */
function holdDeadSmtpPort(): Promise<number> {
  deadSmtp = createServer((socket) => socket.destroy());
  return new Promise((resolve, reject) => {
    deadSmtp!.once('error', reject);
    deadSmtp!.listen(0, '127.0.0.1', () => {
      const address = deadSmtp!.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

before(async () => {
  requireBuiltServer();
  cluster = await createCluster();
  dbUrl = await cluster.createDatabase('shop_outage');
  dataDir = await mkdtemp(path.join(tmpdir(), 'shop-outage-'));
  smtpPort = await holdDeadSmtpPort(); // the mail server is down
  server = await startServer({
    dataDir,
    port: await freePort(),
    databaseUrl: dbUrl,
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LOG_LEVEL: 'warn' },
  });
});

after(async () => {
  // A server that died mid-test shows up as refused connections: its last words say why.
  if (server && !server.running()) console.error(`the server had stopped:\n${server.logs().slice(-4000)}`);
  await server?.stop();
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
  await new Promise<void>((r) => (deadSmtp?.listening ? deadSmtp.close(() => r()) : r()));
  await cluster?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function sql<R extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<R[]> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    return (await c.query<R>(text, params)).rows;
  } finally {
    await c.end();
  }
}

async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => null);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function startSmtp(): Promise<void> {
  await new Promise<void>((r) => deadSmtp!.close(() => r()));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      stream.on('end', () => {
        const id = /^message-id:\s*(\S+)/im.exec(raw)?.[1] ?? '';
        arrived.push({ messageId: id, rcpt: session.envelope.rcptTo.map((a) => a.address) });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    smtp!.server.once('error', reject);
    smtp!.listen(smtpPort, '127.0.0.1', () => resolve());
  });
}

test('database down and back: Spanish 503s meanwhile, full recovery without a restart; mails sent once, later', async (t) => {
  const base = () => server.url;
  const staff = new Visitor(base);
  await staff.login(RUN_ADMIN);
  const customer = new Visitor(base);
  const models = (await customer.get('/api/models?store=1&size=4')).json<ModelPage>().items;
  const ledger = new Ledger();
  const released = gate();
  released.resolve();
  const workload = new Workload({
    base,
    whenUp: () => released.promise,
    staff,
    ledger,
    storeId: 1,
    models,
    photos: await samplePhotos(),
  });

  // 1. An order paid and invoiced while the mail server is down: its mails wait in the outbox.
  await workload.journey();
  assert.deepEqual([ledger.serverErrors, ledger.unexpected], [[], []]);
  const [order] = [...ledger.orders.values()];
  assert.equal(order?.status, 'paid');
  type OutboxRow = { id: string; status: string; attempts: number; last_error: string | null };
  let outbox: OutboxRow[] = [];
  const firstTry = await until('a failed first attempt at every mail', async () => {
    outbox = await sql<OutboxRow>('SELECT id, status, attempts, last_error FROM mail_outbox ORDER BY id');
    return outbox.length > 0 && outbox.every((r) => r.attempts >= 1 && r.status === 'pending') && outbox;
  }).catch((err: Error) => {
    throw new Error(`${err.message}; the outbox: ${JSON.stringify(outbox)}`);
  });
  t.diagnostic(`mails queued: ${firstTry.length}, first attempt failed: ${firstTry[0]?.last_error}`);
  const firstFailedAt = Date.now();
  await startSmtp();

  // 2. The database goes away.
  const model = models[0]!;
  const listPrice = async () =>
    (await customer.get('/api/models?store=1&size=4')).json<ModelPage>().items.find((m) => m.id === model.id)!
      .price;
  const priceBefore = await listPrice(); // now in the catalogue cache
  await cluster.stop();
  const down = Date.now();

  const health = await customer.request('GET', '/api/health');
  assert.equal(health.status, 503);
  assert.deepEqual(health.json(), { error: 'SERVICE_UNAVAILABLE', message: messages.serviceUnavailable });
  assert.equal(health.headers.get('retry-after'), '5');
  const calls = [
    () => customer.request('GET', `/api/orders/${order!.id}`),
    () =>
      new Visitor(base).request('POST', '/api/orders', {
        json: { store: { id: 1 }, brand: { id: model.brand.id }, model: { id: model.id } },
      }),
    () =>
      new Visitor(base).request('POST', '/api/images', {
        form: photoForm(Buffer.from('x'), 'a.jpg', 'image/jpeg'),
      }),
    () => staff.request('GET', '/api/orders?size=5'),
    () => staff.request('POST', `/api/orders/${order!.id}/generateInvoice`),
    () => customer.request('GET', `/api/payment/redsys/${order!.id}`),
  ];
  const answers: number[] = [];
  for (const call of calls) {
    const r = await call();
    answers.push(r.status);
    assert.equal(r.status, 503, r.text());
    assert.deepEqual(r.json(), { error: 'SERVICE_UNAVAILABLE', message: messages.serviceUnavailable });
  }
  // The customer catalogue is served from memory while it lasts: still the right answer.
  const cached = await customer.request('GET', '/api/models?store=1&size=4');
  assert.ok(cached.status === 200 || cached.status === 503, `catalogue during the outage: ${cached.status}`);
  t.diagnostic(
    `during the outage: health 503, ${answers.join('/')} for the calls, cached catalogue ${cached.status}`,
  );
  await new Promise((r) => setTimeout(r, 2000)); // a few dispatcher and LISTEN retries fail meanwhile
  assert.ok(server.running(), 'the server survives the outage');

  // 3. The database comes back: the same process recovers.
  await cluster.start();
  const upAgain = Date.now();
  await until('health 200', async () => (await customer.request('GET', '/api/health')).status === 200);
  const recoveredMs = Date.now() - upAgain;
  t.diagnostic(
    `database down ${Math.round((upAgain - down) / 1000)} s; health 200 again ${recoveredMs} ms after it came back`,
  );
  // Every pooled connection was cut: enough calls in a row to go through all of them, all fine.
  for (let i = 0; i < 25; i++) {
    const r = await staff.request('GET', '/api/orders?size=5');
    assert.equal(r.status, 200, `call ${i} after the recovery: ${r.status} ${r.text()}`);
  }
  await workload.journey(); // a whole journey again: order, uploads, payment, invoice
  assert.deepEqual([ledger.serverErrors, ledger.unexpected], [[], []]);
  assert.equal([...ledger.orders.values()].filter((o) => o.invoiceNumber).length, 2);

  // The catalogue cache listens again: a change made elsewhere (another instance, here plain SQL
  // with its trigger's NOTIFY) reaches it.
  assert.equal(await listPrice(), priceBefore);
  await sql('UPDATE models SET price_cents = price_cents + 100 WHERE id = $1', [model.id]);
  await until('the catalogue change to be seen', async () => (await listPrice()) === priceBefore + 1, 10_000);

  // 4. The mails: each sent exactly once by the dispatcher's own loop, after the backoff.
  const rows = await until(
    'every mail sent',
    async () => {
      const r = await sql<{ message_id: string; status: string; attempts: number }>(
        'SELECT message_id, status, attempts FROM mail_outbox ORDER BY id',
      );
      return r.every((m) => m.status === 'sent') && r;
    },
    60_000,
  );
  t.diagnostic(
    `mails sent ${Math.round((Date.now() - firstFailedAt) / 1000)} s after their failed first attempt`,
  );
  await new Promise((r) => setTimeout(r, 5500)); // one more poll: nothing is sent twice
  const ids = arrived.map((a) => a.messageId).sort();
  assert.deepEqual(ids, rows.map((r) => r.message_id).sort());
  assert.equal(new Set(ids).size, ids.length);
  assert.deepEqual(errorLines(server.logs()), []);
});
