/**
 * A print batch as it grows: one A4 batch of 20, 100 and 500 placed orders (BENCH_PRINT_GROWTH_MAX=m:
 * m/25, m/5, m), wall time and the peak memory (maximum resident set) of a process that boots the
 * database and makes only that batch, on PostgreSQL with the files on disk. Target: peak memory
 * independent of the batch's size.
 *
 * The print files are made once: 5 orders of different models with 12 MP photo-like JPEGs (noise
 * over gradients, so their print files weigh what a photo's do) are rendered by a first, smaller
 * batch that is measured too ('cold': it renders them); then the orders are copied by SQL, each
 * copy pointing at its model's print files, so seeding 500 cases takes seconds. A batch reads each
 * case's print file from storage as it would read a distinct one (the same bytes).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/growth-print.ts
 *   node --import tsx bench/growth-print.ts          (a throwaway cluster: bench/with-postgres.sh)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { StaffUser } from '@shop/contracts/auth';
import type { ModelPage } from '@shop/contracts/catalogue';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seedDemoCatalogue } from '../apps/server/src/db/seed/seed.ts';
import { loadConfig } from '../apps/server/src/env.ts';
import sharp from '../apps/server/src/lib/sharp.ts';
import { FileService } from '../apps/server/src/modules/files/service.ts';
import { createPrintBatch } from '../apps/server/src/modules/print/index.ts';
import { LocalFileStore } from '../apps/server/src/storage/file-store.ts';
import { expectOk, IDENTITY, testPhoto, uploadImage } from '../apps/server/test/checkout-helpers.ts';
import {
  ADMIN,
  Client,
  createStaff,
  TEST_RATE_LIMITS,
  TEST_UPLOAD_DIR,
} from '../apps/server/test/helpers.ts';
import { rerunUnderPostgresIfNeeded } from './growth-common.ts';
import { createDatabase } from './http.ts';
import { writeChart } from './svg-chart.ts';

export interface PrintGrowthPoint {
  cases: number;
  sheets: number;
  ms: number;
  /** The batch process's peak RSS, and its peak once booted and signed in (before the batch). */
  peakRssMb: number;
  bootPeakRssMb: number;
  pdfMb: number;
}

export interface PrintGrowthResult {
  /** The first batch, which renders its print files. */
  cold: PrintGrowthPoint;
  points: PrintGrowthPoint[];
  charts: string[];
  seconds: number;
}

const TEMPLATES = 5;
/** 20 / 100 / 500 cases; BENCH_PRINT_GROWTH_MAX=m: m/25, m/5, m (quicker). */
export const printGrowthSizes = (): number[] => {
  const max = Number(process.env.BENCH_PRINT_GROWTH_MAX ?? 0) || 500;
  return [Math.max(1, Math.round(max / 25)), Math.max(2, Math.round(max / 5)), max];
};

/** A deterministic photo-like JPEG (gradients plus per-pixel noise), about 4 MB at 12 MP. */
async function photoLikeJpeg(width: number, height: number, seed: number): Promise<Buffer> {
  const rgb = Buffer.allocUnsafe(width * height * 3);
  let state = seed;
  let i = 0;
  for (let y = 0; y < height; y++) {
    const vy = Math.sin((y * 2 * Math.PI * 1.3) / height);
    for (let x = 0; x < width; x++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const noise = (state & 31) - 16;
      const u = Math.sin((x * 2 * Math.PI * 2.1) / width + vy);
      rgb[i++] = 125 + 80 * u + noise;
      rgb[i++] = 115 + 70 * vy + noise;
      rgb[i++] = 128 - 60 * u * vy + noise;
    }
  }
  return sharp(rgb, { raw: { width, height, channels: 3 }, limitInputPixels: false })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The app on the bench's database and a data directory that outlives the process (files on disk). */
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

/** Child 1: the catalogue, the staff and 5 placed orders of different models (not rendered yet). */
async function setup(dir: string): Promise<void> {
  const { app, db, fileStore, close } = await appOn(dir);
  try {
    await seedDemoCatalogue(db, new FileService(fileStore));
    await createStaff(db);
    const models = ((await new Client(app).get('/api/models?store=1&size=50')).json() as ModelPage).items;
    const ids: string[] = [];
    for (let i = 0; i < TEMPLATES; i++) {
      const model = models[(i * 3) % models.length]!;
      const c = new Client(app);
      const created = await expectOk(
        c.post('/api/orders', { store: { id: 1 }, brand: { id: model.brand.id }, model: { id: model.id } }),
      );
      const id = (created.json() as { id: string }).id;
      await expectOk(
        c.put(`/api/orders/${id}`, { image: await uploadImage(c, await photoLikeJpeg(4000, 3000, 7 + i)) }),
      );
      const design = await uploadImage(c, await testPhoto(480, 760, '#2864c8'), 'design.png');
      await expectOk(c.put(`/api/orders/${id}/design`, { design, transform: IDENTITY }));
      await expectOk(c.post(`/api/orders/${id}/confirmPaymentMethod?paymentMethod=paystore`));
      await expectOk(c.post(`/api/orders/${id}/confirmUserDetails`, { name: 'Cliente' }));
      ids.push(id);
    }
    writeFileSync(path.join(dir, 'ids.json'), JSON.stringify(ids));
  } finally {
    await close();
  }
}

/**
 * Child 2: opens the database and the files, then makes one batch of the first `cases` orders of
 * ids.json through the print module (`createPrintBatch`, what `POST /api/print-batches` calls: the
 * API takes at most 60 orders per batch, the curve goes further); timed.
 */
async function batch(dir: string, cases: number): Promise<Omit<PrintGrowthPoint, 'peakRssMb'>> {
  const db = await openDatabase({ databaseUrl: process.env.BENCH_BATCH_DB, dataDir: dir });
  try {
    const fileStore = new LocalFileStore(path.join(dir, 'files'));
    await fileStore.init();
    const files = new FileService(fileStore);
    const ids = (JSON.parse(readFileSync(path.join(dir, 'ids.json'), 'utf8')) as string[]).slice(0, cases);
    const { rows: staff } = await db.query<{ id: number }>('SELECT id FROM staff_users WHERE email = $1', [
      ADMIN.email,
    ]);
    const admin = {
      id: staff[0]!.id,
      email: ADMIN.email,
      name: 'Admin',
      role: 'admin',
      storeId: null,
    } as StaffUser;
    const bootPeakRssMb = process.resourceUsage().maxRSS / 1024;
    const start = performance.now();
    const made = await createPrintBatch(db, files, admin, { orderIds: ids, sheet: 'A4' });
    const ms = performance.now() - start;
    const { rows } = await db.query<{ size_bytes: number }>(
      'SELECT f.size_bytes FROM print_batches b JOIN files f ON f.id = b.file_id WHERE b.id = $1',
      [made.id],
    );
    return {
      cases: made.placements.length,
      sheets: made.sheets,
      ms,
      bootPeakRssMb,
      pdfMb: (rows[0]?.size_bytes ?? 0) / 2 ** 20,
    };
  } finally {
    await db.close();
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

/**
 * The orders copied by SQL up to `total`, round robin over the 5 rendered ones: each copy is the
 * same placed order (same model, photo, design and print files) under a new id and number.
 */
async function copyOrders(url: string, dir: string, total: number): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows: cols } = await c.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = 'orders'
         AND column_name NOT IN ('id', 'order_number', 'tracking_token') ORDER BY ordinal_position`,
    );
    const list = cols.map((r) => `"${r.column_name}"`).join(', ');
    const templates = JSON.parse(readFileSync(path.join(dir, 'ids.json'), 'utf8')) as string[];
    await c.query(
      `INSERT INTO orders (id, ${list})
       SELECT gen_random_uuid(), ${cols.map((r) => `t."${r.column_name}"`).join(', ')}
       FROM generate_series(0, $2 - 1) g JOIN unnest($1::uuid[]) WITH ORDINALITY AS u(id, k) ON u.k = g % $3 + 1
       JOIN orders t ON t.id = u.id ORDER BY g`,
      [templates, total, templates.length],
    );
    const { rows } = await c.query<{ id: string }>(
      `SELECT id FROM orders WHERE print_pdf_id IS NOT NULL AND id <> ALL($1::uuid[]) ORDER BY order_number`,
      [templates],
    );
    writeFileSync(path.join(dir, 'ids.json'), JSON.stringify(rows.map((r) => r.id)));
  } finally {
    await c.end();
  }
}

export async function runPrintGrowthBench(
  opts: { sizes?: number[]; log?: (line: string) => void } = {},
): Promise<PrintGrowthResult> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url)
    throw new Error(
      'the print growth bench needs BENCH_DATABASE_URL (or run it under bench/with-postgres.sh)',
    );
  const sizes = opts.sizes ?? printGrowthSizes();
  const log = opts.log ?? ((line: string) => console.info(line));
  const started = performance.now();
  const database = await createDatabase(url);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-growth-print-'));
  const env = { ...process.env, BENCH_BATCH_DB: database.url };
  const run = (cases: number): PrintGrowthPoint => {
    const point = JSON.parse(child(['--growth-batch', dir, String(cases)], env)) as PrintGrowthPoint;
    log(
      `  ${point.cases} cases, ${point.sheets} sheets: ${(point.ms / 1000).toFixed(2)} s, peak RSS ${point.peakRssMb.toFixed(0)} MB (booted ${point.bootPeakRssMb.toFixed(0)} MB), PDF ${point.pdfMb.toFixed(0)} MB`,
    );
    return point;
  };
  try {
    log(`print growth: ${TEMPLATES} placed orders with 12 MP photos`);
    child(['--growth-setup', dir], env);
    log('print growth: the first batch renders their print files (cold)');
    const cold = run(TEMPLATES);
    await copyOrders(database.url, dir, Math.max(...sizes));
    log(`print growth: orders copied to ${Math.max(...sizes)}; batches with the print files made`);
    const points = sizes.map(run);
    const chart = writeChart('print-batch-growth', {
      title: 'Print batch (A4, print files made): peak memory of the process',
      xLabel: 'cases in the batch',
      yLabel: 'RSS (MB)',
      logX: true,
      series: [
        { name: 'peak RSS', points: points.map((p) => ({ x: p.cases, y: p.peakRssMb })) },
        { name: 'peak before the batch', points: points.map((p) => ({ x: p.cases, y: p.bootPeakRssMb })) },
      ],
    });
    const timeChart = writeChart('print-batch-growth-time', {
      title: 'Print batch (A4, print files made): wall time',
      xLabel: 'cases in the batch',
      yLabel: 'seconds',
      logX: true,
      series: [{ name: 'wall time', points: points.map((p) => ({ x: p.cases, y: p.ms / 1000 })) }],
    });
    return { cold, points, charts: [chart, timeChart], seconds: (performance.now() - started) / 1000 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
}

export function formatPrintGrowth(r: PrintGrowthResult): string {
  const row = (p: PrintGrowthPoint, what: string) =>
    `| ${what} | ${p.cases} | ${p.sheets} | ${(p.ms / 1000).toFixed(2)} s | ${p.peakRssMb.toFixed(0)} MB | ${(p.peakRssMb - p.bootPeakRssMb).toFixed(0)} MB | ${p.pdfMb.toFixed(0)} MB |`;
  const peaks = r.points.map((p) => p.peakRssMb);
  const spread = Math.max(...peaks) - Math.min(...peaks);
  return [
    'Print batch as it grows (A4, PostgreSQL, files on disk)',
    '| batch | cases | sheets | time | peak RSS | over the booted process | PDF |',
    '|---|---|---|---|---|---|---|',
    row(r.cold, 'cold (renders its print files)'),
    ...r.points.map((p) => row(p, 'print files made')),
    `peak RSS from ${r.points[0]!.cases} to ${r.points.at(-1)!.cases} cases: ${spread.toFixed(0)} MB apart (target: independent of the batch's size)`,
    `charts: ${r.charts.join(', ')}; ${r.seconds.toFixed(0)} s in all`,
  ].join('\n');
}

const setupArg = process.argv.indexOf('--growth-setup');
const batchArg = process.argv.indexOf('--growth-batch');
if (setupArg > 0) {
  await setup(process.argv[setupArg + 1]!);
  process.exit(0);
} else if (batchArg > 0) {
  const r = await batch(process.argv[batchArg + 1]!, Number(process.argv[batchArg + 2]));
  process.stdout.write(`${JSON.stringify({ ...r, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
  process.exit(0);
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  rerunUnderPostgresIfNeeded();
  const r = await runPrintGrowthBench();
  console.info(formatPrintGrowth(r));
}
