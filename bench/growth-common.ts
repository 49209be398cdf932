/**
 * What the growth benches share: timed HTTP requests, percentiles, a table and the database of a
 * run. A growth curve compares what one request costs at each size, so requests are timed one
 * after the other on a keep-alive connection: with several in flight on a 2-core machine that also
 * runs the load generator and PostgreSQL, the figures would mostly show queueing.
 */
import { spawnSync } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';

export interface Timing {
  /** Requests timed (after the warm-ups). */
  n: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** One connection, one request at a time: 1000 / mean. */
  rps: number;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function summarise(times: number[]): Timing {
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return {
    n: times.length,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    p99Ms: percentile(times, 99),
    rps: 1000 / mean,
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One GET, its body read to the end; the status is checked against `ok`. */
export function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, base), { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Times `runs` requests after `warmups`, cycling through `paths` (a function: a new path each
 * time, e.g. to miss a cache on purpose). Any status but 200 (or 304 when allowed) is an error.
 */
export async function timeRequests(
  base: string,
  paths: string[] | ((i: number) => string),
  opts: { runs: number; warmups?: number; headers?: Record<string, string> },
): Promise<Timing> {
  const pathOf = typeof paths === 'function' ? paths : (i: number) => paths[i % paths.length]!;
  const times: number[] = [];
  const warmups = opts.warmups ?? 0;
  for (let i = 0; i < warmups + opts.runs; i++) {
    const path = pathOf(i);
    const start = performance.now();
    const res = await get(base, path, opts.headers);
    const ms = performance.now() - start;
    if (res.status !== 200)
      throw new Error(`GET ${path}: ${res.status} ${res.body.toString().slice(0, 300)}`);
    if (i >= warmups) times.push(ms);
  }
  return summarise(times);
}

/** Times an async call (no HTTP): `runs` after `warmups`. */
export async function timeCalls(fn: () => Promise<unknown>, runs: number, warmups = 2): Promise<Timing> {
  const times: number[] = [];
  for (let i = 0; i < warmups + runs; i++) {
    const start = performance.now();
    await fn();
    if (i >= warmups) times.push(performance.now() - start);
  }
  return summarise(times);
}

export const fmtMs = (ms: number) => (Number.isFinite(ms) ? (ms < 10 ? ms.toFixed(2) : ms.toFixed(1)) : '-');

/** 57, 1k, 10k, 100k, 1M. */
export const sizeLabel = (n: number) =>
  n >= 1e6 && n % 1e6 === 0 ? `${n / 1e6}M` : n >= 1e3 && n % 1e3 === 0 ? `${n / 1e3}k` : String(n);

/** A plain text table, columns padded to their widest cell; the first column left-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The largest size to reach (BENCH_GROWTH_MAX), so that a quick run stops early. */
export function growthSizes(all: number[]): number[] {
  const max = Number(process.env.BENCH_GROWTH_MAX ?? Number.POSITIVE_INFINITY);
  const sizes = all.filter((n) => n <= max);
  return sizes.length ? sizes : all.slice(0, 1);
}

/** The server URL of the run (BENCH_DATABASE_URL), or a clear error. */
export function benchServerUrl(): string {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    throw new Error(
      'BENCH_DATABASE_URL is not set: give a PostgreSQL server the bench may create databases on, ' +
        'or run it under bash bench/with-postgres.sh',
    );
  }
  return url;
}

/**
 * Run on its own without BENCH_DATABASE_URL: the same command again under bench/with-postgres.sh
 * (a throwaway PostgreSQL cluster), and this process exits with its status.
 */
export function rerunUnderPostgresIfNeeded(): void {
  if (process.env.BENCH_DATABASE_URL || process.env.BENCH_WRAPPED === '1') return;
  console.info('BENCH_DATABASE_URL is not set: starting a throwaway PostgreSQL (bench/with-postgres.sh)');
  const script = join(import.meta.dirname, 'with-postgres.sh');
  const child = spawnSync('bash', [script, process.execPath, ...process.execArgv, process.argv[1]!], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_WRAPPED: '1' },
  });
  process.exit(child.status ?? 1);
}

/** A pg client on `url` for seeding and plans (closed by the caller). */
export async function sqlClient(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

/** The plan of a query as EXPLAIN (ANALYZE, BUFFERS) prints it. */
export async function explain(c: pg.Client, sql: string, params: unknown[] = []): Promise<string> {
  const { rows } = await c.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** Progress of a long step, with its time. */
export async function step<T>(what: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  process.stderr.write(`  ${what}...`);
  const out = await fn();
  process.stderr.write(` ${((performance.now() - start) / 1000).toFixed(1)} s\n`);
  return out;
}
