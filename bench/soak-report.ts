/**
 * The soak bench's results: their types, the least-squares slopes, the printed report and the
 * charts (docs/performance/soak-memory.svg, soak-latency.svg).
 */
import type { JourneyKind } from './soak-traffic.ts';
import { writeChart } from './svg-chart.ts';

export interface SoakSample {
  minute: number;
  rssMb: number;
  heapUsedMb: number;
  lagMaxMs: number;
  lagP99Ms: number;
  /** Server CPU share over the minute (1 = one core). */
  cpu: number;
  requests: number;
  catalogueP50Ms: number;
  catalogueP99Ms: number;
  allP99Ms: number;
}

export interface CatalogueMeasure {
  ratio: number;
  p99Ms: number;
  rps: number;
  bareRps: number;
  serverCpuUsPerReq: number | null;
  /** The bare server's, in the same rounds: what the machine does to CPU time per request now. */
  bareCpuUsPerReq: number;
  non2xx: number;
  errors: number;
}

export interface SoakResult {
  database: 'pglite' | 'postgres';
  minutes: number;
  visitors: number;
  thinkMs: number;
  cores: number;
  loadBefore: number[];
  loadAfter: number[];
  before: CatalogueMeasure;
  after: CatalogueMeasure;
  samples: SoakSample[];
  /** Per hour: RSS and heap in MB, lag in ms; over all samples and over the second half. */
  slopes: { series: string; all: number; secondHalf: number }[];
  journeys: { kind: JourneyKind; done: number; failed: number }[];
  failures: { kind: string; status: string; count: number }[];
  requests: number;
  charts: string[];
  pass: boolean;
}

/** Least-squares slope of y over x (minutes), per hour. */
export function slopePerHour(points: { x: number; y: number }[]): number {
  const ps = points.filter((p) => Number.isFinite(p.y));
  if (ps.length < 2) return Number.NaN;
  const mx = ps.reduce((s, p) => s + p.x, 0) / ps.length;
  const my = ps.reduce((s, p) => s + p.y, 0) / ps.length;
  const sxx = ps.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  const sxy = ps.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  return sxx ? (sxy / sxx) * 60 : Number.NaN;
}

/** The memory and the latency chart; returns their paths. */
export function writeSoakCharts(database: string, visitors: number, samples: SoakSample[]): string[] {
  const points = (f: (s: SoakSample) => number) => samples.map((s) => ({ x: s.minute, y: f(s) }));
  const title = `${database === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${visitors} visitors`;
  return [
    writeChart('soak-memory', {
      title: `Server memory under mixed traffic (${title})`,
      xLabel: 'minutes of uptime',
      yLabel: 'MB',
      series: [
        { name: 'RSS', points: points((s) => s.rssMb) },
        { name: 'heap used', points: points((s) => s.heapUsedMb) },
      ],
    }),
    writeChart('soak-latency', {
      title: `Event-loop lag and catalogue latency (${title})`,
      xLabel: 'minutes of uptime',
      yLabel: 'ms',
      series: [
        { name: 'event-loop lag p99', points: points((s) => s.lagP99Ms) },
        { name: 'event-loop lag max', points: points((s) => s.lagMaxMs) },
        { name: 'catalogue p99 (mixed traffic)', points: points((s) => s.catalogueP99Ms) },
      ],
      target: { y: 25, label: '25 ms' },
    }),
  ];
}

export function formatSoak(r: SoakResult): string {
  const f = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');
  const pct = (n: number) => `${(n * 100).toFixed(0)}%`;
  const cat = (c: CatalogueMeasure) =>
    `${f(c.rps)}/s = ${pct(c.ratio)} of bare (${f(c.bareRps)}/s), p99 ${c.p99Ms} ms, ` +
    `${c.serverCpuUsPerReq === null ? '?' : f(c.serverCpuUsPerReq)} us CPU/req (bare ${f(c.bareCpuUsPerReq)}), ` +
    `non-2xx ${c.non2xx}, errors ${c.errors}`;
  const head = [
    'min',
    'RSS MB',
    'heap MB',
    'lag p99',
    'lag max',
    'CPU',
    'requests',
    'cat p50',
    'cat p99',
    'all p99',
  ];
  const rows = r.samples.map((s) => [
    String(s.minute),
    f(s.rssMb),
    f(s.heapUsedMb, 1),
    f(s.lagP99Ms, 1),
    f(s.lagMaxMs),
    pct(s.cpu),
    String(s.requests),
    f(s.catalogueP50Ms, 1),
    f(s.catalogueP99Ms, 1),
    f(s.allP99Ms),
  ]);
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((x) => x[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padStart(w[i]!)).join(' | ')} |`;
  return [
    `Soak: ${r.minutes} min of mixed traffic, ${r.visitors} visitors at once (pause ~${r.thinkMs} ms), ` +
      `${r.database}, development mode; ${r.cores} cores, load ${r.loadBefore.map((x) => x.toFixed(1)).join(' ')} -> ` +
      `${r.loadAfter.map((x) => x.toFixed(1)).join(' ')}`,
    line(head),
    `|${w.map((x) => '-'.repeat(x + 2)).join('|')}|`,
    ...rows.map(line),
    'Slopes (least squares, per hour): whole run / second half',
    ...r.slopes.map((s) => `  ${s.series}: ${f(s.all, 1)} / ${f(s.secondHalf, 1)}`),
    `Catalogue before: ${cat(r.before)}`,
    `Catalogue after:  ${cat(r.after)}`,
    `Mixed traffic: ${r.requests} requests; journeys ${r.journeys.map((j) => `${j.kind} ${j.done} ok, ${j.failed} failed`).join('; ')}`,
    r.failures.length
      ? `Not 2xx/3xx: ${r.failures.map((x) => `${x.kind} ${x.status} x${x.count}`).join('; ')}`
      : 'Not 2xx/3xx: none',
    ...r.charts.map((c) => `chart: ${c}`),
    `Target: after >= 70% of bare, p99 < 25 ms, no decay (after >= 95% of before), no failed request: ${r.pass ? 'yes' : 'NO'}`,
  ].join('\n');
}
