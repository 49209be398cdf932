/**
 * Invoice issue as the VERI*FACTU chain grows: the same call the payment's transaction makes
 * (`issueInvoiceForPaidOrder`: chain and counter locks, amounts, the RegistroAlta XML and its
 * huella, the PDF with its QR, the rows) on PostgreSQL, with the chain holding 1,000, 100,000 and
 * 1,000,000 records. The records are seeded by SQL (bench/growth-invoices-seed.ts) and the chain
 * is extended between the sizes, in one database. At each size: 5 warm-up issues, then 40 timed
 * (BENCH_GROWTH_RUNS); target at the largest size: p95 < 50 ms. At the largest size every
 * statement of one more issue is also run under EXPLAIN (ANALYZE, BUFFERS): none may scan a table
 * whose size grows with the shop. The curve goes to docs/performance/invoice-issue-growth.svg.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/growth-invoices.ts
 *   node --import tsx bench/growth-invoices.ts             (a throwaway cluster: bench/with-postgres.sh)
 *   BENCH_INVOICE_GROWTH_MAX=100000 node --import tsx bench/growth-invoices.ts   (1k / 10k / 100k)
 */
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seedDemoCatalogue } from '../apps/server/src/db/seed/seed.ts';
import { loadConfig } from '../apps/server/src/env.ts';
import { FileService } from '../apps/server/src/modules/files/service.ts';
import { SERIES } from '../apps/server/src/modules/invoices/numbering.ts';
import { issueInvoiceForPaidOrder } from '../apps/server/src/modules/invoices/order-invoice.ts';
import { madridYear } from '../apps/server/src/modules/invoices/verifactu.ts';
import { MemoryFileStore } from '../apps/server/src/storage/file-store.ts';
import { percentile, rerunUnderPostgresIfNeeded } from './growth-common.ts';
import {
  type ChainSeedSpec,
  chainLength,
  type ExplainedStatement,
  explaining,
  explainSenderQueue,
  extendChain,
} from './growth-invoices-seed.ts';
import { createDatabase } from './http.ts';
import { writeChart } from './svg-chart.ts';

export interface InvoiceGrowthPoint {
  /** Records in the chain when the timed issues began. */
  records: number;
  seedSeconds: number;
  runs: number;
  p50Ms: number;
  p95Ms: number;
}

export interface InvoiceGrowthResult {
  points: InvoiceGrowthPoint[];
  /** The statements of one issue at the largest size, explained. */
  issuePlans: ExplainedStatement[];
  /** The sender's queue queries at the largest size (run per wake of the sender, not per issue). */
  senderPlans: ExplainedStatement[];
  targetMs: number;
  chart: string;
  seconds: number;
}

const TARGET_MS = 50;
/**
 * Tables that grow with every order: a sequential scan of one of them in an issue is a bug. (The
 * planner may scan a table that is empty here, such as invoice_requests, whose key is the order.)
 */
const GROWING = new Set(['orders', 'files', 'invoices', 'verifactu_records', 'order_events']);

/** 1,000 / 100,000 / 1,000,000 records; BENCH_INVOICE_GROWTH_MAX=m: m/100, m/10, m (quicker). */
export const invoiceGrowthSizes = (): number[] => {
  const max = Number(process.env.BENCH_INVOICE_GROWTH_MAX ?? 0);
  return max > 0 ? [Math.ceil(max / 100), Math.ceil(max / 10), max] : [1_000, 100_000, 1_000_000];
};

export async function runInvoiceGrowthBench(
  opts: {
    sizes?: number[];
    runs?: number;
    log?: (line: string) => void;
    /** Migrate only this far: the figures before an index that a later migration adds. */
    migrateThrough?: number;
  } = {},
): Promise<InvoiceGrowthResult> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url)
    throw new Error(
      'the invoice growth bench needs BENCH_DATABASE_URL (or run it under bench/with-postgres.sh)',
    );
  const sizes = opts.sizes ?? invoiceGrowthSizes();
  const runs = opts.runs ?? Number(process.env.BENCH_GROWTH_RUNS ?? 40);
  const log = opts.log ?? ((line: string) => console.info(line));
  const started = performance.now();
  const database = await createDatabase(url);
  const db = await openDatabase({ databaseUrl: database.url, dataDir: null });
  try {
    await migrate(db, opts.migrateThrough === undefined ? {} : { through: opts.migrateThrough });
    const files = new FileService(new MemoryFileStore());
    await seedDemoCatalogue(db, files);
    const config = loadConfig({ NODE_ENV: 'test', VERIFACTU_ENDPOINT: 'http://127.0.0.1:9/' });
    const { rows: models } = await db.query<{ id: number; brand_id: number; price_cents: number }>(
      'SELECT m.id, m.brand_id, m.price_cents FROM models m JOIN store_models sm ON sm.model_id = m.id WHERE sm.store_id = 1 ORDER BY m.id LIMIT 1',
    );
    const m = models[0]!;
    const spec: ChainSeedSpec = {
      issuerNif: config.company.nif.trim(),
      series: SERIES.F2,
      year: madridYear(new Date()),
      model: { id: m.id, brandId: m.brand_id, priceCents: m.price_cents },
    };
    /** One paid order, then its invoice in one transaction, as the payment does; the issue is timed. */
    const issueOne = async (explain?: ExplainedStatement[]): Promise<number> => {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO orders (id, store_id, brand_id, model_id, price_cents, origin, status, customer_name, case_type_id)
         VALUES (gen_random_uuid(), 1, $1, $2, $3, 'false', 'paid', 'Cliente', (SELECT id FROM case_types WHERE is_default))
         RETURNING id`,
        [m.brand_id, m.id, m.price_cents],
      );
      const start = performance.now();
      await db.transaction((tx) =>
        issueInvoiceForPaidOrder(
          explain ? explaining(tx, explain) : tx,
          { files, config },
          rows[0]!.id,
          'bench',
        ),
      );
      return performance.now() - start;
    };

    const points: InvoiceGrowthPoint[] = [];
    for (const size of sizes) {
      const have = await chainLength(db);
      const seedStart = performance.now();
      if (size > have) {
        log(
          `invoice growth: seeding the chain from ${have.toLocaleString('en-US')} to ${size.toLocaleString('en-US')} records`,
        );
        await extendChain(db, spec, size - have, (done) => {
          const s = ((performance.now() - seedStart) / 1000).toFixed(0);
          log(`  ${(have + done).toLocaleString('en-US')} records (${s} s)`);
        });
      }
      const seedSeconds = (performance.now() - seedStart) / 1000;
      const records = await chainLength(db);
      const times: number[] = [];
      for (let i = 0; i < 5 + runs; i++) {
        const ms = await issueOne();
        if (i >= 5) times.push(ms);
      }
      const point = {
        records,
        seedSeconds,
        runs,
        p50Ms: percentile(times, 50),
        p95Ms: percentile(times, 95),
      };
      log(
        `  ${records.toLocaleString('en-US')} records: p50 ${point.p50Ms.toFixed(1)} ms, p95 ${point.p95Ms.toFixed(1)} ms`,
      );
      points.push(point);
    }
    const issuePlans: ExplainedStatement[] = [];
    await issueOne(issuePlans);
    const senderPlans = await explainSenderQueue(db);
    const chart = writeChart('invoice-issue-growth', {
      title: 'Invoice issue (PostgreSQL) as the VERI*FACTU chain grows',
      xLabel: 'records in the chain',
      yLabel: 'issue time (ms)',
      logX: true,
      series: [
        { name: 'p50', points: points.map((p) => ({ x: p.records, y: p.p50Ms })) },
        { name: 'p95', points: points.map((p) => ({ x: p.records, y: p.p95Ms })) },
      ],
      target: { y: TARGET_MS, label: `p95 target ${TARGET_MS} ms` },
    });
    return {
      points,
      issuePlans,
      senderPlans,
      targetMs: TARGET_MS,
      chart,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await db.close();
    await database.drop();
  }
}

/** Seq scans of growing tables among the explained statements. */
export const growingScans = (plans: readonly ExplainedStatement[]): string[] =>
  plans.flatMap((p) =>
    p.seqScans.filter((t) => GROWING.has(t)).map((t) => `${p.statement}: Seq Scan on ${t}`),
  );

export function formatInvoiceGrowth(r: InvoiceGrowthResult): string {
  const last = r.points.at(-1)!;
  const lines = [
    'Invoice issue as the chain grows (PostgreSQL)',
    '| records in the chain | seeding | p50 | p95 |',
    '|---|---|---|---|',
    ...r.points.map(
      (p) =>
        `| ${p.records.toLocaleString('en-US')} | ${p.seedSeconds.toFixed(0)} s | ${p.p50Ms.toFixed(1)} ms | ${p.p95Ms.toFixed(1)} ms |`,
    ),
    `p95 at ${last.records.toLocaleString('en-US')} records: ${last.p95Ms.toFixed(1)} ms (target < ${r.targetMs} ms) ${last.p95Ms < r.targetMs ? 'OK' : 'MISSED'}`,
    '',
    `One issue at ${last.records.toLocaleString('en-US')} records, statement by statement (EXPLAIN ANALYZE, BUFFERS):`,
    '| statement | time | buffers | scans |',
    '|---|---|---|---|',
    ...[...r.issuePlans, ...r.senderPlans].map(
      (p) => `| ${p.statement} | ${p.ms.toFixed(2)} ms | ${p.buffers} | ${p.scans.join(', ') || '-'} |`,
    ),
  ];
  const scans = growingScans([...r.issuePlans, ...r.senderPlans]);
  lines.push(
    scans.length ? `Scans of growing tables: ${scans.join('; ')}` : 'No statement scans a growing table.',
  );
  lines.push(`chart: ${r.chart}; ${r.seconds.toFixed(0)} s in all`);
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  rerunUnderPostgresIfNeeded();
  const r = await runInvoiceGrowthBench();
  console.info(formatInvoiceGrowth(r));
}
