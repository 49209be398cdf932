import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import type { ChainVerificationResult, GeneratedInvoice, InvoicePage } from '@shop/contracts/invoices';
import { messages } from '@shop/contracts/messages';
import { formatEuros } from '@shop/contracts/money';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { QR_QUIET_ZONE_MODULES, qrModules } from '../src/modules/invoices/pdf-qr.ts';
import { invoiceRoutes } from '../src/modules/invoices/routes.ts';
import {
  type ChainRecord,
  cotejoUrl,
  madridTimestamp,
  verifyChain,
} from '../src/modules/invoices/verifactu.ts';
import {
  ADMIN,
  Client,
  createStaff,
  createTestApp,
  STORE1,
  STORE2,
  signedIn,
  type TestApp,
} from './helpers.ts';
import { readQrCode, renderPdfPage } from './verifactu-support.ts';

const GENERATE_INVOICE = '/api/orders/:id/generateInvoice';

/**
 * The app with the invoice routes: the shared test app when app.ts registers them, otherwise a
 * second app on the same database and file store with `invoiceRoutes` added before it starts.
 */
async function appWithInvoices(t: TestApp): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (t.app.hasRoute({ method: 'POST', url: GENERATE_INVOICE })) return { app: t.app, close: async () => {} };
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
  const app = await buildApp({
    config,
    db: t.db,
    fileStore: t.files,
    logger: false,
    webDist: '/nonexistent',
  });
  await app.register(invoiceRoutes);
  await app.ready();
  return { app, close: () => app.close() };
}

/** poppler-utils is a real PDF reader; the test needs it and says so instead of skipping. */
function requirePoppler(): void {
  for (const tool of ['pdftotext', 'pdfinfo', 'pdfimages']) {
    const probe = spawnSync(tool, ['-v'], { encoding: 'utf8' });
    if (probe.error) {
      assert.fail(
        `${tool} is not installed: the invoice PDF test reads the PDF with poppler-utils (apt-get install -y poppler-utils)`,
      );
    }
  }
}

function run(tool: string, args: string[]): string {
  const r = spawnSync(tool, args, { encoding: 'utf8' });
  if (r.error) throw r.error;
  assert.equal(r.status, 0, `${tool} ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

const NUMBER = /^T(\d{4})-(\d{6})$/;

describe('invoices: simplified invoices with VERI*FACTU records', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let closeApp: () => Promise<void>;
  let admin: Client;
  let customer: Client;
  let tmp: string;

  before(async () => {
    // The shop sends its records (the legend and the QR are printed only then).
    t = await createTestApp({ env: { VERIFACTU_ENDPOINT: 'http://127.0.0.1:9/aeat' } });
    await createStaff(t.db);
    ({ app, close: closeApp } = await appWithInvoices(t));
    admin = await signedIn(app, ADMIN);
    customer = new Client(app);
    tmp = mkdtempSync(path.join(tmpdir(), 'invoices-test-'));
  });
  after(async () => {
    rmSync(tmp, { recursive: true, force: true });
    await closeApp();
    await t.close();
  });

  /**
   * An order placed through the API and then marked paid with SQL: the real payment paths (Redsys
   * notification, paid at the store) belong to other modules and their own tests; here only the
   * invoice's inputs matter (status, customer data, delivery).
   */
  async function paidOrder(
    opts: {
      storeId?: number;
      status?: string;
      name?: string | null;
      delivery?: { address: string; city: string; postalCode: string };
    } = {},
  ): Promise<{ id: string; orderNumber: string }> {
    const storeId = opts.storeId ?? 1;
    const model = ((await customer.get(`/api/models?store=${storeId}&size=1`)).json() as ModelPage).items[0]!;
    const res = await customer.post('/api/orders', {
      store: { id: storeId },
      brand: { id: model.brand.id },
      model: { id: model.id },
    });
    assert.equal(res.statusCode, 201, res.body);
    const created = res.json() as { id: string; orderNumber: string };
    const d = opts.delivery;
    await t.db.query(
      `UPDATE orders SET status = $2, customer_name = $3, customer_email = 'cliente@example.es',
         customer_phone = '600111222', is_home_delivery = $4, shipping_cents = $5, customer_address = $6,
         customer_city = $7, customer_postal_code = $8, payment_method = 'paynow',
         paid_at = CASE WHEN $2 IN ('paid', 'printed', 'ready', 'shipped', 'delivered') THEN now() END,
         paid_by = CASE WHEN $2 IN ('paid', 'printed', 'ready', 'shipped', 'delivered') THEN 'gateway' END
       WHERE id = $1`,
      [
        created.id,
        opts.status ?? 'paid',
        opts.name === undefined ? 'Lucía Pérez' : opts.name,
        d !== undefined,
        d ? 500 : 0,
        d?.address ?? null,
        d?.city ?? null,
        d?.postalCode ?? null,
      ],
    );
    return created;
  }

  const generate = (c: Client, orderId: string) => c.post(`/api/orders/${orderId}/generateInvoice`);

  async function storedRecords(): Promise<
    (ChainRecord & { invoiceId: number; status: string; attempts: number })[]
  > {
    const { rows } = await t.db.query<{
      id: number;
      invoice_id: number;
      issuer_nif: string;
      invoice_number: string;
      issue_date: string;
      invoice_type: string;
      cuota_total: string;
      importe_total: string;
      previous_id: number | null;
      previous_hash: string;
      hash: string;
      generated_at: string;
      submission_status: string;
      submission_attempts: number;
    }>('SELECT * FROM verifactu_records ORDER BY id');
    return rows.map((r) => ({
      id: r.id,
      invoiceId: r.invoice_id,
      issuerNif: r.issuer_nif,
      invoiceNumber: r.invoice_number,
      issueDate: r.issue_date,
      invoiceType: r.invoice_type,
      cuotaTotal: r.cuota_total,
      importeTotal: r.importe_total,
      previousId: r.previous_id,
      previousHash: r.previous_hash,
      hash: r.hash,
      generatedAt: r.generated_at,
      status: r.submission_status,
      attempts: r.submission_attempts,
    }));
  }

  test('20 concurrent requests on 20 paid orders: 20 consecutive numbers, no gap, no duplicate, one valid chain', async () => {
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push(await paidOrder({ storeId: i % 2 === 0 ? 1 : 2 }));
    const responses = await Promise.all(orders.map((o) => generate(admin, o.id)));
    for (const r of responses) assert.equal(r.statusCode, 200, r.body);
    const bodies = responses.map((r) => r.json() as GeneratedInvoice);

    const numbers = bodies.map((b) => {
      const m = NUMBER.exec(b.number);
      assert.ok(m, `invoice number ${b.number}`);
      return Number(m[2]);
    });
    assert.deepEqual(
      [...numbers].sort((a, b) => a - b),
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    assert.equal(new Set(bodies.map((b) => b.uri)).size, 20);
    const year = Number(NUMBER.exec(bodies[0]!.number)![1]);
    const counter = await t.db.query<{ last_number: number }>(
      `SELECT last_number FROM invoice_counters WHERE series = 'T' AND year = $1`,
      [year],
    );
    assert.equal(counter.rows[0]!.last_number, 20);

    // The chain, recomputed from the first record: one record per invoice, in numbering order.
    const records = await storedRecords();
    assert.equal(records.length, 20);
    assert.deepEqual(verifyChain(records), { ok: true, records: 20 });
    assert.equal(records[0]!.previousHash, '');
    assert.deepEqual(
      records.map((r) => r.invoiceNumber),
      Array.from({ length: 20 }, (_, i) => `T${year}-${String(i + 1).padStart(6, '0')}`),
    );
    const stamps = records.map((r) => r.generatedAt);
    assert.deepEqual([...stamps].sort(), stamps, 'record timestamps follow the chain');
    for (const s of stamps) assert.match(s, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/);

    const invoices = await t.db.query<{
      full_number: string;
      issued_at: Date;
      generated_at: string;
      total_cents: number;
    }>(
      `SELECT i.full_number, i.issued_at, r.generated_at, i.total_cents
       FROM invoices i JOIN verifactu_records r ON r.invoice_id = i.id`,
    );
    for (const i of invoices.rows) assert.equal(madridTimestamp(i.issued_at), i.generated_at);

    const verify = await admin.get('/api/invoices/verify');
    assert.equal(verify.statusCode, 200, verify.body);
    assert.deepEqual(verify.json() as ChainVerificationResult, { ok: true, records: 20 });
  });

  test('generating twice, even at the same time, returns the same invoice', async () => {
    const order = await paidOrder();
    const [a, b] = await Promise.all([generate(admin, order.id), generate(admin, order.id)]);
    const c = await generate(admin, order.id);
    for (const r of [a, b, c]) assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(b.json(), a.json());
    assert.deepEqual(c.json(), a.json());
    const count = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM invoices WHERE order_id = $1',
      [order.id],
    );
    assert.equal(count.rows[0]!.n, 1);
  });

  test('an issue that fails half-way keeps nothing: the next invoice takes the same number', async () => {
    const counts = async () =>
      (
        await t.db.query<{ invoices: number; records: number; last: number }>(
          `SELECT (SELECT count(*)::int FROM invoices) AS invoices, (SELECT count(*)::int FROM verifactu_records) AS records,
                  (SELECT max(last_number) FROM invoice_counters) AS last`,
        )
      ).rows[0]!;
    const before = await counts();
    const order = await paidOrder();
    const put = t.files.put;
    t.files.put = async () => {
      throw new Error('disco lleno (prueba)');
    };
    try {
      const res = await generate(admin, order.id);
      assert.equal(res.statusCode, 500, res.body);
      assert.equal((res.json() as { error: string }).error, 'INTERNAL');
    } finally {
      t.files.put = put;
    }
    assert.deepEqual(await counts(), before);
    const res = await generate(admin, order.id);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(Number(NUMBER.exec((res.json() as GeneratedInvoice).number)![2]), before.last + 1);
    assert.equal((await verifyChainOf()).ok, true);
  });

  const verifyChainOf = async () => verifyChain(await storedRecords());

  test('an order that is not paid gets a 409 and uses no number', async () => {
    const before = await t.db.query<{ n: number }>(
      'SELECT coalesce(sum(last_number), 0)::int AS n FROM invoice_counters',
    );
    for (const status of [
      'created',
      'details_confirmed',
      'to_pay_at_store',
      'awaiting_payment',
      'cancelled',
    ]) {
      const order = await paidOrder({ status });
      const res = await generate(admin, order.id);
      assert.equal(res.statusCode, 409, `${status}: ${res.body}`);
      assert.deepEqual(res.json(), { error: 'ORDER_STATE', message: messages.invoiceNeedsPayment });
    }
    const after = await t.db.query<{ n: number }>(
      'SELECT coalesce(sum(last_number), 0)::int AS n FROM invoice_counters',
    );
    assert.equal(after.rows[0]!.n, before.rows[0]!.n);
    for (const status of ['printed', 'ready', 'shipped', 'delivered']) {
      const res = await generate(admin, (await paidOrder({ status })).id);
      assert.equal(res.statusCode, 200, `${status}: ${res.body}`);
    }
  });

  test('staff: store staff invoice their own store only; anonymous callers are refused', async () => {
    const order = await paidOrder({ storeId: 1 });
    const other = await signedIn(app, STORE2);
    const forbidden = await generate(other, order.id);
    assert.equal(forbidden.statusCode, 403, forbidden.body);
    assert.equal((forbidden.json() as { error: string }).error, 'FORBIDDEN');

    const anonymous = await generate(new Client(app), order.id);
    assert.equal(anonymous.statusCode, 401, anonymous.body);
    assert.equal((anonymous.json() as { error: string }).error, 'UNAUTHENTICATED');

    const own = await generate(await signedIn(app, STORE1), order.id);
    assert.equal(own.statusCode, 200, own.body);

    const missing = await generate(admin, '00000000-0000-4000-8000-000000000000');
    assert.equal(missing.statusCode, 404, missing.body);
    const garbage = await generate(admin, 'not-an-order');
    assert.equal(garbage.statusCode, 400, garbage.body);

    assert.equal((await other.get('/api/invoices')).statusCode, 403);
    assert.equal((await other.get('/api/invoices/verify')).statusCode, 403);
    assert.equal((await new Client(app).get('/api/invoices')).statusCode, 401);
  });

  test('the PDF opens in a real PDF reader with every required datum and the AEAT QR code', async () => {
    requirePoppler();
    const order = await paidOrder({
      name: 'Lucía Añorve',
      delivery: { address: 'Calle Larios 5, 2º B', city: 'Málaga', postalCode: '29005' },
    });
    const res = await generate(admin, order.id);
    assert.equal(res.statusCode, 200, res.body);
    const invoice = res.json() as GeneratedInvoice;

    const pdf = await admin.get(invoice.uri);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.equal(pdf.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
    const file = path.join(tmp, 'factura.pdf');
    writeFileSync(file, pdf.rawPayload);

    const row = (
      await t.db.query<{
        total_cents: number;
        base_cents: number;
        vat_cents: number;
        lines: { totalCents: number }[];
      }>('SELECT total_cents, base_cents, vat_cents, lines FROM invoices WHERE full_number = $1', [
        invoice.number,
      ])
    ).rows[0]!;
    assert.equal(row.lines.length, 2, 'the case and the delivery');
    assert.equal(row.lines[1]!.totalCents, 500);
    const euros = (cents: number) => formatEuros(cents / 100).replace(/\u00a0/g, ' ');

    const info = run('pdfinfo', [file]);
    assert.match(info, /^Pages:\s+1$/m);
    assert.match(info, /^Page size:\s+595\.2\d? x 841\.8\d? pts \(A4\)/m);

    // Whitespace collapsed: a legend may wrap onto two lines; NBSP as a space.
    const text = run('pdftotext', ['-enc', 'UTF-8', file, '-']).replace(/\s+/g, ' ');
    for (const expected of [
      'Factura simplificada',
      invoice.number,
      'B00000000',
      'Fundas Málaga Demo, S.L.',
      'IVA 21 %',
      'IVA incluido',
      'VERI*FACTU',
      'Factura verificable en la sede electrónica de la AEAT',
      'Funda personalizada',
      'Envío a domicilio',
      'Málaga',
      '29005',
      euros(row.total_cents),
      euros(row.base_cents),
      euros(row.vat_cents),
    ]) {
      assert.ok(text.includes(expected), `the PDF text lacks "${expected}":\n${text}`);
    }
    // A simplified invoice names no buyer (RD 1619/2012 art. 7): none of the customer's data is on
    // it, nor kept with it.
    for (const personal of ['Lucía Añorve', 'Calle Larios 5']) {
      assert.ok(!text.includes(personal), `a simplified invoice shows "${personal}"`);
    }
    const kept = await t.db.query(
      'SELECT buyer_name, buyer_email, buyer_phone, buyer_address FROM invoices WHERE full_number = $1',
      [invoice.number],
    );
    assert.deepEqual(kept.rows[0], {
      buyer_name: null,
      buyer_email: null,
      buyer_phone: null,
      buyer_address: null,
    });
    assert.match(text, /\d+,\d{2} €/);

    // The QR code is drawn as vectors: the page as a reader's phone sees it, rendered at 200 dpi.
    assert.equal(run('pdfimages', ['-list', file]).trim().split('\n').slice(2).length, 0, 'no image');
    const DPI = 200;
    const png = renderPdfPage(file, DPI);
    const page = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const decoded = await readQrCode(png);
    assert.ok(decoded, 'the QR code could not be decoded');
    // Its size (AEAT: 30 to 40 mm) and its quiet zone: at least 4 white modules on every side.
    const modules = qrModules(decoded.data);
    const loc = decoded.location;
    // The finder patterns' centres are 3.5 modules in from the symbol's edges.
    const pitch = (loc.topRightFinderPattern.x - loc.topLeftFinderPattern.x) / (modules - 7);
    const left = loc.topLeftFinderPattern.x - 3.5 * pitch;
    const topEdge = loc.topLeftFinderPattern.y - 3.5 * pitch;
    const sizeMm = ((modules * pitch) / DPI) * 25.4;
    assert.ok(sizeMm >= 30 && sizeMm <= 40, `QR size ${sizeMm.toFixed(1)} mm`);
    const zone = QR_QUIET_ZONE_MODULES * pitch;
    assert.ok(QR_QUIET_ZONE_MODULES >= 4);
    const side = modules * pitch;
    for (let y = Math.round(topEdge - zone + 2); y < Math.round(topEdge + side + zone - 2); y++) {
      for (let x = Math.round(left - zone + 2); x < Math.round(left + side + zone - 2); x++) {
        const inSymbol = x > left - 2 && x < left + side + 2 && y > topEdge - 2 && y < topEdge + side + 2;
        if (!inSymbol)
          assert.ok(page.data[y * page.info.width + x]! > 200, `dark pixel in the quiet zone at ${x},${y}`);
      }
    }

    const record = (await storedRecords()).find((r) => r.invoiceNumber === invoice.number)!;
    const expectedUrl = cotejoUrl(
      {
        nif: record.issuerNif,
        invoiceNumber: record.invoiceNumber,
        issueDate: record.issueDate,
        importeTotal: record.importeTotal,
      },
      false,
    );
    assert.equal(decoded.data, expectedUrl);
    assert.ok(
      decoded.data.startsWith('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B00000000&numserie='),
    );

    // Stored once: asking again serves the very same bytes.
    const again = (await generate(admin, order.id)).json() as GeneratedInvoice;
    assert.equal(again.uri, invoice.uri);
    assert.deepEqual((await admin.get(again.uri)).rawPayload, pdf.rawPayload);
  });

  test('issued invoices and the huella fields of their records cannot be changed or deleted', async () => {
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM invoices ORDER BY id LIMIT 1');
    const id = rows[0]!.id;
    await assert.rejects(
      t.db.query('UPDATE invoices SET total_cents = 1, base_cents = 1, vat_cents = 0 WHERE id = $1', [id]),
      /cannot be changed/,
    );
    await assert.rejects(
      t.db.query('UPDATE invoices SET buyer_name = $2 WHERE id = $1', [id, 'Otra persona']),
      /cannot be changed/,
    );
    await assert.rejects(t.db.query('DELETE FROM invoices WHERE id = $1', [id]), /cannot be changed/);
    await assert.rejects(t.db.exec('TRUNCATE invoices CASCADE'), /cannot be changed/);

    const rec = (await storedRecords())[0]!;
    await assert.rejects(
      t.db.query(`UPDATE verifactu_records SET importe_total = '0.01' WHERE id = $1`, [rec.id]),
      /cannot be changed/,
    );
    await assert.rejects(
      t.db.query(`UPDATE verifactu_records SET hash = $2 WHERE id = $1`, [rec.id, 'A'.repeat(64)]),
      /cannot be changed/,
    );
    await assert.rejects(
      t.db.query('DELETE FROM verifactu_records WHERE id = $1', [rec.id]),
      /cannot be changed/,
    );
    // The submission bookkeeping may change.
    await t.db.query('UPDATE verifactu_records SET submission_attempts = submission_attempts WHERE id = $1', [
      rec.id,
    ]);
    assert.deepEqual((await admin.get('/api/invoices/verify')).json(), {
      ok: true,
      records: (await storedRecords()).length,
    });
  });

  test('admin list: newest first, by year, paged', async () => {
    const total = (await storedRecords()).length;
    const first = (await admin.get('/api/invoices?size=5')).json() as InvoicePage;
    assert.equal(first.total, total);
    assert.equal(first.items.length, 5);
    const year = Number(NUMBER.exec(first.items[0]!.number)![1]);
    const byYear = (await admin.get(`/api/invoices?year=${year}&size=200`)).json() as InvoicePage;
    assert.equal(byYear.items.length, total);
    const numbers = byYear.items.map((i) => i.number);
    assert.deepEqual(numbers, [...numbers].sort().reverse());
    for (const i of byYear.items) {
      assert.equal(Math.round(i.base * 100) + Math.round(i.vat * 100), Math.round(i.total * 100));
      assert.equal(i.vatRate, 21);
      assert.equal(i.kind, 'F2');
      assert.equal(i.verifactu.state, 'pending');
      assert.equal(i.verifactu.recordType, 'alta');
    }
    const none = (await admin.get(`/api/invoices?year=${year - 1}`)).json() as InvoicePage;
    assert.deepEqual(
      { ...none, sender: undefined },
      { items: [], total: 0, page: 1, size: 50, sender: undefined },
    );
    const beyond = (await admin.get('/api/invoices?page=1000&size=5')).json() as InvoicePage;
    assert.deepEqual(
      { ...beyond, items: beyond.items.length, sender: undefined },
      { items: 0, total, page: 1000, size: 5, sender: undefined },
    );
    assert.equal((await admin.get('/api/invoices?year=abc')).statusCode, 400);
  });

  // Last: it tampers with the stored chain.
  test('verify finds a record altered behind the triggers back', async () => {
    const records = await storedRecords();
    const victim = records[4]!;
    await t.db.exec('ALTER TABLE verifactu_records DISABLE TRIGGER verifactu_records_guard');
    await t.db.query(`UPDATE verifactu_records SET importe_total = '0.01' WHERE id = $1`, [victim.id]);
    await t.db.exec('ALTER TABLE verifactu_records ENABLE TRIGGER verifactu_records_guard');
    const res = await admin.get('/api/invoices/verify');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { ok: false, records: records.length, firstBrokenId: victim.id });
  });
});
