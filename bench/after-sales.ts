/**
 * After the order:
 *
 * - print batch: 20 placed orders of different models, their 300 DPI print files already made
 *   (as printing or an earlier batch leaves them), laid out on A4 sheets as one PDF; wall time and
 *   the peak memory (maximum resident set) of a process that does only that; targets <= 5 s and
 *   < 500 MB. The first renders of the 20 print files are timed too, as a note.
 * - sales report: 100,000 invoiced orders over a year in 5 stores (plus 5,000 rectificativas) on
 *   PostgreSQL, the whole year for every store, p95 of 10 after 2 warm-up runs; target <= 300 ms.
 *   Needs BENCH_DATABASE_URL (a server where the bench may create and drop a database).
 *
 *   node --import tsx bench/after-sales.ts
 *   BENCH_DATABASE_URL=postgres://127.0.0.1/test node --import tsx bench/after-sales.ts
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { StaffUser } from '@shop/contracts/auth';
import type { ModelPage } from '@shop/contracts/catalogue';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seedDemoCatalogue } from '../apps/server/src/db/seed/seed.ts';
import { loadConfig } from '../apps/server/src/env.ts';
import { FileService } from '../apps/server/src/modules/files/service.ts';
import { salesReport } from '../apps/server/src/read-models/sales.ts';
import { LocalFileStore, MemoryFileStore } from '../apps/server/src/storage/file-store.ts';
import { expectOk, IDENTITY, testPhoto, uploadImage } from '../apps/server/test/checkout-helpers.ts';
import {
  ADMIN,
  Client,
  createStaff,
  signedIn,
  TEST_RATE_LIMITS,
  TEST_UPLOAD_DIR,
} from '../apps/server/test/helpers.ts';

export interface AfterSalesBenchResult {
  batch: {
    database: 'PostgreSQL' | 'PGlite';
    cases: number;
    sheets: number;
    /** The batch renders the 20 print files first (none made yet). */
    coldMs: number;
    coldPeakRssMb: number;
    /** What the batch added to the peak of the booted server (PGlite, the app). */
    coldBatchRssMb: number;
    /** The print files exist (printing or an earlier batch made them). */
    warmMs: number;
    warmPeakRssMb: number;
    warmBatchRssMb: number;
    /** The process's peak once booted and signed in, before the batch. */
    bootPeakRssMb: number;
    targetMs: number;
    targetMb: number;
  };
  report: { orders: number; p50Ms: number; p95Ms: number; targetMs: number } | null;
  notes: string[];
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/** A test-like app on a data directory that outlives the process (PGlite and files on disk). */
async function appOn(dir: string) {
  const db = await openDatabase({ databaseUrl: process.env.BENCH_BATCH_DB, dataDir: dir });
  await migrate(db);
  const fileStore = new LocalFileStore(path.join(dir, 'files'));
  await fileStore.init();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const app = await buildApp({
    config,
    db,
    fileStore,
    webDist: '/nonexistent',
    uploadTmpDir: TEST_UPLOAD_DIR,
    rateLimits: TEST_RATE_LIMITS,
    logger: false,
  });
  await app.ready();
  return {
    app,
    db,
    fileStore,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** Process 1: 20 placed orders of different models with 12 MP photos; optionally their print files made. */
async function batchSetup(dir: string, prerender: boolean): Promise<void> {
  const { app, db, fileStore, close } = await appOn(dir);
  try {
    await seedDemoCatalogue(db, new FileService(fileStore));
    await createStaff(db);
    const admin = await signedIn(app, ADMIN);
    const visitor = new Client(app);
    const models = ((await visitor.get('/api/models?store=1&size=50')).json() as ModelPage).items;
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const model = models[i % models.length]!;
      const c = new Client(app);
      const created = await expectOk(
        c.post('/api/orders', { store: { id: 1 }, brand: { id: model.brand.id }, model: { id: model.id } }),
      );
      const id = (created.json() as { id: string }).id;
      await expectOk(
        c.put(`/api/orders/${id}`, { image: await uploadImage(c, await testPhoto(4000, 3000)) }),
      );
      const design = await uploadImage(c, await testPhoto(480, 760, '#2864c8'), 'design.png');
      await expectOk(c.put(`/api/orders/${id}/design`, { design, transform: IDENTITY }));
      await expectOk(c.post(`/api/orders/${id}/confirmPaymentMethod?paymentMethod=paystore`));
      await expectOk(c.post(`/api/orders/${id}/confirmUserDetails`, { name: 'Cliente' }));
      ids.push(id);
    }
    // A first batch makes the print files (the orders' states do not change until one is printed).
    if (prerender) await expectOk(admin.post('/api/print-batches', { orderIds: ids, sheet: 'A4' }));
    writeFileSync(path.join(dir, 'ids.json'), JSON.stringify(ids));
  } finally {
    await close();
  }
}

/** Process 2: only the batch, timed; its peak memory is the process's. */
async function batchRun(
  dir: string,
): Promise<{ cases: number; sheets: number; ms: number; bootPeakRssMb: number }> {
  const { app, close } = await appOn(dir);
  try {
    const ids = JSON.parse(readFileSync(path.join(dir, 'ids.json'), 'utf8')) as string[];
    const admin = await signedIn(app, ADMIN);
    const bootPeakRssMb = process.resourceUsage().maxRSS / 1024;
    const start = performance.now();
    const res = await expectOk(admin.post('/api/print-batches', { orderIds: ids, sheet: 'A4' }));
    const ms = performance.now() - start;
    const batch = res.json() as { sheets: number; placements: unknown[] };
    return { cases: batch.placements.length, sheets: batch.sheets, ms, bootPeakRssMb };
  } finally {
    await close();
  }
}

function child(args: string[], env: NodeJS.ProcessEnv): string {
  const r = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, ...args], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    env,
  });
  if (r.status !== 0) throw new Error(`${args[0]} failed (${r.status}): ${r.stderr.slice(-2000)}`);
  return r.stdout.trim().split('\n').at(-1) ?? '';
}

/** A new database on the server of `url`, dropped by the returned function. */
async function freshDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `shop_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Setup and batch in separate processes, so that the measured memory is the batch's alone. On
 * PostgreSQL when BENCH_DATABASE_URL is set (as in production), else on PGlite.
 */
async function measureBatch(prerender: boolean) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-batch-'));
  const server = process.env.BENCH_DATABASE_URL ? await freshDatabase(process.env.BENCH_DATABASE_URL) : null;
  const env = { ...process.env, ...(server ? { BENCH_BATCH_DB: server.url } : {}) };
  try {
    child(['--batch-setup', dir, prerender ? 'prerender' : 'cold'], env);
    return JSON.parse(child(['--batch-run', dir], env)) as {
      cases: number;
      sheets: number;
      ms: number;
      peakRssMb: number;
      bootPeakRssMb: number;
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server?.drop();
  }
}

async function runBatchChild(): Promise<AfterSalesBenchResult['batch']> {
  const cold = await measureBatch(false);
  const warm = await measureBatch(true);
  return {
    database: process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite',
    cases: cold.cases,
    sheets: cold.sheets,
    coldMs: cold.ms,
    coldPeakRssMb: cold.peakRssMb,
    coldBatchRssMb: cold.peakRssMb - cold.bootPeakRssMb,
    warmMs: warm.ms,
    warmPeakRssMb: warm.peakRssMb,
    warmBatchRssMb: warm.peakRssMb - warm.bootPeakRssMb,
    bootPeakRssMb: warm.bootPeakRssMb,
    targetMs: 5000,
    targetMb: 500,
  };
}

const STAFF_ADMIN: StaffUser = {
  id: 1,
  email: 'bench@local',
  name: 'Bench',
  role: 'admin',
  storeId: null,
} as StaffUser;

/** A year of invoiced orders in stores 1-5 (every 20th refunded), straight into the tables. */
export async function seedReportData(db: Database, orders: number): Promise<void> {
  // A year of orders in stores 1-5, each invoiced the day it was placed; every 20th refunded.
  await db.exec(`
    CREATE TEMP TABLE bench_orders AS
    SELECT gen_random_uuid() AS id, g AS n, 1 + (g % 5) AS store_id,
           (date '2025-01-01' + (g % 365))::date AS day
    FROM generate_series(1, ${orders}) g;
    INSERT INTO orders (id, store_id, brand_id, model_id, price_cents, origin, status, customer_name, paid_at, paid_by, created_at,
                        case_type_id)
    SELECT b.id, b.store_id, m.brand_id, m.id, m.price_cents, 'false', 'delivered', 'Cliente',
           b.day + time '12:00', 'gateway', b.day + time '11:00', (SELECT id FROM case_types WHERE is_default)
    FROM bench_orders b
    JOIN LATERAL (SELECT id, brand_id, price_cents FROM models ORDER BY id OFFSET (b.n % 20) LIMIT 1) m ON true;
    INSERT INTO files (id, kind, content_type, size_bytes, storage_key)
    SELECT 'benchinv' || n, 'invoice', 'application/pdf', 0, 'invoice/bench-' || n || '.pdf' FROM bench_orders;
    INSERT INTO files (id, kind, content_type, size_bytes, storage_key)
    SELECT 'benchrect' || n, 'invoice', 'application/pdf', 0, 'invoice/bench-r-' || n || '.pdf'
    FROM bench_orders WHERE n % 20 = 0;
    INSERT INTO invoices (order_id, kind, series, year, number, full_number, issued_at, issue_date, seller, store_id,
                          store, is_home_delivery, lines, base_cents, vat_rate, vat_cents, total_cents, pdf_file_id)
    SELECT b.id, 'F2', 'T', 2025, b.n, 'T2025-' || lpad(b.n::text, 6, '0'), b.day + time '12:00', b.day, '{}'::jsonb,
           b.store_id, '{}'::jsonb, false, '[]'::jsonb, round(o.price_cents * 100 / 121.0)::int, 21,
           o.price_cents - round(o.price_cents * 100 / 121.0)::int, o.price_cents, 'benchinv' || b.n
    FROM bench_orders b JOIN orders o ON o.id = b.id;
    INSERT INTO invoices (order_id, kind, rectifies_invoice_id, series, year, number, full_number, issued_at, issue_date,
                          seller, store_id, store, is_home_delivery, lines, base_cents, vat_rate, vat_cents,
                          total_cents, pdf_file_id, reason)
    SELECT i.order_id, 'R5', i.id, 'R', 2025, b.n / 20, 'R2025-' || lpad((b.n / 20)::text, 6, '0'),
           i.issued_at + interval '3 days', LEAST(i.issue_date + 3, date '2025-12-31'), '{}'::jsonb, i.store_id,
           '{}'::jsonb, false, '[]'::jsonb, -i.base_cents, 21, -i.vat_cents, -i.total_cents, 'benchrect' || b.n,
           'Devolución'
    FROM bench_orders b JOIN invoices i ON i.order_id = b.id AND i.kind = 'F2' WHERE b.n % 20 = 0;
    ANALYZE;
  `);
}

async function reportBench(url: string): Promise<AfterSalesBenchResult['report']> {
  const name = `shop_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: target.toString(), dataDir: null });
  try {
    await migrate(db);
    await seedDemoCatalogue(db, new FileService(new MemoryFileStore()));
    const orders = 100_000;
    await seedReportData(db, orders);
    const query = { from: '2025-01-01', to: '2025-12-31', format: 'json' as const };
    const times: number[] = [];
    let checked = 0;
    for (let i = 0; i < 22; i++) {
      const start = performance.now();
      const report = await salesReport(db, STAFF_ADMIN, query);
      if (i >= 2) times.push(performance.now() - start);
      checked = report.total?.orders ?? 0;
    }
    if (checked !== orders) throw new Error(`the report counted ${checked} orders, not ${orders}`);
    return { orders, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), targetMs: 300 };
  } finally {
    await db.close();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
}

export async function runAfterSalesBench(): Promise<AfterSalesBenchResult> {
  const notes: string[] = [];
  const batch = await runBatchChild();
  const url = process.env.BENCH_DATABASE_URL;
  let report: AfterSalesBenchResult['report'] = null;
  if (url) report = await reportBench(url);
  else notes.push('sales report skipped: BENCH_DATABASE_URL is not set (bash bench/with-postgres.sh ...)');
  return { batch, report, notes };
}

const arg = process.argv.indexOf('--batch-setup');
if (arg > 0) {
  await batchSetup(process.argv[arg + 1]!, process.argv[arg + 2] === 'prerender');
  process.exit(0);
} else if (process.argv.includes('--batch-run')) {
  const r = await batchRun(process.argv[process.argv.indexOf('--batch-run') + 1]!);
  process.stdout.write(`${JSON.stringify({ ...r, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
  process.exit(0);
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await runAfterSalesBench();
  console.info(JSON.stringify(r, null, 2));
}
