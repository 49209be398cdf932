/**
 * How the back office's reads grow with the shop, on PostgreSQL:
 *
 * - the order list (`GET /api/orders` as an admin): first page, a later page, and the main filters
 *   (state, store, a month, unpaid, an order number, sorted by total) with 10,000, 100,000 and
 *   1,000,000 orders; p50/p95 of 20 requests after 3 warm-ups each; target p95 < 150 ms at 1M;
 * - the sales report (`GET /api/reports/sales`, the year 2025, every store) over about 10,000,
 *   100,000 and 1,000,000 invoices; p95 of 10 after 2 warm-ups; target p95 < 1 s at 1M.
 *
 * One database grows in steps (bench/growth-seed.ts writes the rows with SQL), the built server
 * answers over HTTP (bench/http.ts's startShop), one request at a time (bench/growth-common.ts).
 * The charts go to docs/performance/order-list-growth.svg and sales-report-growth.svg.
 *
 *   bash bench/with-postgres.sh node --import tsx bench/growth-orders.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/growth-orders.ts
 *   BENCH_GROWTH_MAX=100000 ...        (stop at 100k orders: a quick run)
 *   BENCH_GROWTH_PLANS=1 ...           (print EXPLAIN (ANALYZE, BUFFERS) at the largest size)
 *   BENCH_GROWTH_ONLY=report ...       (only the sales report: no order list timings)
 *
 * At each size the report's totals are checked against the same sums read straight from the
 * invoices (the report reads the day sums in invoice_day_totals, which triggers keep).
 */
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import {
  benchServerUrl,
  explain,
  get as fetchGet,
  fmtMs,
  growthSizes,
  rerunUnderPostgresIfNeeded,
  sizeLabel,
  sqlClient,
  step,
  type Timing,
  table,
  timeRequests,
} from './growth-common.ts';
import { growOrders, invoiceCount } from './growth-seed.ts';
import { createDatabase, startShop, visitors } from './http.ts';
import { writeChart } from './svg-chart.ts';

export const ORDER_LIST_CASES = {
  'first page': 'page=1&size=20',
  'page 50': 'page=50&size=20',
  'state paid': 'status=paid',
  store: 'storeId=3',
  'a month': 'startDate=2025-06-01&endDate=2025-06-30',
  unpaid: 'paid=false',
  'order number': 'orderId=4321',
  'by total': 'sort=-total',
} as const;
type ListCase = keyof typeof ORDER_LIST_CASES;

export interface OrdersGrowthResult {
  list: { orders: number; cases: Record<ListCase, Timing> }[];
  report: { invoices: number; orders: number; timing: Timing }[];
  listTargetMs: number;
  reportTargetMs: number;
  plans: string[];
  seconds: number;
  charts: string[];
}

const ADMIN = { email: 'growth-admin@example.com', password: 'Growth-bench-9f3k-Lq2x' };

/** Cookies of a signed-in admin: a visitor's cookies and XSRF token, then the sign-in's. */
async function signIn(url: string): Promise<Record<string, string>> {
  const [visitor] = await visitors(url, 1);
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: visitor!.cookie, 'x-xsrf-token': visitor!.token },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  await res.body?.cancel();
  const jar = new Map(visitor!.cookie.split('; ').map((p) => p.split('=', 2) as [string, string]));
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  }
  return { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), 'accept-encoding': 'gzip, br' };
}

const REPORT_PATH = '/api/reports/sales?from=2025-01-01&to=2025-12-31';

/** The report's main query before the day sums (straight from the invoices), for EXPLAIN. */
const REPORT_INVOICES_SQL = `SELECT i.store_id, o.brand_id, o.model_id, o.case_type_id,
  count(*) FILTER (WHERE i.kind IN ('F1', 'F2'))::int AS orders,
  COALESCE(sum(i.total_cents) FILTER (WHERE i.kind IN ('F1', 'F2')), 0) AS sales_total,
  COALESCE(sum(i.base_cents) FILTER (WHERE i.kind IN ('F1', 'F2')), 0) AS sales_base,
  COALESCE(-sum(i.total_cents) FILTER (WHERE i.kind IN ('R1', 'R5')), 0) AS refund_total,
  COALESCE(-sum(i.base_cents) FILTER (WHERE i.kind IN ('R1', 'R5')), 0) AS refund_base
FROM invoices i JOIN orders o ON o.id = i.order_id
WHERE i.issue_date BETWEEN '2025-01-01'::date AND '2025-12-31'::date AND (NULL::int IS NULL OR i.store_id = NULL::int)
  AND NOT EXISTS (SELECT 1 FROM invoice_annulments a WHERE a.invoice_id = i.id) AND i.kind IN ('F1', 'F2', 'R1', 'R5')
GROUP BY i.store_id, o.brand_id, o.model_id, o.case_type_id`;

/** The report's main query as read-models/sales.ts sends it (the day sums), for EXPLAIN. */
const REPORT_SQL = `SELECT store_id, model_id, case_type_id, sum(sales)::int AS orders,
  sum(sales_total_cents)::bigint AS sales_total, sum(sales_base_cents)::bigint AS sales_base,
  sum(refund_total_cents)::bigint AS refund_total, sum(refund_base_cents)::bigint AS refund_base
FROM invoice_day_totals
WHERE issue_date BETWEEN '2025-01-01'::date AND '2025-12-31'::date AND (NULL::int IS NULL OR store_id = NULL::int)
GROUP BY store_id, model_id, case_type_id
HAVING sum(invoices) > 0`;

/** The year's totals straight from the invoices, as the report defines them (its exactness check). */
const YEAR_FROM_INVOICES_SQL = `SELECT count(*) FILTER (WHERE kind IN ('F1', 'F2'))::int AS orders,
  COALESCE(sum(total_cents) FILTER (WHERE kind IN ('F1', 'F2')), 0)::bigint AS sales,
  COALESCE(-sum(total_cents) FILTER (WHERE kind IN ('R1', 'R5')), 0)::bigint AS refunds
FROM invoices i WHERE issue_date BETWEEN '2025-01-01' AND '2025-12-31'
  AND NOT EXISTS (SELECT 1 FROM invoice_annulments a WHERE a.invoice_id = i.id)`;

/** Throws unless the report's year equals the sums read straight from the invoices. */
async function checkReportExact(sql: pg.Client, body: unknown): Promise<void> {
  const total = (body as { total?: { orders: number; revenue: number; refunds: number } }).total;
  const { rows } = await sql.query<{ orders: number; sales: string; refunds: string }>(
    YEAR_FROM_INVOICES_SQL,
  );
  const direct = {
    orders: rows[0]!.orders,
    sales: Number(rows[0]!.sales),
    refunds: Number(rows[0]!.refunds),
  };
  const got = total && {
    orders: total.orders,
    sales: Math.round(total.revenue * 100),
    refunds: Math.round(total.refunds * 100),
  };
  if (!got || got.orders !== direct.orders || got.sales !== direct.sales || got.refunds !== direct.refunds) {
    throw new Error(
      `the report (${JSON.stringify(got)}) differs from the invoices (${JSON.stringify(direct)})`,
    );
  }
}

/** The default list's count, as modules/orders/staff-service.ts sends it, for EXPLAIN. */
const LIST_COUNT_SQL = `SELECT count(*)::int AS n FROM orders o WHERE NOT (o.status = 'created'
  AND o.customer_name IS NULL AND o.customer_email IS NULL AND o.created_at < now() - interval '1 day')`;

export async function runOrdersGrowthBench(): Promise<OrdersGrowthResult> {
  const started = performance.now();
  const serverUrl = benchServerUrl();
  const reportOnly = process.env.BENCH_GROWTH_ONLY === 'report';
  const orderSizes = reportOnly ? [] : growthSizes([10_000, 100_000, 1_000_000]);
  // The report's sizes are invoices: 95 of every 100 orders leave one (growth-seed.ts).
  const invoiceSizes = growthSizes([10_000, 100_000, 1_000_000]);
  const steps = [
    ...orderSizes.map((n) => ({ orders: n, kind: 'list' as const })),
    ...invoiceSizes.map((n) => ({ orders: Math.ceil((n * 100) / 95) + 20, kind: 'report' as const })),
  ].sort((a, b) => a.orders - b.orders);
  const database = await createDatabase(serverUrl);
  const sql = await sqlClient(database.url);
  const shop = await step('starting the shop (migrations, demo catalogue)', () =>
    startShop({
      databaseUrl: database.url,
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    }),
  );
  const result: OrdersGrowthResult = {
    list: [],
    report: [],
    listTargetMs: 150,
    reportTargetMs: 1000,
    plans: [],
    seconds: 0,
    charts: [],
  };
  try {
    const headers = await signIn(shop.url);
    for (const s of steps) {
      await step(`orders to ${sizeLabel(s.orders)}`, () => growOrders(sql, s.orders));
      if (s.kind === 'list') {
        const cases = {} as Record<ListCase, Timing>;
        for (const [name, query] of Object.entries(ORDER_LIST_CASES) as [ListCase, string][]) {
          cases[name] = await timeRequests(shop.url, [`/api/orders?${query}`], {
            runs: 20,
            warmups: 3,
            headers,
          });
        }
        result.list.push({ orders: s.orders, cases });
        console.info(
          `  list at ${sizeLabel(s.orders)}: first page p95 ${fmtMs(cases['first page'].p95Ms)} ms`,
        );
      } else {
        const invoices = await invoiceCount(sql);
        const timing = await timeRequests(shop.url, [REPORT_PATH], { runs: 10, warmups: 2, headers });
        const body = JSON.parse(
          (await fetchGet(shop.url, REPORT_PATH, { cookie: headers.cookie! })).body.toString(),
        );
        const counted = (body as { total?: { orders?: number } }).total?.orders ?? 0;
        if (counted <= 0) throw new Error('the sales report counted no orders');
        await checkReportExact(sql, body);
        result.report.push({ invoices, orders: s.orders, timing });
        console.info(`  report over ${invoices} invoices: p95 ${fmtMs(timing.p95Ms)} ms`);
      }
    }
    if (process.env.BENCH_GROWTH_PLANS === '1') {
      result.plans.push(`-- order list count\n${await explain(sql, LIST_COUNT_SQL)}`);
      result.plans.push(`-- sales report (day sums)\n${await explain(sql, REPORT_SQL)}`);
      result.plans.push(`-- sales report before the day sums\n${await explain(sql, REPORT_INVOICES_SQL)}`);
    }
  } finally {
    await sql.end();
    await shop.stop();
    await database.drop();
  }
  result.charts = writeOrdersCharts(result);
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

export function writeOrdersCharts(r: OrdersGrowthResult): string[] {
  const names = Object.keys(ORDER_LIST_CASES) as ListCase[];
  // A report-only run (BENCH_GROWTH_ONLY=report) leaves the order list's chart as it was.
  const listChart = () =>
    writeChart('order-list-growth', {
      title: 'Back office order list: p95 by number of orders (PostgreSQL)',
      xLabel: 'orders',
      yLabel: 'p95 (ms)',
      logX: true,
      series: names.map((name) => ({
        name,
        points: r.list.map((p) => ({ x: p.orders, y: p.cases[name].p95Ms })),
      })),
      target: { y: r.listTargetMs, label: `target p95 < ${r.listTargetMs} ms` },
    });
  return [
    ...(r.list.length > 0 ? [listChart()] : []),
    writeChart('sales-report-growth', {
      title: 'Sales report, a year, every store: p95 by number of invoices (PostgreSQL)',
      xLabel: 'invoices',
      yLabel: 'p95 (ms)',
      logX: true,
      series: [
        { name: 'p50', points: r.report.map((p) => ({ x: p.invoices, y: p.timing.p50Ms })) },
        { name: 'p95', points: r.report.map((p) => ({ x: p.invoices, y: p.timing.p95Ms })) },
      ],
      target: { y: r.reportTargetMs, label: `target p95 < ${r.reportTargetMs / 1000} s` },
    }),
  ];
}

export function formatOrdersGrowth(r: OrdersGrowthResult): string {
  const names = Object.keys(ORDER_LIST_CASES) as ListCase[];
  const list = table(
    ['order list p50 / p95 ms', ...r.list.map((p) => `${sizeLabel(p.orders)} orders`)],
    names.map((name) => [
      `${name} (${ORDER_LIST_CASES[name]})`,
      ...r.list.map((p) => `${fmtMs(p.cases[name].p50Ms)} / ${fmtMs(p.cases[name].p95Ms)}`),
    ]),
  );
  const report = table(
    ['sales report (2025, every store)', ...r.report.map((p) => `${p.invoices} invoices`)],
    [
      ['p50 ms', ...r.report.map((p) => fmtMs(p.timing.p50Ms))],
      ['p95 ms', ...r.report.map((p) => fmtMs(p.timing.p95Ms))],
    ],
  );
  const worst = r.list.at(-1);
  const listOk = worst ? Math.max(...names.map((n) => worst.cases[n].p95Ms)) < r.listTargetMs : false;
  const lastReport = r.report.at(-1);
  const reportOk = lastReport ? lastReport.timing.p95Ms < r.reportTargetMs : false;
  const listLines =
    r.list.length > 0
      ? [
          list,
          `target at the largest size: every case p95 < ${r.listTargetMs} ms: ${listOk ? 'OK' : 'MISSED'}`,
          '',
        ]
      : [];
  return [
    ...listLines,
    report,
    `target at the largest size: p95 < ${r.reportTargetMs} ms: ${reportOk ? 'OK' : 'MISSED'}`,
    '',
    ...r.plans,
    `charts: ${r.charts.join(', ')}; ${r.seconds.toFixed(0)} s in all`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  rerunUnderPostgresIfNeeded();
  const r = await runOrdersGrowthBench();
  console.info(formatOrdersGrowth(r));
  process.exit(0);
}
