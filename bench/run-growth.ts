/**
 * The growth curves and the soak for `npm run bench` (bench/run.ts): each bench's own table printed
 * as it is, and one summary row per target for the run's report.
 *
 * - growth: the catalogue at 57 / 1k / 10k models, the order list at 10k / 100k / 1M orders, the
 *   sales report up to 1M invoices, invoice issue with 1k / 100k / 1M records in the chain, print
 *   batches of 20 / 100 / 500 cases, all on PostgreSQL (about 15 minutes on 2 cores, most of it
 *   writing the million rows). Each also writes its charts into docs/performance/.
 * - soak: 30 minutes of mixed traffic (bench/soak.ts); only when asked for by name
 *   (`BENCH_ONLY=soak`), as it alone takes longer than every other bench together.
 */
import { formatCatalogueGrowth, runCatalogueGrowthBench } from './growth-catalogue.ts';
import { formatInvoiceGrowth, runInvoiceGrowthBench } from './growth-invoices.ts';
import { formatOrdersGrowth, runOrdersGrowthBench } from './growth-orders.ts';
import { formatPrintGrowth, runPrintGrowthBench } from './growth-print.ts';
import { formatSoak, runSoakBench } from './soak.ts';

export interface SummaryRow {
  what: string;
  measured: string;
  target: string;
  ok: boolean | null;
}

const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`);
const size = (n: number) =>
  n >= 1e6 ? `${Number((n / 1e6).toFixed(1))}M` : n >= 1000 ? `${Number((n / 1000).toFixed(1))}k` : String(n);

export async function runGrowthBenches(details: Record<string, unknown>): Promise<SummaryRow[]> {
  const rows: SummaryRow[] = [];

  const catalogue = await runCatalogueGrowthBench();
  details.catalogueGrowth = catalogue;
  console.info(formatCatalogueGrowth(catalogue));
  const [small, large] = [catalogue.sizes[0]!, catalogue.sizes.at(-1)!];
  for (const [name, ratio] of Object.entries(catalogue.ratios)) {
    rows.push({
      what: `Catalogue growth: ${name}, ${size(small.models)} -> ${size(large.models)} models`,
      measured: `p50 ${ms(small.cases[name as keyof typeof catalogue.ratios].p50Ms)} -> ${ms(large.cases[name as keyof typeof catalogue.ratios].p50Ms)} (${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(0)} %)`,
      target: `<= +${((catalogue.targetRatio - 1) * 100).toFixed(0)} %`,
      ok: ratio <= catalogue.targetRatio,
    });
  }

  const orders = await runOrdersGrowthBench();
  details.ordersGrowth = orders;
  console.info(formatOrdersGrowth(orders));
  const list = orders.list.at(-1);
  if (list) {
    const [worstCase, worst] = Object.entries(list.cases).sort((a, b) => b[1].p95Ms - a[1].p95Ms)[0]!;
    rows.push({
      what: `Order list and filters, ${size(list.orders)} orders (worst: ${worstCase})`,
      measured: `p95 ${ms(worst.p95Ms)}`,
      target: `p95 < ${orders.listTargetMs} ms`,
      ok: worst.p95Ms < orders.listTargetMs,
    });
  }
  const report = orders.report.at(-1);
  if (report) {
    rows.push({
      what: `Sales report, a year, every store, ${size(report.invoices)} invoices`,
      measured: `p95 ${ms(report.timing.p95Ms)} (p50 ${ms(report.timing.p50Ms)})`,
      target: `p95 < ${ms(orders.reportTargetMs)}`,
      ok: report.timing.p95Ms < orders.reportTargetMs,
    });
  }

  const invoices = await runInvoiceGrowthBench();
  details.invoiceGrowth = invoices;
  console.info(formatInvoiceGrowth(invoices));
  const chain = invoices.points.at(-1)!;
  rows.push({
    what: `Invoice issue, ${size(chain.records)} records in the chain`,
    measured: `p95 ${ms(chain.p95Ms)} (p50 ${ms(chain.p50Ms)}; at ${size(invoices.points[0]!.records)}: p95 ${ms(invoices.points[0]!.p95Ms)})`,
    target: `p95 < ${invoices.targetMs} ms`,
    ok: chain.p95Ms < invoices.targetMs,
  });

  const print = await runPrintGrowthBench();
  details.printGrowth = print;
  console.info(formatPrintGrowth(print));
  const peaks = print.points.map((p) => p.peakRssMb);
  const spread = Math.max(...peaks) - Math.min(...peaks);
  rows.push({
    what: `Print batch of ${print.points.map((p) => p.cases).join(' / ')} cases: peak RSS`,
    measured: `${peaks.map((p) => p.toFixed(0)).join(' / ')} MB (${spread.toFixed(0)} MB apart); ${print.points.map((p) => ms(p.ms)).join(' / ')}`,
    target: 'independent of the batch size (< 100 MB apart)',
    ok: spread < 100,
  });
  return rows;
}

export async function runSoak(details: Record<string, unknown>): Promise<SummaryRow[]> {
  const r = await runSoakBench();
  details.soak = r;
  console.info(formatSoak(r));
  const slope = (series: string) => r.slopes.find((s) => s.series === series);
  const slopes = r.slopes.map((s) => `${s.series} ${s.secondHalf.toFixed(1)}/h`).join(', ');
  return [
    {
      what: `Soak: catalogue vs same-bytes bare, fresh -> after ${r.minutes} min of mixed traffic`,
      measured: `${(r.before.ratio * 100).toFixed(0)} % -> ${(r.after.ratio * 100).toFixed(0)} %, p99 ${r.before.p99Ms} -> ${r.after.p99Ms} ms`,
      target: '>= 70 %, p99 < 25 ms, no decay',
      ok: r.pass,
    },
    {
      what: `Soak: slopes over the second half (${r.requests.toLocaleString('en-US')} requests)`,
      measured: slopes || `${slope('RSS MB')?.secondHalf ?? '-'}`,
      target: 'flat',
      ok: null,
    },
  ];
}
