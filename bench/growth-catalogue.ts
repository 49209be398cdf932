/**
 * How the customer catalogue's reads grow with the catalogue, on PostgreSQL: the demo's 57
 * models, then 1,000 and 10,000 (bench/growth-seed.ts spreads them over more brands, a few big
 * ones and a long tail). At each size, on the built server (bench/http.ts's startShop), with a
 * browser's headers, one request at a time (bench/growth-common.ts says why):
 *
 * - models page: `GET /api/models?store=1&brand=B&page=1&size=20` over the 5 biggest brands, as
 *   the cache answers it (warm, 100 requests) and as the database does (cold: every request a new
 *   URL, which the cache keeps apart, 60 requests): what the first read after a change costs;
 * - name search: the page's search box, `filtro=<term>` (cold: every term new, 60 requests);
 * - store homepage: the HTML of `/store/{code}` with its first-screen answers (the store, its
 *   brands and one-model pages per brand, plugins/page-html.ts), warm (50) and right after a
 *   catalogue change emptied the cache (cold, 20: each after a write the database notifies).
 *
 * Target: at 10,000 models each read within 10 % of its 57-model figure (p50; p95 printed too).
 * Chart: docs/performance/catalogue-growth.svg.
 *
 *   bash bench/with-postgres.sh node --import tsx bench/growth-catalogue.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/growth-catalogue.ts
 *   BENCH_GROWTH_MAX=1000 ...          (stop at 1,000 models)
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import {
  benchServerUrl,
  fmtMs,
  growthSizes,
  rerunUnderPostgresIfNeeded,
  sizeLabel,
  sqlClient,
  step,
  summarise,
  type Timing,
  table,
  timeRequests,
} from './growth-common.ts';
import { growCatalogue } from './growth-seed.ts';
import { BROWSER_HEADERS, createDatabase, startShop } from './http.ts';
import { writeChart } from './svg-chart.ts';

export const CATALOGUE_CASES = [
  'models page (cached)',
  'models page (cold)',
  'name search (cold)',
  'store homepage (cached)',
  'store homepage (cold)',
] as const;
type CatalogueCase = (typeof CATALOGUE_CASES)[number];

export interface CatalogueGrowthResult {
  sizes: { models: number; brands: number; biggestBrand: number; cases: Record<CatalogueCase, Timing> }[];
  /** At the largest size, each case's p50 over its 57-model p50. */
  ratios: Record<CatalogueCase, number>;
  targetRatio: number;
  seconds: number;
  chart: string;
}

/** A store link: base64url of "{storeId}:{origin}", as the shop's QR codes and links carry it. */
const storeCode = (storeId: number) => Buffer.from(`${storeId}:false`).toString('base64url');
const STORE = 1;
const TERMS = ['galaxy', 'pro', 'note 1', 'iphone 2', 'lite', 'moto g 3', 'pixel', 'plus', 'x 4', 'reno 5'];

/** A write the database notifies as a catalogue change, then a moment for the server to hear it. */
async function touchCatalogue(sql: pg.Client): Promise<void> {
  await sql.query('UPDATE brands SET updated_at = now() WHERE id = (SELECT min(id) FROM brands)');
  await sleep(60);
}

async function measure(
  url: string,
  sql: pg.Client,
  brands: number[],
): Promise<Record<CatalogueCase, Timing>> {
  const headers = { ...BROWSER_HEADERS };
  const page = (b: number) => `/api/models?store=${STORE}&brand=${b}&page=1&size=20`;
  const home = `/store/${storeCode(STORE)}`;
  let bust = Date.now();
  const cases = {} as Record<CatalogueCase, Timing>;
  cases['models page (cached)'] = await timeRequests(url, brands.map(page), {
    runs: 100,
    warmups: 10,
    headers,
  });
  cases['models page (cold)'] = await timeRequests(
    url,
    (i) => `${page(brands[i % brands.length]!)}&_=${bust++}`,
    {
      runs: 60,
      warmups: 5,
      headers,
    },
  );
  cases['name search (cold)'] = await timeRequests(
    url,
    (i) =>
      `${page(brands[i % brands.length]!)}&filtro=${encodeURIComponent(TERMS[i % TERMS.length]!)}&_=${bust++}`,
    { runs: 60, warmups: 5, headers },
  );
  cases['store homepage (cached)'] = await timeRequests(url, [home], { runs: 50, warmups: 5, headers });
  const times: number[] = [];
  for (let i = 0; i < 22; i++) {
    await touchCatalogue(sql);
    const t = await timeRequests(url, [home], { runs: 1, headers });
    if (i >= 2) times.push(t.p50Ms);
  }
  cases['store homepage (cold)'] = summarise(times);
  return cases;
}

export async function runCatalogueGrowthBench(): Promise<CatalogueGrowthResult> {
  const started = performance.now();
  const serverUrl = benchServerUrl();
  const database = await createDatabase(serverUrl);
  const sql = await sqlClient(database.url);
  const shop = await step('starting the shop (migrations, demo catalogue)', () =>
    startShop({ databaseUrl: database.url }),
  );
  const sizes: CatalogueGrowthResult['sizes'] = [];
  try {
    const demo = (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM models')).rows[0]!.n;
    for (const models of growthSizes([demo, 1_000, 10_000])) {
      await step(`catalogue to ${sizeLabel(models)} models`, () => growCatalogue(sql, models));
      await touchCatalogue(sql);
      // The store's five biggest brands, as customers would mostly open them.
      const { rows } = await sql.query<{ id: number; n: number }>(
        `SELECT b.id, count(*)::int AS n FROM brands b JOIN models m ON m.brand_id = b.id
         JOIN store_models sm ON sm.model_id = m.id AND sm.store_id = $1
         WHERE b.is_public AND NOT b.down AND m.is_public AND NOT m.is_down
         GROUP BY b.id ORDER BY n DESC, b.id LIMIT 5`,
        [STORE],
      );
      const brands = (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM brands')).rows[0]!.n;
      const cases = await step(`measuring at ${sizeLabel(models)} models`, () =>
        measure(
          shop.url,
          sql,
          rows.map((r) => r.id),
        ),
      );
      sizes.push({ models, brands, biggestBrand: rows[0]?.n ?? 0, cases });
    }
  } finally {
    await sql.end();
    await shop.stop();
    await database.drop();
  }
  const first = sizes[0]!;
  const last = sizes.at(-1)!;
  const ratios = Object.fromEntries(
    CATALOGUE_CASES.map((c) => [c, last.cases[c].p50Ms / first.cases[c].p50Ms]),
  ) as Record<CatalogueCase, number>;
  const result: CatalogueGrowthResult = { sizes, ratios, targetRatio: 1.1, seconds: 0, chart: '' };
  result.chart = writeCatalogueChart(result);
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

export function writeCatalogueChart(r: CatalogueGrowthResult): string {
  return writeChart('catalogue-growth', {
    title: 'Customer catalogue reads: p50 by number of models (PostgreSQL)',
    xLabel: 'models',
    yLabel: 'p50 (ms)',
    logX: true,
    series: CATALOGUE_CASES.map((c) => ({
      name: c,
      points: r.sizes.map((s) => ({ x: s.models, y: s.cases[c].p50Ms })),
    })),
  });
}

export function formatCatalogueGrowth(r: CatalogueGrowthResult): string {
  const rows = CATALOGUE_CASES.map((c) => [
    c,
    ...r.sizes.map((s) => `${fmtMs(s.cases[c].p50Ms)} / ${fmtMs(s.cases[c].p95Ms)}`),
    `${((r.ratios[c] - 1) * 100).toFixed(0)} %`,
    r.ratios[c] <= r.targetRatio ? 'OK' : 'MISSED',
  ]);
  return [
    table(
      [
        'catalogue p50 / p95 ms',
        ...r.sizes.map((s) => `${sizeLabel(s.models)} models (${s.brands} brands)`),
        'p50 vs first',
        '<= +10 %',
      ],
      rows,
    ),
    `biggest brand in store ${STORE}: ${r.sizes.map((s) => `${s.biggestBrand} models`).join(' / ')}`,
    `chart: ${r.chart}; ${r.seconds.toFixed(0)} s in all`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  rerunUnderPostgresIfNeeded();
  const r = await runCatalogueGrowthBench();
  console.info(formatCatalogueGrowth(r));
  process.exit(0);
}
