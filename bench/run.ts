/**
 * `npm run bench`: every benchmark of the performance issue, one table at the end
 * (What | Measured | Target | OK?), and the full results in bench/results/latest.json.
 *
 * Runs, in this order: bundle sizes (bench/bundle.ts), photo ingest (ingest.ts), server memory
 * under a burst of 20 big uploads (upload-memory.ts), print render (print-render.ts), scene print
 * (scene-print.ts: the second editor's designs), editor drag (editor-drag.ts), kiosk hand-off (kiosk.ts), Lighthouse
 * (lighthouse.ts), HTTP on PGlite and PostgreSQL (http.ts), the growth curves on PostgreSQL
 * (run-growth.ts: catalogue, order list, sales report, invoice issue, print batch; charts into
 * docs/performance/). Each is independent: one failing is reported in its row and the others still
 * run. About 25 minutes on 2 cores (the growth curves alone about 15).
 *
 * Needs the build (`npm run build`). PostgreSQL: BENCH_DATABASE_URL (a server where the bench may
 * create and drop databases); without it this script re-runs itself under bench/with-postgres.sh,
 * which starts a throwaway local cluster (BENCH_POSTGRES=0 skips the PostgreSQL cases instead).
 *
 *   npm run bench
 *   BENCH_ONLY=http,bundle npm run bench          (bundle ingest uploads print scene-print invoices aftersales editor kiosk lighthouse http growth soak)
 *   BENCH_ONLY=soak npm run bench                 (the 30-minute soak: never part of a run that does not name it)
 *   BENCH_HTTP_SECONDS=5 BENCH_LH_RUNS=1 npm run bench   (quicker, noisier)
 *
 * Timings vary with the machine and what else runs on it: the load average before and after is
 * recorded, HTTP figures are ratios against a bare server measured in the same run, and nothing
 * here fails a build (the bundle budget, which is deterministic, is a test: e2e/bundle-budget.test.ts).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from '../e2e/support/browser.ts';
import { runAfterSalesBench } from './after-sales.ts';
import { BUNDLE_BUDGETS, formatBundleReport, kb, measureBundle } from './bundle.ts';
import { formatHttpTable, type HttpCaseResult, runHttpBench } from './http.ts';
import { runIngestBench } from './ingest.ts';
import { runInvoiceBench } from './invoices.ts';
import { formatKiosk, runKioskBench } from './kiosk.ts';
import { formatLighthouseTable, LIGHTHOUSE_TARGETS, runLighthouseBench } from './lighthouse.ts';
import { runPrintBench } from './print-render.ts';
import { runGrowthBenches, runSoak } from './run-growth.ts';
import { formatScenePrintBench, runScenePrintBench } from './scene-print.ts';
import { formatUploadMemory, runUploadMemoryBench } from './upload-memory.ts';

const repoRoot = join(import.meta.dirname, '..');
const STEPS = [
  'bundle',
  'ingest',
  'uploads',
  'print',
  'scene-print',
  'invoices',
  'aftersales',
  'editor',
  'kiosk',
  'lighthouse',
  'http',
  'growth',
  'soak',
] as const;
type Step = (typeof STEPS)[number];

const only = process.env.BENCH_ONLY?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
// The soak (30 minutes) runs only when named: BENCH_ONLY=soak.
const wanted = (step: Step) => (only?.length ? only.includes(step) : step !== 'soak');

// PostgreSQL for the HTTP bench: a throwaway cluster unless one is given or PostgreSQL is skipped.
if (
  (wanted('http') || wanted('growth')) &&
  !process.env.BENCH_DATABASE_URL &&
  process.env.BENCH_POSTGRES !== '0' &&
  process.env.BENCH_WRAPPED !== '1'
) {
  console.info('BENCH_DATABASE_URL is not set: starting a throwaway PostgreSQL (bench/with-postgres.sh)');
  const child = spawnSync(
    'bash',
    [join(repoRoot, 'bench', 'with-postgres.sh'), process.execPath, ...process.execArgv, process.argv[1]!],
    { stdio: 'inherit', env: { ...process.env, BENCH_WRAPPED: '1' } },
  );
  if (child.status !== 0 && child.status !== null) {
    console.error('(if PostgreSQL cannot be set up here, BENCH_POSTGRES=0 npm run bench skips its cases)');
  }
  process.exit(child.status ?? 1);
}

interface Row {
  what: string;
  measured: string;
  target: string;
  ok: boolean | null;
}

const rows: Row[] = [];
const details: Record<string, unknown> = {};
const errors: string[] = [];
const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const int = (n: number) => Math.round(n).toLocaleString('en-US');

async function step(name: Step, fn: () => Promise<void>): Promise<void> {
  if (!wanted(name)) return;
  const started = performance.now();
  console.info(`\n=== ${name} ===`);
  try {
    await fn();
  } catch (err) {
    const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
    errors.push(`${name}: ${message}`);
    console.error(`${name} failed: ${message}`);
    rows.push({ what: name, measured: `error: ${String(err).split('\n')[0]}`, target: '', ok: false });
  }
  console.info(`(${name}: ${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

// Debian's Chromium (browser benches) and heif-enc (the ingest bench's HEIC photo): installed here
// when missing, as `npm test` installs what it needs.
const tools = { chromium: chromiumPath, heifEnc: '/usr/bin/heif-enc' };
if (
  ((['editor', 'kiosk', 'lighthouse'] as const).some(wanted) && !existsSync(tools.chromium)) ||
  (wanted('ingest') && !existsSync(tools.heifEnc))
) {
  const r = spawnSync('bash', [join(repoRoot, 'scripts', 'ensure-bench-tools.sh')], { stdio: 'inherit' });
  if (r.status !== 0)
    console.error('could not install Chromium / heif-enc: the benches that need them will say so');
}

const loadBefore = loadavg();
const startedAt = new Date();

await step('invoices', async () => {
  const r = await runInvoiceBench();
  details.invoices = r;
  rows.push({
    what: `Invoice issue (PDF + VERI*FACTU record), p95 of ${r.issue.runs}`,
    measured: `${r.issue.p95Ms.toFixed(0)} ms (p50 ${r.issue.p50Ms.toFixed(0)} ms)`,
    target: `<= ${r.issue.targetMs} ms`,
    ok: r.issue.p95Ms <= r.issue.targetMs,
  });
  rows.push({
    what: 'VERI*FACTU batch of 1,000 records: build + xmllint',
    measured: `${r.batch.totalMs.toFixed(0)} ms (build ${r.batch.buildMs.toFixed(0)}, validate ${r.batch.validateMs.toFixed(0)})`,
    target: `<= ${r.batch.targetMs} ms`,
    ok: r.batch.totalMs <= r.batch.targetMs,
  });
});

await step('bundle', async () => {
  const r = measureBundle();
  details.bundle = r;
  console.info(formatBundleReport(r));
  rows.push({
    what: 'JS: landing (entry + static imports, gzip -9)',
    measured: kb(r.landing.gzip),
    target: `<= ${BUNDLE_BUDGETS.landingKB} KB`,
    ok: r.landing.gzip <= BUNDLE_BUDGETS.landingKB * 1000,
  });
  rows.push({
    what: 'JS: editor route adds (gzip -9)',
    measured: kb(r.editor.gzip),
    target: `<= ${BUNDLE_BUDGETS.editorKB} KB`,
    ok: r.editor.gzip <= BUNDLE_BUDGETS.editorKB * 1000,
  });
  rows.push({
    what: 'JS: back office',
    measured: `${r.admin.lazy ? 'lazy' : 'NOT lazy'}, in ${r.admin.leaks.length} of ${r.admin.customerChunks} customer chunks`,
    target: 'never loaded by customers',
    ok: r.admin.lazy && r.admin.leaks.length === 0,
  });
});

await step('ingest', async () => {
  const r = await runIngestBench({ runs: Number(process.env.BENCH_RUNS ?? 5) });
  details.ingest = r;
  for (const c of r.rows) {
    rows.push({
      what: `Photo ingest: ${c.case}`,
      measured: `${fmtMs(c.medianMs)} (CPU ${fmtMs(c.medianCpuMs)}), peak RSS +${c.peakRssGrowthMB.toFixed(0)} MB`,
      target: `<= ${fmtMs(c.targetMs)}${c.targetRssMB ? `, < ${c.targetRssMB} MB` : ''}`,
      ok: c.pass,
    });
  }
  for (const n of r.notes) rows.push({ what: 'Photo ingest', measured: n, target: '', ok: null });
});

await step('uploads', async () => {
  const r = await runUploadMemoryBench();
  details.uploads = r;
  console.info(formatUploadMemory(r));
  rows.push({
    what: `Upload burst: ${r.uploads} x ${(r.photoBytes / 2 ** 20).toFixed(0)} MB photos at once`,
    measured: `peak RSS +${r.growthMB} MB (idle ${r.idleRssMB}, peak ${r.peakRssMB}); ${Object.entries(
      r.statuses,
    )
      .map(([s, n]) => `${n} x ${s}`)
      .join(', ')}`,
    target: `< ${r.targetGrowthMB} MB above idle, all 201`,
    ok: r.pass,
  });
});

await step('print', async () => {
  const r = await runPrintBench();
  details.print = r;
  for (const c of r.rows) {
    rows.push({
      what: `Print render ${r.dpi} DPI from ${c.source}`,
      measured: `${fmtMs(c.medianMs)} (${c.outputWidthPx}x${c.outputHeightPx})`,
      target: `< ${fmtMs(c.targetMs)}`,
      ok: c.pass,
    });
  }
});

await step('scene-print', async () => {
  const r = await runScenePrintBench();
  details.scenePrint = r;
  console.info(formatScenePrintBench(r));
  rows.push({
    what: `Scene print ${r.dpi} DPI: grid of 4 x 12 MP photos with filters, 3 texts, 5 stickers`,
    measured: `p95 ${fmtMs(r.p95Ms)} (p50 ${fmtMs(r.p50Ms)}), peak RSS ${int(r.peakRssMB)} MB`,
    target: `<= ${fmtMs(r.budget.p95Ms)}, < ${r.budget.peakRssMB} MB`,
    ok: r.pass,
  });
  // Over its budget, the run says so in its exit status too (bench/scene-print.ts does the same).
  if (!r.pass) process.exitCode = 1;
});

await step('aftersales', async () => {
  const r = await runAfterSalesBench();
  details.afterSales = r;
  const b = r.batch;
  rows.push({
    what: `Print batch: ${b.cases} cases on A4 (${b.sheets} sheets), print files rendered first (${b.database})`,
    measured: `${fmtMs(b.coldMs)}, peak ${int(b.coldPeakRssMb)} MB (batch +${int(b.coldBatchRssMb)} MB)`,
    target: `<= ${fmtMs(b.targetMs)}, < ${b.targetMb} MB`,
    ok: b.coldMs <= b.targetMs && b.coldPeakRssMb < b.targetMb,
  });
  rows.push({
    what: `Print batch: ${b.cases} cases on A4, print files already made (${b.database})`,
    measured: `${fmtMs(b.warmMs)}, peak ${int(b.warmPeakRssMb)} MB`,
    target: `<= ${fmtMs(b.targetMs)}, < ${b.targetMb} MB`,
    ok: b.warmMs <= b.targetMs && b.warmPeakRssMb < b.targetMb,
  });
  if (r.report) {
    rows.push({
      what: `Sales report, ${int(r.report.orders)} invoiced orders, a year, all stores (PostgreSQL)`,
      measured: `p95 ${fmtMs(r.report.p95Ms)} (p50 ${fmtMs(r.report.p50Ms)})`,
      target: `<= ${r.report.targetMs} ms`,
      ok: r.report.p95Ms <= r.report.targetMs,
    });
  }
  for (const n of r.notes) rows.push({ what: 'After the order', measured: n, target: '', ok: null });
});

await step('editor', async () => {
  let mod: typeof import('./editor-drag.ts');
  try {
    mod = await import('./editor-drag.ts');
  } catch (err) {
    rows.push({
      what: 'Editor drag, 48 MP photo, 4x CPU slowdown',
      measured: `not measured: bench/editor-drag.ts cannot be loaded (${String(err).split('\n')[0]})`,
      target: '< 8 ms per draw',
      ok: null,
    });
    return;
  }
  const r = await mod.runEditorDragBench();
  details.editorDrag = r;
  console.info(mod.formatEditorDragBench(r));
  for (const x of r.rows) {
    rows.push({
      what: `Editor drag, ${x.design === 'scene' ? '2x2 scene (4 photos, 3 texts, 5 stickers)' : '48 MP photo'}, ${r.cpuSlowdown}x CPU slowdown, ${x.viewport} (dpr ${x.devicePixelRatio})`,
      measured: `draw median ${x.drawMedianMs.toFixed(1)} ms, p95 ${x.drawP95Ms.toFixed(1)} ms (${x.draws} draws)`,
      target: `< ${r.targetMs} ms per draw`,
      ok: x.pass,
    });
  }
});

await step('kiosk', async () => {
  const r = await runKioskBench();
  details.kiosk = r;
  console.info(formatKiosk(r));
  rows.push({
    what: 'Kiosk: phone upload -> kiosk on editor',
    measured: `${fmtMs(r.medianHandoffMs)} median (worst ${fmtMs(r.worstHandoffMs)}); upload itself ${fmtMs(r.medianUploadMs)}`,
    target: `< ${fmtMs(r.targetMs)}`,
    ok: r.medianHandoffMs < r.targetMs,
  });
  rows.push({
    what: 'Kiosk: tap on "Añadir imagen" -> QR code shown',
    measured: `${fmtMs(r.medianQrMs)} median`,
    target: `< ${fmtMs(r.qrTargetMs)}`,
    ok: r.medianQrMs < r.qrTargetMs,
  });
});

await step('lighthouse', async () => {
  const r = await runLighthouseBench();
  details.lighthouse = r;
  console.info(formatLighthouseTable(r));
  const t = LIGHTHOUSE_TARGETS;
  for (const p of r.pages) {
    rows.push({
      what: `Lighthouse mobile: ${p.name} (${p.path})`,
      measured:
        `perf ${p.performance}, a11y ${p.accessibility}, BP ${p.bestPractices}, SEO ${p.seo}, ` +
        `LCP ${fmtMs(p.lcpMs)}, TBT ${p.tbtMs.toFixed(0)} ms, CLS ${p.cls.toFixed(3)}, ${p.transferKB.toFixed(0)} KB`,
      target:
        `>= ${t.performance}/${t.accessibility}/${t.bestPractices}/${t.seo}, LCP < ${fmtMs(t.lcpMs)}, ` +
        `TBT < ${t.tbtMs} ms, CLS < ${t.cls}${p.maxTransferKB === null ? '' : `, <= ${p.maxTransferKB} KB`}`,
      ok: p.pass,
    });
  }
});

await step('http', async () => {
  const r = await runHttpBench({ seconds: Number(process.env.BENCH_HTTP_SECONDS ?? 8) });
  details.http = r;
  console.info(formatHttpTable(r));
  const describe = (c: HttpCaseResult) =>
    c.name === 'catalogue'
      ? `${int(c.rps)} req/s = ${(c.ratio * 100).toFixed(0)}% of bare (${int(c.bareRps)}), p99 ${c.p99Ms} ms`
      : `${int(c.rps)} orders/s (${(c.ratio * 100).toFixed(1)}% of bare), p99 ${c.p99Ms} ms, non-2xx ${c.non2xx}`;
  for (const c of r.cases) rows.push({ what: c.what, measured: describe(c), target: c.target, ok: c.pass });
  for (const n of r.notes) rows.push({ what: 'HTTP', measured: n, target: '', ok: null });
});

await step('growth', async () => {
  rows.push(...(await runGrowthBenches(details)));
});

await step('soak', async () => {
  rows.push(...(await runSoak(details)));
});

// ------------------------------------------------------------------------------------------------
// Report
// ------------------------------------------------------------------------------------------------

const git = (args: string[]) => {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
};
const machine = {
  date: startedAt.toISOString(),
  commit: git(['rev-parse', '--short', 'HEAD']),
  uncommittedChanges: git(['status', '--porcelain']).split('\n').filter(Boolean).length,
  node: process.version,
  cores: availableParallelism(),
  cpu: cpus()[0]?.model ?? 'unknown',
  memoryGB: Math.round(totalmem() / 2 ** 30),
  loadBefore,
  loadAfter: loadavg(),
  durationS: Math.round((Date.now() - startedAt.getTime()) / 1000),
};

const header = ['What', 'Measured', 'Target', 'OK?'];
const cells = rows.map((r) => [r.what, r.measured, r.target, r.ok === null ? '-' : r.ok ? 'yes' : 'NO']);
const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i]!)).join(' | ')} |`;
const table = [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join(
  '\n',
);

mkdirSync(join(repoRoot, 'bench', 'results'), { recursive: true });
const out = join(repoRoot, 'bench', 'results', 'latest.json');
writeFileSync(out, `${JSON.stringify({ machine, rows, details, errors }, null, 2)}\n`);

console.info(
  `\n${machine.date}, commit ${machine.commit}${machine.uncommittedChanges ? ` (+${machine.uncommittedChanges} uncommitted files)` : ''}, ` +
    `node ${machine.node}, ${machine.cores} cores (${machine.cpu}), load ${machine.loadBefore.map((l) => l.toFixed(1)).join(' ')} -> ` +
    `${machine.loadAfter.map((l) => l.toFixed(1)).join(' ')}, ${machine.durationS} s`,
);
console.info(table);
console.info(`\nfull results: ${out}`);
if (errors.length) {
  console.error(`${errors.length} bench(es) failed to run: ${errors.map((e) => e.split(':')[0]).join(', ')}`);
  process.exitCode = 1;
}
