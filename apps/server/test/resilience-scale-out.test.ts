// More than one server process (the built server).
//
// PostgreSQL run (TEST_DATABASE_URL, scripts/test-postgres.sh): two instances on one database and
// one shared DATA_DIR/files, behind a round-robin proxy on loopback:
// - the kiosk polls instance A every 1000 ms while the phone uploads through instance B: A shows
//   the photo and serves its bytes;
// - one signed Redsys notification sent 10 times at once to both instances changes the order once
//   (one 'paid' step, one receipt mail);
// - a catalogue change made through A is seen by B's catalogue cache (NOTIFY);
// - whole journeys through the proxy while each instance is restarted in turn (a rolling deploy):
//   no error, nothing acknowledged lost, invoice numbers without gaps, every mail sent once
//   although both instances run the mail dispatcher.
//
// PGlite run: PGlite is one process's database, so the meaningful check is the opposite one: a
// second server on the same DATA_DIR refuses to start (with a Spanish message) and leaves the first
// one and its data alone, and a server killed with SIGKILL does not block the next start.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import type { Order } from '@shop/contracts/orders';
import type { PaymentInitiation } from '@shop/contracts/payments';
import { apiCheck, deepCheck } from '../../../tests/resilience/lib/checks.ts';
import { gate } from '../../../tests/resilience/lib/crash-run.ts';
import { photoForm, Visitor } from '../../../tests/resilience/lib/http-client.ts';
import { freshDatabase } from '../../../tests/resilience/lib/pg-cluster.ts';
import { startProxy } from '../../../tests/resilience/lib/proxy.ts';
import {
  errorLines,
  freePort,
  RUN_ADMIN,
  requireBuiltServer,
  type ServerProcess,
  startServer,
} from '../../../tests/resilience/lib/server-process.ts';
import { Ledger, REDSYS_TEST_KEY, samplePhotos, Workload } from '../../../tests/resilience/lib/workload.ts';
import { openDatabase } from '../src/db/client.ts';
import { decodeMerchantParameters, signNotification } from '../src/modules/payments/redsys.ts';

const pgBase = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const servers: ServerProcess[] = [];
after(async () => {
  for (const s of servers) await s.kill9();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!pgBase) {
  test('PGlite: a second server on the same DATA_DIR refuses to start; a killed one does not block', async (t) => {
    requireBuiltServer();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-two-pglite-'));
    dirs.push(dataDir);
    const a = await startServer({ dataDir, port: await freePort() });
    servers.push(a);
    const staff = new Visitor(a.url);
    await staff.login(RUN_ADMIN);

    const refused = await startServer({ dataDir, port: await freePort() }).then(
      (b) => {
        servers.push(b);
        return null;
      },
      (err: Error) => err.message,
    );
    assert.ok(refused, 'the second server must not start');
    assert.match(refused, /exited before it was healthy \(code 1/);
    assert.match(refused, /ya está en uso por el proceso \d+/);
    assert.match(refused, /PGlite no admite más de un proceso/);
    t.diagnostic(refused.split('\n').find((l) => l.includes('ya está en uso')) ?? '');

    // The first one is untouched and still writes.
    const models = (await staff.get('/api/models?store=1&size=1')).json<ModelPage>().items;
    // One customer's browser, which goes on with its order on whichever server answers.
    let serverUrl = a.url;
    const customer = new Visitor(() => serverUrl);
    const created = await customer.ok('POST', '/api/orders', {
      json: { store: { id: 1 }, brand: { id: models[0]!.brand.id }, model: { id: models[0]!.id } },
    });
    const { id } = created.json<{ id: string }>();

    // kill -9 leaves the lock file behind; the next start sees its owner is gone and goes ahead.
    await a.kill9();
    const b = await startServer({ dataDir, port: await freePort() });
    servers.push(b);
    t.diagnostic(`after kill -9 the next server started in ${b.startMs} ms`);
    serverUrl = b.url;
    assert.equal((await customer.get(`/api/orders/${id}`)).json<Order>().status, 'created');
    await b.stop();
    assert.deepEqual(errorLines(b.logs()), []);
  });
} else {
  test('two instances on one PostgreSQL and shared files behind a load balancer', async (t) => {
    requireBuiltServer();
    const db = await freshDatabase(pgBase, 'shop_scale');
    after(() => db.drop());
    const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-scale-'));
    dirs.push(dataDir);
    const ports = [await freePort(), await freePort()] as const;
    const proxy = await startProxy(() => [...ports]);
    after(() => proxy.close());
    // Same database, same DATA_DIR (files and mail outbox), same APP_SECRET (the development one).
    const env = { PUBLIC_URL: proxy.url };
    const start = (i: 0 | 1) => startServer({ dataDir, port: ports[i], databaseUrl: db.url, env });
    // Started together: the migrations' advisory lock lets one migrate and seed, the other waits.
    let [a, b] = await Promise.all([start(0), start(1)]);
    servers.push(a, b);
    const staff = new Visitor(proxy.url);
    await staff.login(RUN_ADMIN);
    const models = (await new Visitor(proxy.url).get('/api/models?store=1&size=6')).json<ModelPage>().items;
    const photos = await samplePhotos();

    // 1. Kiosk on A, phone on B.
    const kiosk = new Visitor(() => a.url);
    const model = models[0]!;
    const { id: kioskOrder } = (
      await kiosk.ok('POST', '/api/orders', {
        json: { store: { id: 1 }, brand: { id: model.brand.id }, model: { id: model.id }, origin: 'screen' },
      })
    ).json<{ id: string }>();
    const { urlCode } = (await kiosk.ok('POST', `/api/orders/${kioskOrder}/generateQR`)).json<{
      urlCode: string;
    }>();
    let uploadedAt = 0;
    let uploaded = '';
    const phone = (async () => {
      await sleep(1500);
      const r = await new Visitor(() => b.url).ok('POST', '/api/orders/upload/', {
        form: photoForm(photos.photo, 'IMG_2041.jpg', 'image/jpeg', { encodedUrl: urlCode }),
      });
      uploaded = r.json<{ uri: string }>().uri;
      uploadedAt = Date.now();
    })();
    let polls = 0;
    let seen: Order | null = null;
    while (!seen?.image && polls < 15) {
      await sleep(1000);
      polls++;
      seen = (await kiosk.get(`/api/orders/${kioskOrder}`)).json<Order>();
    }
    await phone;
    assert.equal(
      seen?.image,
      uploaded,
      `the kiosk on A never saw the photo uploaded through B (${polls} polls)`,
    );
    assert.equal(seen?.status, 'image_uploaded');
    const shown = await kiosk.get(seen!.image!);
    assert.equal(shown.headers.get('content-type'), 'image/jpeg');
    assert.ok(shown.body.length > 1000);
    t.diagnostic(
      `kiosk on A saw the phone's photo (via B) ${Date.now() - uploadedAt} ms after the upload, poll ${polls}`,
    );

    // 2. One notification, ten copies at once to both instances.
    const payer = new Visitor(proxy.url);
    const { id: payOrder } = (
      await payer.ok('POST', '/api/orders', {
        json: { store: { id: 1 }, brand: { id: model.brand.id }, model: { id: model.id } },
      })
    ).json<{ id: string }>();
    const photo = (
      await payer.ok('POST', '/api/images', { form: photoForm(photos.photo, 'f.jpg', 'image/jpeg') })
    ).json<{
      uri: string;
    }>().uri;
    await payer.ok('PUT', `/api/orders/${payOrder}`, { json: { image: photo } });
    const design = (
      await payer.ok('POST', '/api/images', { form: photoForm(photos.design, 'd.png', 'image/png') })
    ).json<{ uri: string }>().uri;
    await payer.ok('PUT', `/api/orders/${payOrder}/design`, {
      json: { design, transform: { centerX: 0.5, centerY: 0.5, scale: 3.5, quarterTurns: 0, flipX: false } },
    });
    await payer.ok('POST', `/api/orders/${payOrder}/confirmPaymentMethod?paymentMethod=paynow`);
    await payer.ok('POST', `/api/orders/${payOrder}/confirmInStorePickup`);
    await payer.ok('POST', `/api/orders/${payOrder}/confirmUserDetails`, {
      json: { name: 'Marta Ruiz', email: 'marta@example.com', phone: '600222333' },
    });
    const init = (
      await payer.ok('POST', `/api/payment/initiate/${payOrder}`, { json: { method: 'card' } })
    ).json<PaymentInitiation>();
    const request = decodeMerchantParameters(init.ds_MerchantParameters)!;
    const fields = signNotification(REDSYS_TEST_KEY, {
      Ds_Date: '02%2F03%2F2026',
      Ds_Hour: '12%3A30',
      Ds_SecurePayment: '1',
      Ds_Amount: request.DS_MERCHANT_AMOUNT!,
      Ds_Currency: '978',
      Ds_Order: request.DS_MERCHANT_ORDER!,
      Ds_MerchantCode: request.DS_MERCHANT_MERCHANTCODE!,
      Ds_Terminal: '001',
      Ds_Response: '0000',
      Ds_MerchantData: '',
      Ds_TransactionType: '0',
      Ds_ConsumerLanguage: '1',
      Ds_AuthorisationCode: '654321',
    }) as unknown as Record<string, string>;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        new Visitor(i % 2 ? b.url : a.url).request('POST', '/api/payment/redsys/notification', {
          anonymous: true,
          urlencoded: fields,
        }),
      ),
    );
    assert.deepEqual(
      answers.map((r) => r.status),
      Array(10).fill(200),
    );
    const pgdb = await openDatabase({ databaseUrl: db.url, dataDir: null });
    after(() => pgdb.close());
    const count = async (sql: string, params: unknown[]) =>
      (await pgdb.query<{ n: number }>(sql, params)).rows[0]!.n;
    assert.equal(
      await count(`SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND to_status = 'paid'`, [
        payOrder,
      ]),
      1,
    );
    assert.equal(
      await count('SELECT count(*)::int AS n FROM mail_outbox WHERE dedupe_key = $1', [
        `order:${payOrder}:paid:customer`,
      ]),
      1,
    );
    const outcomes = (
      await pgdb.query<{ outcome: string; n: number }>(
        'SELECT outcome, count(*)::int AS n FROM payment_notifications WHERE gateway_order = $1 GROUP BY outcome ORDER BY outcome',
        [request.DS_MERCHANT_ORDER],
      )
    ).rows;
    assert.deepEqual(outcomes, [
      { outcome: 'duplicate', n: 9 },
      { outcome: 'paid', n: 1 },
    ]);
    assert.equal((await payer.get(`/api/orders/${payOrder}`)).json<Order>().status, 'paid');
    t.diagnostic(`10 concurrent copies of one notification on A and B: ${JSON.stringify(outcomes)}`);

    // 3. A catalogue change through A reaches B's cache.
    const onB = new Visitor(() => b.url);
    const visibleOnB = async () =>
      (await onB.get('/api/models?store=1&size=50')).json<ModelPage>().items.some((m) => m.id === model.id);
    assert.equal(await visibleOnB(), true); // B has it cached now
    const adminOnA = new Visitor(() => a.url);
    await adminOnA.login(RUN_ADMIN);
    await adminOnA.ok('PUT', `/api/models/${model.id}/toggleVisibility`);
    const hiddenAt = Date.now();
    while ((await visibleOnB()) && Date.now() - hiddenAt < 10_000) await sleep(50);
    assert.equal(await visibleOnB(), false, 'B still lists the model A hid');
    t.diagnostic(`a model hidden through A was gone from B's catalogue after ${Date.now() - hiddenAt} ms`);
    await adminOnA.ok('PUT', `/api/models/${model.id}/toggleVisibility`);
    while (!(await visibleOnB()) && Date.now() - hiddenAt < 20_000) await sleep(50);

    // 4. Journeys through the balancer during a rolling restart of both instances.
    const ledger = new Ledger();
    const always = gate();
    always.resolve();
    const workload = new Workload({
      base: () => proxy.url,
      whenUp: () => always.promise,
      staff,
      ledger,
      storeId: 1,
      models: models.filter((m) => m.id !== model.id),
      photos,
    });
    workload.start(3);
    await sleep(2000);
    for (const i of [1, 0] as const) {
      const old = i === 0 ? a : b;
      await old.stop(); // SIGTERM: finishes what it is doing, the balancer sends the rest to the other
      const fresh = await start(i);
      servers.push(fresh);
      if (i === 0) a = fresh;
      else b = fresh;
      await sleep(2500);
    }
    await workload.stop();
    const summary = ledger.summary();
    t.diagnostic(
      `rolling restart under load: ${summary.acknowledged} acknowledged answers, ${summary.completedFlows} journeys, ` +
        `served by A/B ${proxy.served.join('/')}, refused by a stopping instance and sent to the other ${proxy.retried503}`,
    );
    assert.deepEqual(ledger.serverErrors, []);
    assert.deepEqual(ledger.unexpected, []);
    assert.equal(proxy.unavailable, 0);
    assert.ok(summary.completedFlows >= 3, JSON.stringify(summary));
    const api = await apiCheck(staff, ledger, null);
    assert.deepEqual(api.problems, []);
    const deep = await deepCheck(pgdb, path.join(dataDir, 'files'), ledger);
    assert.deepEqual(deep.problems, []);

    // Both instances dispatch the outbox: every mail goes out once (one .eml file per message).
    const sent = await (async () => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const rows = (
          await pgdb.query<{ status: string; message_id: string }>(
            'SELECT status, message_id FROM mail_outbox',
          )
        ).rows;
        if (rows.every((r) => r.status === 'sent') || Date.now() > deadline) return rows;
        await sleep(500);
      }
    })();
    assert.ok(sent.every((r) => r.status === 'sent'));
    const eml = (await readdir(path.join(dataDir, 'outbox'))).filter((f) => f.endsWith('.eml'));
    assert.equal(eml.length, sent.length);
    t.diagnostic(`${sent.length} mails, ${eml.length} .eml files written by the two dispatchers`);
    for (const s of servers) assert.deepEqual(errorLines(s.logs()), []);
  });
}
