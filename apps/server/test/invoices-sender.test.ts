import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { InvoicePage } from '@shop/contracts/invoices';
import type { Order } from '@shop/contracts/orders';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoCatalogue } from '../src/db/seed/seed.ts';
import { loadConfig } from '../src/env.ts';
import { FileService } from '../src/modules/files/service.ts';
import { issueInvoice } from '../src/modules/invoices/order-invoice.ts';
import { VerifactuSender } from '../src/modules/invoices/sender.ts';
import { HttpSoapTransport, loadClientCertificate } from '../src/modules/invoices/soap-transport.ts';
import { MemoryFileStore } from '../src/storage/file-store.ts';
import { ADMIN, type Client, createStaff, createTestApp, signedIn, type TestApp } from './helpers.ts';
import { demoCatalogue } from './made-once.ts';
import { FakeAeat, makeCertificates, orderAtCounter, type TestCertificates } from './verifactu-support.ts';

const WAIT_SECONDS = 2;

describe('VERI*FACTU sender against a fake AEAT over HTTPS with a client certificate', () => {
  let certs: TestCertificates;
  let fake: FakeAeat;
  let t: TestApp;
  let admin: Client;
  let sender: VerifactuSender;
  const alerts: string[] = [];

  before(async () => {
    certs = makeCertificates();
    fake = await new FakeAeat(certs, { waitSeconds: WAIT_SECONDS }).start();
    t = await createTestApp({
      env: {
        VERIFACTU_ENDPOINT: fake.url,
        VERIFACTU_CERT: certs.clientP12,
        VERIFACTU_CERT_PASSWORD: certs.clientPassword,
      },
    });
    await createStaff(t.db);
    admin = await signedIn(t.app, ADMIN);
    const config = t.app.deps.config;
    sender = new VerifactuSender({
      db: t.db,
      config,
      transport: new HttpSoapTransport(fake.url, {
        cert: loadClientCertificate(config.verifactu.cert!),
        ca: readFileSync(certs.caCert),
        timeoutMs: 10_000,
      }),
      pollMs: 50,
      retryBaseMs: 300,
      retryMaxMs: 1000,
      alert: async (_tx, subject, text) => {
        alerts.push(`${subject}: ${text}`);
      },
    });
  });
  after(async () => {
    await sender.stop();
    await t.close();
    await fake.stop();
    rmSync(certs.dir, { recursive: true, force: true });
  });

  async function paidOrder(): Promise<Order> {
    const id = await orderAtCounter(t);
    const paid = await admin.post(`/api/orders/${id}/confirmPayment`);
    assert.equal(paid.statusCode, 200, paid.body);
    return paid.json() as Order;
  }
  const states = async () =>
    (
      await t.db.query<{
        invoice_number: string;
        state: string;
        csv: string | null;
        late: boolean;
        subsanacion: boolean;
      }>('SELECT invoice_number, state, csv, late, subsanacion FROM verifactu_records ORDER BY id')
    ).rows;
  const dueNow = () => t.db.query('UPDATE verifactu_sender SET next_send_at = now()');
  const listed = async (number: string) =>
    ((await admin.get('/api/invoices?size=200')).json() as InvoicePage).items.find(
      (i) => i.number === number,
    )!;

  test('the fake endpoint refuses a client without the company certificate', async () => {
    const noCert = new HttpSoapTransport(fake.url, { ca: readFileSync(certs.caCert) });
    await assert.rejects(noCert.post('<x/>'));
    const stranger = new HttpSoapTransport(fake.url, {
      cert: loadClientCertificate({ path: certs.strangerP12, password: certs.clientPassword }),
      ca: readFileSync(certs.caCert),
    });
    await assert.rejects(stranger.post('<x/>'));
    assert.throws(
      () => loadClientCertificate({ path: certs.clientP12, password: 'otra' }),
      /VERIFACTU_CERT_PASSWORD/,
    );
    assert.equal(fake.requests.length, 0);
  });

  test("a paid order's record goes in the first send, valid, with the reply's CSV; the next waits TiempoEsperaEnvio", async () => {
    const first = await paidOrder();
    const r1 = await sender.runOnce();
    assert.equal(r1.outcome, 'sent');
    assert.equal(fake.requests.length, 1);
    assert.deepEqual(
      fake.requests[0]!.records.map((r) => r.number),
      [first.invoice!.number],
    );
    assert.equal(fake.requests[0]!.clientSubject, 'EMPRESA DE PRUEBAS');
    assert.equal(fake.requests[0]!.incidencia, false);
    const [rec] = await states();
    assert.equal(rec!.state, 'accepted');
    assert.match(rec!.csv!, /^A-TEST\d{10}$/);
    assert.equal((await listed(first.invoice!.number)).verifactu.csv, rec!.csv);

    const second = await paidOrder();
    const waiting = await sender.runOnce();
    assert.equal(waiting.outcome, 'waiting');
    await sender.start();
    while (fake.requests.length < 2) await sleep(50);
    await sender.stop();
    const gap = fake.requests[1]!.at - fake.requests[0]!.at;
    assert.ok(gap >= WAIT_SECONDS * 1000, `the second request went ${gap} ms after the first`);
    assert.deepEqual(
      fake.requests[1]!.records.map((r) => r.number),
      [second.invoice!.number],
    );
  });

  test('a line answered Incorrecto shows in the back office and is resent as a subsanación', async () => {
    const order = await paidOrder();
    const number = order.invoice!.number;
    fake.rejectNext.add(number);
    await dueNow();
    assert.equal((await sender.runOnce()).outcome, 'sent');
    const rejected = await listed(number);
    assert.equal(rejected.verifactu.state, 'rejected');
    assert.equal(rejected.verifactu.code, 1112);
    assert.match(rejected.verifactu.text!, /FechaExpedicionFactura/);
    assert.equal(((await admin.get('/api/invoices')).json() as InvoicePage).sender.rejected, 1);

    const resend = await admin.post(`/api/invoices/${number}/resend`);
    assert.equal(resend.statusCode, 200, resend.body);
    assert.equal((await admin.post(`/api/invoices/${number}/resend`)).statusCode, 409);
    await dueNow();
    assert.equal((await sender.runOnce()).outcome, 'sent');
    const last = fake.requests.at(-1)!;
    assert.deepEqual(
      last.records.map((r) => [r.number, r.subsanacion]),
      [[number, true]],
    );
    assert.match(
      last.records[0]!.xml,
      /<sf:Subsanacion>S<\/sf:Subsanacion>\s*<sf:RechazoPrevio>S<\/sf:RechazoPrevio>/,
    );
    const now = await listed(number);
    assert.equal(now.verifactu.state, 'accepted');
    assert.equal(now.verifactu.subsanacion, true);
    assert.equal(fake.registered.get(`alta:${number}`), last.records[0]!.huella);
  });

  test('an endpoint that is down leaves records queued; they go later with Incidencia', async () => {
    fake.down = true;
    const order = await paidOrder();
    await dueNow();
    const failed = await sender.runOnce();
    assert.equal(failed.outcome, 'failed');
    const queued = (await states()).find((s) => s.invoice_number === order.invoice!.number)!;
    assert.deepEqual([queued.state, queued.late], ['pending', true]);
    const page = (await admin.get('/api/invoices')).json() as InvoicePage;
    assert.match(page.sender.lastError!, /sin conexión/);
    assert.equal((await sender.runOnce()).outcome, 'waiting', 'backs off');
    fake.down = false;
    await sleep(400);
    assert.equal((await sender.runOnce()).outcome, 'sent');
    const last = fake.requests.at(-1)!;
    assert.equal(last.incidencia, true);
    assert.deepEqual(
      last.records.map((r) => r.number),
      [order.invoice!.number],
    );
    assert.equal((await states()).find((s) => s.invoice_number === order.invoice!.number)!.state, 'accepted');
  });

  test('two senders at once (two instances): one request, each record in it once', async () => {
    const other = new VerifactuSender({
      db: t.db,
      config: t.app.deps.config,
      transport: new HttpSoapTransport(fake.url, {
        cert: loadClientCertificate(t.app.deps.config.verifactu.cert!),
        ca: readFileSync(certs.caCert),
      }),
    });
    const orders = [await paidOrder(), await paidOrder()];
    await dueNow();
    const before = fake.requests.length;
    const outcomes = (await Promise.all([sender.runOnce(), other.runOnce()])).map((r) => r.outcome).sort();
    assert.equal(outcomes.filter((o) => o === 'sent').length, 1, outcomes.join(', '));
    assert.equal(fake.requests.length, before + 1);
    assert.deepEqual(
      fake.requests.at(-1)!.records.map((r) => r.number),
      orders.map((o) => o.invoice!.number),
    );
  });

  test('a SOAP Fault Server is retried; a SOAP Fault Client stops the sending and alerts staff', async () => {
    const order = await paidOrder();
    fake.fault = 'Server';
    await dueNow();
    assert.equal((await sender.runOnce()).outcome, 'failed');
    fake.fault = 'Client';
    await dueNow();
    assert.equal((await sender.runOnce()).outcome, 'fault');
    assert.equal((await sender.runOnce()).outcome, 'halted');
    assert.equal(alerts.length, 1);
    assert.match(alerts[0]!, /SOAP Fault Client/);
    const page = (await admin.get('/api/invoices')).json() as InvoicePage;
    assert.match(page.sender.halted!.reason, /4102/);
    fake.fault = null;
    assert.equal((await admin.post('/api/verifactu/resume')).statusCode, 200);
    assert.equal((await sender.runOnce()).outcome, 'sent');
    assert.equal((await states()).find((s) => s.invoice_number === order.invoice!.number)!.state, 'accepted');
    // Every record the shop generated is registered once at the AEAT.
    const all = await states();
    assert.ok(all.every((s) => s.state === 'accepted' || s.state === 'rejected'));
  });

  test('a record the reply leaves out goes again later each time, then the sending stops and staff are told', async () => {
    const patient = new VerifactuSender({
      db: t.db,
      config: t.app.deps.config,
      transport: new HttpSoapTransport(fake.url, {
        cert: loadClientCertificate(t.app.deps.config.verifactu.cert!),
        ca: readFileSync(certs.caCert),
      }),
      retryBaseMs: 5_000,
      retryMaxMs: 60_000,
      maxUnansweredRounds: 3,
      alert: async (_tx, subject, text) => {
        alerts.push(`${subject}: ${text}`);
      },
    });
    const [answered, forgotten] = [await paidOrder(), await paidOrder()];
    const number = forgotten.invoice!.number;
    fake.leaveOut.add(number);
    const alertsBefore = alerts.length;
    const delays: number[] = [];
    for (let round = 1; round <= 3; round++) {
      await dueNow();
      const sent = await patient.runOnce();
      assert.equal(sent.outcome, 'sent', `round ${round}`);
      assert.deepEqual(
        fake.requests.at(-1)!.records.map((r) => r.number),
        round === 1 ? [answered.invoice!.number, number] : [number],
      );
      const { rows } = await t.db.query<{ delay: number }>(
        'SELECT extract(epoch FROM next_send_at - clock_timestamp())::float8 AS delay FROM verifactu_sender',
      );
      delays.push(rows[0]!.delay);
    }
    // Backing off: never sooner than TiempoEsperaEnvio, and 5 s, then 10 s after the base of 5 s.
    assert.ok(delays[0]! > 4 && delays[0]! <= 5, `first delay ${delays[0]} s`);
    assert.ok(delays[1]! > 9 && delays[1]! <= 10, `second delay ${delays[1]} s`);
    // The third reply without its line stops the sending, names the invoice, and tells staff once.
    await dueNow();
    const requests = fake.requests.length;
    assert.equal((await patient.runOnce()).outcome, 'halted');
    assert.equal(fake.requests.length, requests, 'nothing more is sent');
    const page = (await admin.get('/api/invoices?size=200')).json() as InvoicePage;
    assert.match(page.sender.halted!.reason, new RegExp(`${number} \\(alta\\)`));
    assert.match(page.sender.halted!.reason, /3 respuestas seguidas/);
    const record = (await states()).find((s) => s.invoice_number === number)!;
    assert.deepEqual([record.state, record.late], ['pending', true]);
    assert.equal((await listed(answered.invoice!.number)).verifactu.state, 'accepted');
    assert.equal(alerts.length, alertsBefore + 1);
    assert.match(alerts.at(-1)!, new RegExp(`VERI\\*FACTU: envío a la AEAT detenido: .*${number}`, 's'));

    // Staff look into it and resume: the record goes again, late, and is registered.
    fake.leaveOut.delete(number);
    assert.equal((await admin.post('/api/verifactu/resume')).statusCode, 200);
    assert.equal((await patient.runOnce()).outcome, 'sent');
    assert.equal(fake.requests.at(-1)!.incidencia, true);
    assert.equal((await listed(number)).verifactu.state, 'accepted');
    await patient.stop();
  });
});

describe('VERI*FACTU sender killed with SIGKILL in the middle of a request', () => {
  test('restarted, it loses nothing and no record is registered twice', async () => {
    const certs = makeCertificates();
    const fake = await new FakeAeat(certs, { waitSeconds: 1 }).start();
    const dir = mkdtempSync(path.join(tmpdir(), 'verifactu-kill-'));
    const env = {
      VERIFACTU_ENDPOINT: fake.url,
      VERIFACTU_CERT: certs.clientP12,
      VERIFACTU_CERT_PASSWORD: certs.clientPassword,
    };
    try {
      // Five paid orders, invoiced, in a PGlite database on disk the child process then opens.
      const db = await openDatabase({ dataDir: dir });
      await migrate(db);
      const files = new FileService(new MemoryFileStore());
      await seedDemoCatalogue(db, files, await demoCatalogue());
      const config = loadConfig({ NODE_ENV: 'test', ...env });
      const staff = { id: 1, email: 'a@b.es', name: 'A', role: 'admin' as const, storeId: null };
      const numbers: string[] = [];
      const { rows: models } = await db.query<{ id: number; brand_id: number; price_cents: number }>(
        'SELECT m.id, m.brand_id, m.price_cents FROM models m JOIN store_models sm ON sm.model_id = m.id WHERE sm.store_id = 1 LIMIT 1',
      );
      for (let i = 0; i < 5; i++) {
        const m = models[0]!;
        const { rows } = await db.query<{ id: string }>(
          `INSERT INTO orders (id, store_id, brand_id, model_id, price_cents, origin, status, case_type_id)
           VALUES (gen_random_uuid(), 1, $1, $2, $3, 'false', 'paid', (SELECT id FROM case_types WHERE is_default)) RETURNING id`,
          [m.brand_id, m.id, m.price_cents],
        );
        numbers.push((await issueInvoice(db, { files, config }, rows[0]!.id, staff)).fullNumber);
      }
      await db.close();

      const child = (leaseMs: number): ChildProcess =>
        spawn(
          process.execPath,
          ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/verifactu-sender-child.ts')],
          {
            env: {
              ...process.env,
              ...env,
              CHILD_DATA_DIR: dir,
              CHILD_CA: certs.caCert,
              CHILD_LEASE_MS: String(leaseMs),
            },
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
      const exited = (p: ChildProcess) =>
        new Promise<number | null>((resolve) => p.on('exit', (code) => resolve(code)));

      // 1. The AEAT registers the request; before its answer arrives, the sender is killed.
      let killed = false;
      const first = child(1500);
      fake.onRegistered = () => {
        killed = first.kill('SIGKILL');
        return new Promise(() => {});
      };
      await exited(first);
      assert.ok(killed, 'the sender was killed mid-request');
      assert.equal(fake.requests.length, 1);
      assert.deepEqual(
        fake.requests[0]!.records.map((r) => r.number),
        numbers,
      );
      fake.onRegistered = null;

      // 2. Restarted: once the dead sender's lease is over, the same records go again; the AEAT
      // answers that it has them (duplicate), and they count as sent.
      const second = child(1500);
      assert.equal(await exited(second), 0);
      assert.equal(fake.requests.length, 2);
      assert.deepEqual(
        fake.requests[1]!.records.map((r) => r.number),
        numbers,
      );
      assert.equal(fake.requests[1]!.incidencia, true);
      assert.equal(fake.registered.size, numbers.length, 'each record registered once');

      const check = await openDatabase({ dataDir: dir });
      try {
        const { rows } = await check.query<{ invoice_number: string; state: string }>(
          'SELECT invoice_number, state FROM verifactu_records ORDER BY id',
        );
        assert.deepEqual(
          rows.map((r) => [r.invoice_number, r.state]),
          numbers.map((n) => [n, 'accepted']),
        );
        const batches = await check.query<{ state: string; attempt: number; incidencia: boolean }>(
          'SELECT state, attempt, incidencia FROM verifactu_batches ORDER BY id',
        );
        assert.deepEqual(batches.rows, [{ state: 'done', attempt: 2, incidencia: true }]);
      } finally {
        await check.close();
      }
    } finally {
      await fake.stop();
      rmSync(dir, { recursive: true, force: true });
      rmSync(certs.dir, { recursive: true, force: true });
    }
  });
});
