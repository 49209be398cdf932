/**
 * Soak bench: does the running shop get slower or bigger as it works? The built shop as
 * `npm start` runs it (development mode, PGlite, demo catalogue), then:
 *
 * 1. the catalogue ratio of bench/http.ts, fresh: `GET /api/models?store&brand&page=1&size=20`
 *    with browser cookies and Accept-Encoding, 50 connections, against a bare node:http server
 *    answering the same status, headers and body bytes, paired rounds, median ratio and p99;
 * 2. BENCH_SOAK_MINUTES (default 30) of mixed traffic at a moderate rate (bench/soak-traffic.ts:
 *    browsing, orders paid at the store and through the Redsys simulator, photo uploads, staff
 *    screens), sampling every minute the server's RSS, heap used and event-loop lag (max and p99
 *    over the minute) from its `GET /metrics`, and the traffic's own catalogue latency;
 * 3. the same catalogue ratio again, on the worked shop, against the same bare server.
 *
 * It prints a line a minute, then the table, each series' least-squares slope per hour (over the
 * whole run and over its second half, after the warm-up), the ratio and p99 before and after, and
 * every non-2xx answer of the mixed traffic by request kind. Charts: docs/performance/
 * soak-memory.svg and soak-latency.svg.
 *
 *   node --import tsx bench/soak.ts                                 (about 32 minutes)
 *   BENCH_SOAK_MINUTES=8 BENCH_SOAK_VISITORS=30 node --import tsx bench/soak.ts
 *   BENCH_SOAK_DATABASE=postgres BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/soak.ts
 *   BENCH_CPU_PROF=/tmp/prof node --experimental-websocket --import tsx bench/soak.ts
 *     (CPU profiles of the catalogue read, fresh and worked, and heap snapshots at both points)
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../e2e/support/server.ts';
import {
  BROWSER_HEADERS,
  type Child,
  createDatabase,
  type LoadRun,
  load,
  rawResponse,
  startSameBytes,
  startShop,
  visitors,
} from './http.ts';

export { formatSoak, type SoakResult } from './soak-report.ts';

import { Inspector } from './soak-inspect.ts';
import {
  type CatalogueMeasure,
  formatSoak,
  type SoakResult,
  type SoakSample,
  slopePerHour,
  writeSoakCharts,
} from './soak-report.ts';
import { startTraffic, Tally } from './soak-traffic.ts';

export interface SoakOptions {
  minutes?: number;
  /** Journeys at once, and the mean pause between a journey's requests. */
  visitors?: number;
  thinkMs?: number;
  database?: 'pglite' | 'postgres';
  databaseUrl?: string | null;
  /** Rounds and seconds of each catalogue measurement. */
  rounds?: number;
  seconds?: number;
  /** Seconds between samples (60 = a minute; shorter only to try the bench). */
  sampleSeconds?: number;
  cpuProfDir?: string | undefined;
  charts?: boolean;
  log?: (line: string) => void;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Prometheus text: the first value of each metric name. */
function parseMetrics(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{[^}]*\})?\s+(\S+)/.exec(line);
    if (m && !out.has(m[1]!)) out.set(m[1]!, Number(m[2]));
  }
  return out;
}

const cpuSeconds = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};

export async function runSoakBench(options: SoakOptions = {}): Promise<SoakResult> {
  const env = process.env;
  const minutes = options.minutes ?? Number(env.BENCH_SOAK_MINUTES ?? 30);
  const visitorCount = options.visitors ?? Number(env.BENCH_SOAK_VISITORS ?? 12);
  const thinkMs = options.thinkMs ?? Number(env.BENCH_SOAK_THINK_MS ?? 400);
  const database = options.database ?? (env.BENCH_SOAK_DATABASE === 'postgres' ? 'postgres' : 'pglite');
  const databaseUrl = options.databaseUrl ?? env.BENCH_DATABASE_URL ?? null;
  const rounds = options.rounds ?? Number(env.BENCH_SOAK_ROUNDS ?? 3);
  const seconds = options.seconds ?? Number(env.BENCH_SOAK_SECONDS ?? 10);
  const sampleSeconds = options.sampleSeconds ?? Number(env.BENCH_SOAK_SAMPLE_SECONDS ?? 60);
  const cpuProfDir = options.cpuProfDir ?? env.BENCH_CPU_PROF;
  const log = options.log ?? ((line: string) => console.info(line));
  if (database === 'postgres' && !databaseUrl) {
    throw new Error(
      'BENCH_SOAK_DATABASE=postgres needs BENCH_DATABASE_URL (a server to create a database on)',
    );
  }
  const loadBefore = loadavg();
  const metricsToken = randomBytes(24).toString('base64url');
  const staff = { email: 'soak@example.com', password: randomBytes(12).toString('base64url') };
  const inspectPort = cpuProfDir ? await freePort() : 0;
  if (cpuProfDir) mkdirSync(cpuProfDir, { recursive: true });
  const db = database === 'postgres' ? await createDatabase(databaseUrl!) : null;
  const cleanups: (() => Promise<void>)[] = [async () => db?.drop()];
  try {
    const shop: Child = await startShop({
      production: false,
      databaseUrl: db?.url,
      env: {
        METRICS_TOKEN: metricsToken,
        ADMIN_EMAIL: staff.email,
        ADMIN_PASSWORD: staff.password,
        ...(cpuProfDir ? { NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}` } : {}),
      },
    });
    cleanups.unshift(shop.stop);
    const inspector = cpuProfDir ? await Inspector.connect(inspectPort) : null;
    if (inspector) cleanups.unshift(async () => inspector.close());

    const storeId = 1;
    const brands = (await (await fetch(`${shop.url}/api/brands?store=${storeId}`)).json()) as {
      id: number;
    }[];
    if (!brands.length) throw new Error('the demo catalogue has no brands for store 1');
    const paths = brands.map((b) => `/api/models?store=${storeId}&brand=${b.id}&page=1&size=20`);
    const people = await visitors(shop.url, 50);
    const response = await rawResponse(shop.url + paths[0]!, {
      ...BROWSER_HEADERS,
      cookie: people[0]!.cookie,
    });
    const bare = await startSameBytes(response);
    cleanups.unshift(bare.stop);
    log(`soak: shop ${shop.url} (${database}, development), same-bytes bare server ${bare.url}`);

    const catalogue = async (phase: 'fresh' | 'worked'): Promise<CatalogueMeasure> => {
      const shopSpec = {
        url: shop.url,
        pid: shop.pid,
        counted: (s: number) => s >= 200 && s < 300,
        paths,
        headers: BROWSER_HEADERS,
        headersFor: (i: number) => ({ cookie: people[i % people.length]!.cookie }),
      };
      const bareSpec = { url: bare.url, pid: bare.pid, counted: (s: number) => s === 200 };
      await load({ ...bareSpec, seconds: 3, connections: 50 });
      await load({ ...shopSpec, seconds: 3, connections: 50 });
      if (inspector) await inspector.startProfile();
      const rs: { b: LoadRun; s: LoadRun }[] = [];
      for (let r = 1; r <= rounds; r++) {
        const b = await load({ ...bareSpec, seconds, connections: 50 });
        const s = await load({ ...shopSpec, seconds, connections: 50 });
        rs.push({ b, s });
        log(
          `  catalogue (${phase}) round ${r}: shop ${s.rps.toFixed(0)}/s, bare ${b.rps.toFixed(0)}/s ` +
            `= ${((s.rps / b.rps) * 100).toFixed(0)}%, p99 ${s.p99Ms} ms, ` +
            `${s.serverCpuUsPerReq?.toFixed(0) ?? '?'} us CPU/req (bare ${b.serverCpuUsPerReq?.toFixed(0) ?? '?'}), ` +
            `non-2xx ${s.non2xx}`,
        );
      }
      if (inspector) {
        await inspector.stopProfile(join(cpuProfDir!, `soak-catalogue-${phase}.cpuprofile`));
        await inspector.heapSnapshot(join(cpuProfDir!, `soak-${phase}.heapsnapshot`));
        log(`  profile and heap snapshot written to ${cpuProfDir}`);
      }
      const cpu = rs.map((x) => x.s.serverCpuUsPerReq).filter((x): x is number => x !== null);
      return {
        ratio: median(rs.map((x) => x.s.rps / x.b.rps)),
        p99Ms: median(rs.map((x) => x.s.p99Ms)),
        rps: median(rs.map((x) => x.s.rps)),
        bareRps: median(rs.map((x) => x.b.rps)),
        serverCpuUsPerReq: cpu.length ? median(cpu) : null,
        bareCpuUsPerReq: median(rs.map((x) => x.b.serverCpuUsPerReq ?? Number.NaN)),
        non2xx: rs.reduce((n, x) => n + x.s.non2xx, 0),
        errors: rs.reduce((n, x) => n + x.s.errors, 0),
      };
    };

    const before = await catalogue('fresh');
    const tally = new Tally();
    const samples: SoakSample[] = [];
    let lastCpu = cpuSeconds(shop.pid);
    let lastAt = performance.now();
    const sample = async (minute: number) => {
      try {
        process.kill(shop.pid, 0);
      } catch {
        throw new Error(`the shop server exited during the soak:\n${shop.output?.() ?? ''}`);
      }
      const res = await fetch(`${shop.url}/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      if (!res.ok) throw new Error(`GET /metrics answered ${res.status}`);
      const m = parseMetrics(await res.text());
      const cpuNow = cpuSeconds(shop.pid);
      const now = performance.now();
      const t = tally.takeMinute();
      const s: SoakSample = {
        minute,
        rssMb: (m.get('process_resident_memory_bytes') ?? Number.NaN) / 2 ** 20,
        heapUsedMb: (m.get('nodejs_heap_size_used_bytes') ?? Number.NaN) / 2 ** 20,
        lagMaxMs: (m.get('nodejs_eventloop_lag_max_seconds') ?? Number.NaN) * 1000,
        lagP99Ms: (m.get('nodejs_eventloop_lag_p99_seconds') ?? Number.NaN) * 1000,
        cpu: (cpuNow - lastCpu) / ((now - lastAt) / 1000),
        requests: t.requests,
        catalogueP50Ms: t.catalogueP50,
        catalogueP99Ms: t.catalogueP99,
        allP99Ms: t.allP99,
      };
      lastCpu = cpuNow;
      lastAt = now;
      samples.push(s);
      return s;
    };
    // The starting point: the lag histogram restarts here, after the catalogue's load.
    await sample(0);
    samples.length = 0;
    await new Promise((r) => setTimeout(r, 1000));
    await sample(0);
    const traffic = await startTraffic(
      { url: shop.url, visitors: visitorCount, thinkMs, staff, storeId, brandIds: brands.map((b) => b.id) },
      tally,
    );
    cleanups.unshift(traffic.stop);
    for (let minute = 1; minute <= minutes; minute++) {
      await new Promise((r) => setTimeout(r, sampleSeconds * 1000));
      const s = await sample(minute);
      const failed = tally.failures().reduce((n, f) => n + f.count, 0);
      log(
        `  minute ${minute}/${minutes}: ${s.requests} requests, RSS ${s.rssMb.toFixed(0)} MB, ` +
          `heap ${s.heapUsedMb.toFixed(0)} MB, lag p99 ${s.lagP99Ms.toFixed(1)} ms (max ${s.lagMaxMs.toFixed(0)}), ` +
          `CPU ${(s.cpu * 100).toFixed(0)}%, catalogue p99 ${s.catalogueP99Ms.toFixed(0)} ms, ` +
          `failed so far ${failed}`,
      );
    }
    await traffic.stop();
    cleanups.shift();
    // What the traffic left to do in the background (print files, invoices, mails) is done first:
    // the worked shop is measured idle, as the fresh one was, not while it catches up.
    const drainStarted = Date.now();
    for (;;) {
      const res = await fetch(`${shop.url}/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      const m = parseMetrics(await res.text());
      const left = (m.get('shop_jobs_due') ?? 0) + (m.get('shop_mail_outbox_depth') ?? 0);
      if (left === 0 || Date.now() - drainStarted > 300_000) {
        log(
          `  background work: ${left} jobs and mails left after ${((Date.now() - drainStarted) / 1000).toFixed(0)} s`,
        );
        break;
      }
      await new Promise((r) => setTimeout(r, 2000));
    }
    const after = await catalogue('worked');

    const requests = [...tally.statuses.values()].reduce(
      (n, m) => n + [...m.values()].reduce((a, b) => a + b, 0),
      0,
    );
    const series: [string, (s: SoakSample) => number][] = [
      ['RSS (MB)', (s) => s.rssMb],
      ['heap used (MB)', (s) => s.heapUsedMb],
      ['event-loop lag p99 (ms)', (s) => s.lagP99Ms],
      ['event-loop lag max (ms)', (s) => s.lagMaxMs],
      ['server CPU (%)', (s) => s.cpu * 100],
      ['catalogue p99, mixed traffic (ms)', (s) => s.catalogueP99Ms],
    ];
    const half = samples.filter((s) => s.minute >= minutes / 2);
    const slopes = series.map(([name, f]) => ({
      series: name,
      all: slopePerHour(samples.map((s) => ({ x: s.minute, y: f(s) }))),
      secondHalf: slopePerHour(half.map((s) => ({ x: s.minute, y: f(s) }))),
    }));
    const failures = tally.failures();
    const charts = (options.charts ?? true) ? writeSoakCharts(database, visitorCount, samples) : [];
    const pass =
      after.ratio >= 0.7 &&
      after.p99Ms < 25 &&
      after.ratio >= before.ratio * 0.95 &&
      after.non2xx + after.errors + before.non2xx + before.errors === 0 &&
      failures.length === 0;
    return {
      database,
      minutes,
      visitors: visitorCount,
      thinkMs,
      cores: availableParallelism(),
      loadBefore,
      loadAfter: loadavg(),
      before,
      after,
      samples,
      slopes,
      journeys: [...tally.journeys].map(([kind, j]) => ({ kind, ...j })),
      failures,
      requests,
      charts,
      pass,
    };
  } finally {
    for (const c of cleanups) await c().catch(() => undefined);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runSoakBench();
  console.info(formatSoak(result));
  if (!result.pass) process.exitCode = 1;
}
