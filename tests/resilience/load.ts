// Load and memory: 200 connections for 60 s on a mix of catalogue reads and order creation against
// the built server, on PGlite and on PostgreSQL. Passes when no request failed (no connection
// error, no timeout, nothing but 2xx) and the server's memory came back afterwards.
//
//   node --import tsx tests/resilience/load.ts [--db=pglite|postgres|both] [--seconds=60]
//        [--connections=200] [--settle=30] [--json=report.json]
//
// Mix per connection, in turn: the model list of a brand, the store, the brand list, another page
// of models, and a new order (POST /api/orders, with the visitor's cookies and forgery token): one
// write in five requests. Orders are limited per visitor and per client address (20 and 100 in ten
// minutes), so each order comes from the next of VISITORS customers, each with its own cookies and
// its own address (the server runs with TRUST_PROXY=1 and reads it from X-Forwarded-For). Memory: the server child's VmRSS (/proc/<pid>/status) after start-up and
// a 5 s warm-up ("before"), every second during the load ("peak"), then every second for up to
// --settle seconds until it stops falling ("after"). PostgreSQL: DATABASE_URL's server (a fresh
// database, dropped at the end) or a throwaway cluster (Debian's binaries). Loopback only.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ModelPage } from '@shop/contracts/catalogue';
import autocannon from 'autocannon';
import { Visitor } from './lib/http-client.ts';
import { createCluster, freshDatabase } from './lib/pg-cluster.ts';
import {
  errorLines,
  freePort,
  requireBuiltServer,
  type ServerProcess,
  startServer,
} from './lib/server-process.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '200' },
    settle: { type: 'string', default: '30' },
    json: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const settleSeconds = Number(values.settle);
requireBuiltServer();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (kb: number | null) => (kb === null ? null : Math.round(kb / 1024));

interface LoadReport {
  db: string;
  seconds: number;
  connections: number;
  requests: number;
  rps: number;
  ordersCreated: number;
  latencyMs: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  rssMb: { before: number | null; peak: number | null; after: number | null; settledAfterS: number };
  serverErrorLogLines: number;
  pass: boolean;
  why: string[];
}

/** Distinct customers for the orders: more than the run can make orders for within the limits. */
const VISITORS = 4000;

/** Each customer's cookies, forgery token and address (198.18.0.0/15, the benchmarking range). */
async function customerPool(url: string): Promise<Record<string, string>[]> {
  const pool: Record<string, string>[] = [];
  for (let i = 0; i < VISITORS; i += 50) {
    const batch = Array.from({ length: Math.min(50, VISITORS - i) }, async (_, j) => {
      const n = i + j;
      const address = `198.18.${n >> 8}.${n & 255}`;
      const res = await fetch(`${url}/api/health`, { headers: { 'x-forwarded-for': address } });
      await res.body?.cancel();
      const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
      const token = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length);
      return { cookie: cookies.join('; '), 'x-xsrf-token': token, 'x-forwarded-for': address };
    });
    pool.push(...(await Promise.all(batch)));
  }
  return pool;
}

async function runOne(kind: 'pglite' | 'postgres'): Promise<LoadReport> {
  let databaseUrl: string | undefined;
  let dropDb = async () => {};
  if (kind === 'postgres') {
    const base = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (base) {
      const fresh = await freshDatabase(base, 'shop_load');
      databaseUrl = fresh.url;
      dropDb = fresh.drop;
    } else {
      const cluster = await createCluster({ durable: true });
      databaseUrl = await cluster.createDatabase('shop_load');
      dropDb = cluster.destroy;
    }
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-load-'));
  let server: ServerProcess | null = null;
  try {
    server = await startServer({
      dataDir,
      port: await freePort(),
      databaseUrl,
      // As in production, apart from the simulator and demo data the run needs; behind a "proxy"
      // so that the customers' addresses reach the request limits.
      env: { LOG_LEVEL: 'warn', TRUST_PROXY: '1' },
    });
    const url = server.url;
    const visitor = new Visitor(url);
    await visitor.get('/api/health');
    const models = (await visitor.get('/api/models?store=1&size=50')).json<ModelPage>().items;
    const brandIds = [...new Set(models.map((m) => m.brand.id))];
    const model = models[0]!;
    const cookie = [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const token = visitor.cookies.get('XSRF-TOKEN')!;
    const customers = await customerPool(url);
    let nextCustomer = 0;
    const order = JSON.stringify({
      store: { id: 1 },
      brand: { id: model.brand.id },
      model: { id: model.id },
    });

    // Warm-up, then the baseline.
    await autocannon({ url: `${url}/api/models?store=1&page=1`, connections: 10, duration: 5 });
    await sleep(2000);
    const before = server.rssKb();

    let peak = before ?? 0;
    const sampler = setInterval(() => {
      const now = server?.rssKb() ?? 0;
      if (now > peak) peak = now;
    }, 1000);
    const headers = { cookie, 'x-xsrf-token': token };
    const result = await autocannon({
      url,
      connections,
      duration: seconds,
      timeout: 10,
      headers,
      requests: [
        { method: 'GET', path: `/api/models?store=1&brand=${brandIds[0]}&page=1` },
        { method: 'GET', path: '/api/stores/1' },
        { method: 'GET', path: '/api/brands?store=1' },
        { method: 'GET', path: `/api/models?store=1&brand=${brandIds[1] ?? brandIds[0]}&page=1` },
        {
          method: 'POST',
          path: '/api/orders',
          headers: { ...headers, 'content-type': 'application/json' },
          body: order,
          setupRequest: (req) => {
            const c = customers[nextCustomer++ % customers.length]!;
            return { ...req, headers: { ...req.headers, ...c } };
          },
        },
      ],
    });
    clearInterval(sampler);

    // After: sample until it stops falling (three samples in a row without a new low), at most --settle s.
    let after = server.rssKb();
    let low = after ?? 0;
    let flat = 0;
    let waited = 0;
    while (waited < settleSeconds && flat < 3) {
      await sleep(1000);
      waited++;
      const now = server.rssKb() ?? low;
      if (now < low - 512) {
        low = now;
        flat = 0;
      } else flat++;
      after = low;
    }
    const healthy = await (async () => {
      const staffless = new Visitor(url);
      const r = await staffless.request('GET', '/api/health');
      return r.status === 200;
    })();

    const statusCodes: Record<string, number> = {};
    for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
      statusCodes[code] = (stat as { count: number }).count;
    }
    const errorLogs = errorLines(server.logs());
    const why: string[] = [];
    if (result.errors) why.push(`${result.errors} connection errors`);
    if (result.timeouts) why.push(`${result.timeouts} timeouts`);
    if (result.non2xx) why.push(`${result.non2xx} answers other than 2xx: ${JSON.stringify(statusCodes)}`);
    if (errorLogs.length) why.push(`${errorLogs.length} error lines in the server log`);
    if (!healthy) why.push('the server is not healthy after the load');
    const growthMb = (mb(after) ?? 0) - (mb(before) ?? 0);
    // "Back to its level": what the load added is given back, bar caches that are full by now
    // (PGlite keeps its WebAssembly memory, which can grow but never shrinks).
    const allowedMb = Math.max(64, Math.round((mb(before) ?? 0) * 0.25));
    if (growthMb > allowedMb)
      why.push(`RSS ${growthMb} MB above its level after the load (allowed ${allowedMb} MB)`);
    return {
      db: kind,
      seconds,
      connections,
      requests: result.requests.total,
      rps: Math.round(result.requests.average),
      ordersCreated: statusCodes['201'] ?? 0,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      statusCodes,
      rssMb: { before: mb(before), peak: mb(peak), after: mb(after), settledAfterS: waited },
      serverErrorLogLines: errorLogs.length,
      pass: why.length === 0,
      why,
    };
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await dropDb();
  }
}

const kinds =
  values.db === 'both' ? (['pglite', 'postgres'] as const) : ([values.db] as ('pglite' | 'postgres')[]);
const reports: LoadReport[] = [];
console.info(
  `load: ${connections} connections, ${seconds} s, ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const kind of kinds) {
  const r = await runOne(kind);
  reports.push(r);
  console.info(
    `${r.db}: ${r.requests} requests, ${r.rps} req/s (${r.ordersCreated} orders created), p50 ${r.latencyMs.p50} ms, ` +
      `p99 ${r.latencyMs.p99} ms, max ${r.latencyMs.max} ms; errors ${r.errors}, timeouts ${r.timeouts}, ` +
      `non-2xx ${r.non2xx} ${JSON.stringify(r.statusCodes)}; RSS before ${r.rssMb.before} MB, peak ${r.rssMb.peak} MB, ` +
      `after ${r.rssMb.after} MB (settled in ${r.rssMb.settledAfterS} s) — ${r.pass ? 'PASS' : `FAIL: ${r.why.join('; ')}`}`,
  );
}
if (values.json) await writeFile(values.json, JSON.stringify(reports, null, 2));
process.exitCode = reports.every((r) => r.pass) ? 0 : 1;
