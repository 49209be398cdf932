// Several instances for real: Debian's nginx, configured as deploy/nginx/shop.conf says, in front
// of two built shop instances that share nothing but one PostgreSQL database, an S3 bucket (s3rver
// on loopback), a mail server (SMTP on loopback) and the AEAT's VERI*FACTU service (a fake one over
// HTTPS with a client certificate). Each instance has a DATA_DIR of its own, as on two hosts.
//
// A customer's whole journey goes through nginx, so its requests land on both instances: the
// customer starts an order on the store's page and asks for a QR code, the phone uploads a photo
// through its link, the design is placed, the order is paid now through the gateway simulator,
// and the invoice arrives by mail. Twice an instance is killed with SIGKILL while it is in the middle of the
// customer's work:
// - the phone's upload: the photo is stored and its attachment to the order is waiting (the test
//   holds the order's row lock, so the moment is certain); nginx sends the upload to the other
//   instance, the customer sees one answer, the order has the photo once and the link is spent;
// - the gateway's signed notification: the same way, while the instance waits to apply it; the
//   order is paid once, invoiced once, registered at the AEAT once, and mailed once.
// The killed instance is started again after the first kill (as systemd's Restart= does) and left
// dead after the second one: the customer finishes on the other instance. The recurring jobs
// (reconciliation, retention, sweeps) ran once between the instances.
//
// PostgreSQL run only (scripts/test.sh lists it among the PostgreSQL-only files): two processes
// cannot share PGlite.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import type { Order } from '@shop/contracts/orders';
import type { PaymentInitiation } from '@shop/contracts/payments';
import pg from 'pg';
import S3rver from 's3rver';
import { photoForm, type Reply, Visitor } from '../../../tests/resilience/lib/http-client.ts';
import { type Nginx, startNginx } from '../../../tests/resilience/lib/nginx.ts';
import { freshDatabase } from '../../../tests/resilience/lib/pg-cluster.ts';
import {
  errorLines,
  freePort,
  requireBuiltServer,
  type ServerProcess,
  startServer,
} from '../../../tests/resilience/lib/server-process.ts';
import { samplePhotos } from '../../../tests/resilience/lib/workload.ts';
import { header, parseMime, startSmtp, type TestSmtp } from './mail-support.ts';
import { FakeAeat, makeCertificates } from './verifactu-support.ts';

const pgBase = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** s3rver's own credentials (it refuses any other access key). */
const S3RVER_KEY = 'S3RVER';
const NAMES = ['shop-a', 'shop-b'] as const;

const cleanups: (() => Promise<unknown>)[] = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

let nginx: Nginx;
let smtp: TestSmtp;
let aeat: FakeAeat;
let db: { url: string; drop(): Promise<void> };
let sql: pg.Client;
const instances: (ServerProcess | null)[] = [null, null];
const everyInstance: ServerProcess[] = [];
let startInstance: (i: 0 | 1) => Promise<ServerProcess>;
let ports: [number, number];

before(async () => {
  if (!pgBase) return;
  requireBuiltServer();
  db = await freshDatabase(pgBase, 'shop_nginx');
  cleanups.push(() => db.drop());
  sql = new pg.Client({ connectionString: db.url });

  const s3Dir = await mkdtemp(path.join(tmpdir(), 'shop-nginx-s3-'));
  cleanups.push(() => rm(s3Dir, { recursive: true, force: true }));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'tienda' }],
  });
  const s3Address = await s3.run();
  cleanups.push(() => s3.close());

  smtp = await startSmtp();
  cleanups.push(() => smtp.close());
  const certs = makeCertificates();
  cleanups.push(() => rm(certs.dir, { recursive: true, force: true }));
  aeat = await new FakeAeat(certs, { waitSeconds: 1 }).start();
  cleanups.push(() => aeat.stop());

  ports = [await freePort(), await freePort()];
  nginx = await startNginx(ports);
  cleanups.push(() => nginx.stop());

  const env = {
    PUBLIC_URL: nginx.url,
    TRUST_PROXY: '1',
    FILE_STORAGE: 's3',
    S3_BUCKET: 'tienda',
    S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
    S3_ACCESS_KEY_ID: S3RVER_KEY,
    S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    S3_FORCE_PATH_STYLE: '1',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    VERIFACTU_ENDPOINT: aeat.url,
    VERIFACTU_CERT: certs.clientP12,
    VERIFACTU_CERT_PASSWORD: certs.clientPassword,
    NODE_EXTRA_CA_CERTS: certs.caCert,
  };
  // Two hosts: a data directory each (the upload spool, nothing shared).
  const dataDirs = [
    await mkdtemp(path.join(tmpdir(), 'shop-nginx-a-')),
    await mkdtemp(path.join(tmpdir(), 'shop-nginx-b-')),
  ];
  cleanups.push(async () => {
    for (const d of dataDirs) await rm(d, { recursive: true, force: true });
  });
  startInstance = async (i) => {
    const server = await startServer({
      dataDir: dataDirs[i]!,
      port: ports[i],
      databaseUrl: db.url,
      // Which instance a waiting database session belongs to (pg_stat_activity.application_name).
      env: { ...env, PGAPPNAME: NAMES[i] },
    });
    instances[i] = server;
    everyInstance.push(server);
    return server;
  };
  cleanups.push(async () => {
    for (const s of everyInstance) await s.kill9();
  });
  // Started together: one migrates and seeds, the other waits for the migrations' lock.
  await Promise.all([startInstance(0), startInstance(1)]);
  await sql.connect();
  cleanups.push(() => sql.end());
});

/**
 * Runs `request` while the test holds the order's row lock; when an instance's database session
 * waits for that lock (it is in the middle of the customer's request), that instance is killed
 * with SIGKILL and the lock let go. Returns the request's answer and which instance died.
 */
async function killWhileWaiting(orderId: string, request: () => Promise<Reply>) {
  await sql.query('BEGIN');
  await sql.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
  const answer = request();
  let killed: 0 | 1 | null = null;
  try {
    const deadline = Date.now() + 30_000;
    while (killed === null) {
      const { rows } = await sql.query<{ application_name: string }>(
        `SELECT application_name FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock' AND application_name = ANY($1)`,
        [NAMES],
      );
      if (rows[0]) killed = NAMES.indexOf(rows[0].application_name as (typeof NAMES)[number]) as 0 | 1;
      else if (Date.now() > deadline) {
        // What nginx and the instances said meanwhile: where the request (or the gateway's
        // notification) went, and any warning such as a notification not delivered.
        const routed = JSON.stringify((await nginx.accessLog()).slice(-6));
        const warned = everyInstance.flatMap((s) =>
          s
            .logs()
            .split('\n')
            .filter((line) => /"level":(40|50|60)/.test(line))
            .slice(-5),
        );
        throw new Error(
          `no instance came to wait for the order; nginx: ${routed}; warnings: ${warned.join('\n')}`,
        );
      } else await sleep(20);
    }
    await instances[killed]!.kill9();
    instances[killed] = null;
  } finally {
    await sql.query('ROLLBACK');
  }
  return { reply: await answer, killed };
}

const count = async (text: string, params: unknown[] = []) =>
  (await sql.query<{ n: number }>(text, params)).rows[0]!.n;

test('nginx, two instances, S3: a whole journey survives an instance killed mid-upload and mid-notification', {
  skip: pgBase ? false : 'PostgreSQL only (npm run test:pg)',
}, async (t) => {
  const photos = await samplePhotos();
  // nginx's own start-up check met no instance yet: the journey's requests are the ones after it.
  const before = (await nginx.accessLog()).length;
  const visitor = new Visitor(nginx.url);
  const model = (await visitor.get('/api/models?store=1&size=1')).json<ModelPage>().items[0]!;

  // The customer starts the order on the store's page and asks for a QR code for the phone.
  const customer = new Visitor(nginx.url);
  const { id } = (
    await customer.ok('POST', '/api/orders', {
      json: { store: { id: 1 }, brand: { id: model.brand.id }, model: { id: model.id } },
    })
  ).json<{ id: string }>();
  const { urlCode } = (await customer.ok('POST', `/api/orders/${id}/generateQR`)).json<{ urlCode: string }>();

  // 1. The phone's upload; the instance attaching it dies.
  const phone = new Visitor(nginx.url);
  const upload = await killWhileWaiting(id, () =>
    phone.request('POST', '/api/orders/upload/', {
      form: photoForm(photos.photo, 'IMG_2041.jpg', 'image/jpeg', { encodedUrl: urlCode }),
    }),
  );
  assert.equal(upload.reply.status, 200, upload.reply.text());
  const photoUri = upload.reply.json<{ uri: string }>().uri;
  t.diagnostic(`upload: ${NAMES[upload.killed]} killed while attaching the photo; the phone got 200`);
  // The link was spent by the upload that went through, once.
  const again = await phone.request('POST', '/api/orders/upload/', {
    form: photoForm(photos.photo, 'IMG_2042.jpg', 'image/jpeg', { encodedUrl: urlCode }),
  });
  assert.equal(again.status, 403, again.text());
  assert.equal(again.json<{ error: string }>().error, 'UPLOAD_LINK_USED');
  // The customer's page shows it; its bytes come from the bucket through the shop's route.
  let order = (await customer.get(`/api/orders/${id}`)).json<Order>();
  assert.equal(order.status, 'image_uploaded');
  assert.equal(order.image, photoUri);
  assert.equal(await count('SELECT count(*)::int AS n FROM order_photos WHERE order_id = $1', [id]), 1);
  const shown = await customer.get(photoUri);
  assert.equal(shown.headers.get('content-type'), 'image/jpeg');
  assert.ok(shown.body.length > 1000);

  // Restarted, as systemd's Restart= would. nginx keeps an instance that failed out of its
  // rotation for `fail_timeout` (deploy/nginx/shop.conf): the journey goes on once nginx sends
  // to it again, as an operator's rolling restart waits for it.
  const restarted = await startInstance(upload.killed);
  const backSince = Date.now();
  for (;;) {
    await visitor.get('/api/health');
    const last = (await nginx.accessLog()).at(-1);
    if (last?.upstreams.at(-1) === restarted.port && last.status === 200) break;
    assert.ok(Date.now() - backSince < 30_000, 'nginx never sent to the restarted instance');
    await sleep(200);
  }
  t.diagnostic(
    `nginx sent to the restarted ${NAMES[upload.killed]} again ${Date.now() - backSince} ms after its start`,
  );

  // 2. The design, pay now, pickup, contact details: on whichever instance nginx picks.
  const design = (
    await customer.ok('POST', '/api/images', { form: photoForm(photos.design, 'diseño.png', 'image/png') })
  ).json<{ uri: string }>().uri;
  await customer.ok('PUT', `/api/orders/${id}/design`, {
    json: { design, transform: { centerX: 0.5, centerY: 0.5, scale: 3.5, quarterTurns: 0, flipX: false } },
  });
  await customer.ok('POST', `/api/orders/${id}/confirmPaymentMethod?paymentMethod=paynow`);
  await customer.ok('POST', `/api/orders/${id}/confirmInStorePickup`);
  const email = 'nerea.ortiz@example.com';
  await customer.ok('POST', `/api/orders/${id}/confirmUserDetails`, {
    json: { name: 'Nerea Ortiz', email, phone: '600333444' },
  });

  // 3. The gateway (the simulator): its page, then the customer's 'pay'. The simulator sends the
  // signed notification through nginx; the instance applying it dies.
  const init = (
    await customer.ok('POST', `/api/payment/initiate/${id}`, { json: { method: 'card' } })
  ).json<PaymentInitiation>();
  assert.equal(init.url, `${nginx.url}/simulator/redsys`);
  const signed = {
    Ds_SignatureVersion: init.ds_SignatureVersion,
    Ds_MerchantParameters: init.ds_MerchantParameters,
    Ds_Signature: init.ds_Signature,
  };
  const gateway = new Visitor(nginx.url);
  const page = await gateway.request('POST', '/simulator/redsys', { anonymous: true, urlencoded: signed });
  assert.equal(page.status, 200);
  const paid = await killWhileWaiting(id, () =>
    gateway.request('POST', '/simulator/redsys/decision', {
      anonymous: true,
      urlencoded: { ...signed, decision: 'card' },
      redirect: 'manual',
    }),
  );
  assert.equal(
    paid.reply.status,
    303,
    `${NAMES[paid.killed]} killed; nginx: ${JSON.stringify((await nginx.accessLog()).slice(-4))}`,
  );
  assert.match(paid.reply.headers.get('location') ?? '', new RegExp(`^${nginx.url}/`));
  t.diagnostic(`notification: ${NAMES[paid.killed]} killed while applying it; the customer was sent on`);

  // 4. The customer finishes on the instance left: paid, invoiced, the PDF from the bucket.
  order = (await customer.get(`/api/orders/${id}`)).json<Order>();
  assert.equal(order.status, 'paid');
  assert.ok(order.invoice, 'the order has its invoice');
  assert.equal(order.invoices.length, 1);
  const pdf = await customer.get(order.invoice.uri);
  assert.equal(pdf.headers.get('content-type'), 'application/pdf');
  assert.equal(pdf.body.subarray(0, 5).toString(), '%PDF-');

  // Once: one paid step, one invoice, one accepted notification, one AEAT record.
  assert.equal(
    await count(`SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND to_status = 'paid'`, [
      id,
    ]),
    1,
  );
  assert.equal(await count('SELECT count(*)::int AS n FROM invoices WHERE order_id = $1', [id]), 1);
  const outcomes = (
    await sql.query<{ outcome: string }>(
      `SELECT outcome FROM payment_notifications
         WHERE attempt_id IN (SELECT id FROM payment_attempts WHERE order_id = $1) ORDER BY id`,
      [id],
    )
  ).rows.map((r) => r.outcome);
  assert.equal(outcomes.filter((o) => o === 'paid').length, 1, JSON.stringify(outcomes));
  t.diagnostic(`notifications of the order: ${JSON.stringify(outcomes)}`);

  // The invoice mail arrives once, with its PDF; the AEAT registers the invoice once.
  const deadline = Date.now() + 60_000;
  const registered = () => aeat.requests.flatMap((r) => r.records.map((rec) => `${rec.type}:${rec.number}`));
  const mailsTo = () => smtp.messages.filter((m) => m.rcptTo.includes(email)).map((m) => parseMime(m.raw));
  const unsentMail = async () =>
    (await sql.query(`SELECT kind, to_address, status, attempts FROM mail_outbox WHERE status <> 'sent'`))
      .rows;
  while (
    (!registered().includes(`alta:${order.invoice.number}`) || (await unsentMail()).length > 0) &&
    Date.now() < deadline
  ) {
    await sleep(250);
  }
  // Every mail of the journey went out (the shop's own ones too).
  assert.deepEqual(await unsentMail(), []);
  assert.deepEqual(
    registered().filter((r) => r.endsWith(`:${order.invoice!.number}`)),
    [`alta:${order.invoice.number}`],
  );
  const subjects = mailsTo().map((m) => header(m, 'subject'));
  assert.equal(new Set(subjects).size, subjects.length, `a mail went out twice: ${subjects.join(' | ')}`);
  const withInvoice = mailsTo().filter((m) => m.parts.some((p) => p.type === 'application/pdf'));
  assert.equal(withInvoice.length, 1, subjects.join(' | '));
  t.diagnostic(`mails to the customer: ${subjects.join(' | ')}`);

  // The requests went to both instances; nginx passed on the two that met a dead instance.
  const log = (await nginx.accessLog()).slice(before);
  const served = ports.map((p) => log.filter((e) => e.upstreams.at(-1) === p).length);
  assert.ok(
    served.every((n) => n > 0),
    `requests per instance: ${served.join('/')}`,
  );
  const retried = log.filter((e) => e.upstreams.length > 1);
  assert.ok(
    retried.some((e) => e.path === '/api/orders/upload/' && e.status === 200),
    JSON.stringify(retried),
  );
  assert.equal(
    log.filter((e) => e.status >= 500).length,
    0,
    JSON.stringify(log.filter((e) => e.status >= 500)),
  );
  t.diagnostic(
    `nginx: ${log.length} requests, served by A/B ${served.join('/')}, ` +
      `sent again to the other instance: ${retried.map((e) => `${e.method} ${e.path} [${e.upstreamStatuses.join(',')}]`).join('; ')}`,
  );

  // The recurring jobs ran once between the instances (each schedule fired once so far), and
  // no job ran twice.
  const scheduled = (
    await sql.query<{ queue: string; n: number }>(
      `SELECT queue, count(*)::int AS n FROM jobs WHERE queue LIKE 'housekeeping:%' GROUP BY queue ORDER BY queue`,
    )
  ).rows;
  assert.ok(scheduled.length >= 5, JSON.stringify(scheduled));
  assert.deepEqual(
    scheduled.filter((s) => s.n !== 1),
    [],
  );
  assert.equal(await count(`SELECT count(*)::int AS n FROM jobs WHERE state = 'done' AND attempts > 1`), 0);
  for (const s of everyInstance) {
    const errors = errorLines(s.logs()).filter((l) => !l.includes('"level":60'));
    assert.deepEqual(errors, [], `${s.url}: error lines`);
  }
});
