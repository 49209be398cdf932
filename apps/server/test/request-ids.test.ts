// A request's id follows its work: the request's log line, the jobs it queues (its events'
// dispatch, and the subscribers' jobs the dispatch queues in turn) and the log lines of their runs
// all carry the same id, random so that several instances never share one.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, test } from 'node:test';
import Fastify from 'fastify';
import { EventBus } from '../src/jobs/events.ts';
import { JobRunner } from '../src/jobs/runner.ts';
import { contextActive, currentRequestId, newRequestId } from '../src/lib/request-context.ts';
import { MailDispatcher } from '../src/modules/mail/dispatcher.ts';
import { SmtpTransport } from '../src/modules/mail/transport.ts';
import { registerRequestContext } from '../src/plugins/request-context.ts';
import { ADMIN, createStaff, createTestApp, signedIn, type TestApp } from './helpers.ts';
import { startSmtp } from './mail-support.ts';

const lines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
    done();
  },
});
let t: TestApp;

before(async () => {
  t = await createTestApp({ logStream });
  await createStaff(t.db);
});
after(() => t.close());

test('the jobs a request queues, and their runs, carry its id', async () => {
  const { rows: models } = await t.db.query<{ id: number; brand_id: number; price_cents: number }>(
    'SELECT m.id, m.brand_id, m.price_cents FROM models m JOIN store_models sm ON sm.model_id = m.id WHERE sm.store_id = 1 LIMIT 1',
  );
  const m = models[0]!;
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO orders (id, store_id, brand_id, model_id, price_cents, origin, status, payment_method, customer_name,
       customer_email, case_type_id)
     VALUES (gen_random_uuid(), 1, $1, $2, $3, 'false', 'to_pay_at_store', 'paystore', 'Cliente', 'cliente@example.com',
       (SELECT id FROM case_types WHERE is_default))
     RETURNING id`,
    [m.brand_id, m.id, m.price_cents],
  );
  const orderId = rows[0]!.id;
  const clerk = await signedIn(t.app, ADMIN);
  await idle();
  const paid = await clerk.post(`/api/orders/${orderId}/confirmPayment`);
  assert.equal(paid.statusCode, 200, paid.body);
  // Answered: nothing carries an id any more, so the storage (and Node's promise hook) is off.
  await idle();

  const completed = lines.filter((l) => l.msg === 'request completed');
  const confirm = completed.find((l) => String((l.req as { url: string }).url).endsWith('/confirmPayment'));
  const reqId = confirm?.reqId;
  assert.ok(typeof reqId === 'string' && /^[A-Za-z0-9_-]{9,}$/.test(reqId), `request id ${String(reqId)}`);
  const ids = new Set(completed.map((l) => l.reqId));
  assert.equal(ids.size, completed.length, 'every request has an id of its own');

  const queued = await t.db.query<{ queue: string; request_id: string | null }>(
    `SELECT queue, request_id FROM jobs WHERE queue = 'events.dispatch' ORDER BY id`,
  );
  assert.ok(queued.rows.length >= 1, `the payment recorded its event: ${JSON.stringify(queued.rows)}`);
  for (const job of queued.rows) assert.equal(job.request_id, reqId);

  // A subscriber of the payment: its job is queued by the dispatch job, and fails once.
  const runs: { log: Record<string, unknown>[] } = { log: [] };
  const log = {
    info: (obj: object, msg: string) => void runs.log.push({ ...obj, msg }),
    warn: (obj: object, msg: string) => void runs.log.push({ ...obj, msg }),
    error: (obj: object, msg: string) => void runs.log.push({ ...obj, msg }),
  };
  const runner = new JobRunner({ db: t.db, log });
  let tries = 0;
  const seen: (string | null)[] = [];
  new EventBus(runner).on(
    'order.paid',
    'request-id-witness',
    async () => {
      tries += 1;
      seen.push(currentRequestId());
      assert.equal(contextActive(), true);
      if (tries === 1) throw new Error('first try fails');
    },
    { backoffSeconds: 0 },
  );
  while ((await runner.runOnce()) > 0)
    await t.db.query(`UPDATE jobs SET run_at = now() WHERE state = 'ready'`);
  assert.equal(tries, 2);
  assert.deepEqual(seen, [reqId, reqId], 'the subscriber runs as part of the request');

  const subscriber = await t.db.query<{ request_id: string | null; state: string }>(
    `SELECT request_id, state FROM jobs WHERE queue = 'event:request-id-witness'`,
  );
  assert.deepEqual(subscriber.rows, [{ request_id: reqId, state: 'done' }]);
  const failed = runs.log.find((l) => l.msg === 'job failed; will retry');
  assert.equal(failed?.reqId, reqId);
  const done = runs.log.filter((l) => l.msg === 'job done');
  assert.deepEqual(done.map((l) => l.queue).sort(), ['event:request-id-witness', 'events.dispatch']);
  for (const line of done) assert.equal(line.reqId, reqId);
  assert.equal(contextActive(), false, 'off again once the jobs are done');

  // The mails the payment queued (its receipt) keep the id too, for the dispatcher's log lines.
  const mails = await t.db.query<{ kind: string; request_id: string | null }>(
    'SELECT kind, request_id FROM mail_outbox WHERE order_id = $1',
    [orderId],
  );
  assert.ok(mails.rows.length >= 1, 'the payment queued its receipt');
  for (const mail of mails.rows) assert.equal(mail.request_id, reqId, mail.kind);
  const smtp = await startSmtp();
  const sends: Record<string, unknown>[] = [];
  const dispatcher = new MailDispatcher({
    db: t.db,
    transport: new SmtpTransport(`smtp://127.0.0.1:${smtp.port}`, { timeoutMs: 3000 }),
    from: t.app.deps.config.mail.from,
    files: t.app.deps.files,
    log: { ...log, info: (obj: object, msg: string) => void sends.push({ ...obj, msg }) },
  });
  await dispatcher.runOnce();
  await dispatcher.stop();
  await smtp.close();
  const sent = sends.filter((l) => l.msg === 'mail sent' && l.orderId === orderId);
  assert.equal(sent.length, mails.rows.length);
  for (const line of sent) assert.equal(line.reqId, reqId);
});

test('a read runs outside any context; a change runs in its own, which goes off once answered', async () => {
  const app = Fastify({ genReqId: newRequestId });
  registerRequestContext(app);
  const report = async () => {
    await new Promise((r) => setTimeout(r, 5)); // across an await, as a handler's queries are
    return { active: contextActive(), id: currentRequestId() };
  };
  app.get('/leer', report);
  app.post('/cambiar', report);
  await app.ready();
  try {
    await idle();
    const read = (await app.inject({ method: 'GET', url: '/leer' })).json();
    assert.deepEqual(read, { active: false, id: null });
    const [a, b] = await Promise.all([
      app.inject({ method: 'POST', url: '/cambiar' }),
      app.inject({ method: 'POST', url: '/cambiar' }),
    ]);
    assert.equal(a.json().active, true);
    assert.match(a.json().id, /^[A-Za-z0-9_-]{9,}$/);
    assert.notEqual(a.json().id, b.json().id, 'two requests at once keep their own ids');
    await idle();
  } finally {
    await app.close();
  }
});

/** Waits until no request or job holds the context (an answer's onResponse runs just after it). */
async function idle(): Promise<void> {
  for (let i = 0; i < 100 && contextActive(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(contextActive(), false, 'the context is still held');
}
