/**
 * HTTP benchmark: the catalogue API and order creation of the built server, against a bare
 * `node:http` hello-world measured in the same run, on PGlite and on PostgreSQL.
 *
 * - Load: autocannon, 50 connections, keep-alive, no pipelining, from this process. Both servers
 *   run in child processes (a server in this process would share one event loop with the load).
 * - A/B: bare, shop catalogue, shop orders, three rounds in a row (10 s each); the ratio of a round
 *   is the shop's requests/s over the bare server's requests/s of that same round, and the figure
 *   reported is the median over the rounds (paired ratios cancel much of a noisy machine's drift).
 * - Catalogue: `GET /api/models?store=1&brand=B&page=1`, B cycling over the store's brands, each
 *   connection with its own visitor cookies as a browser has after its first page (a client that
 *   never keeps cookies costs a little more: a new visitor id and token per request).
 * - Orders: `POST /api/orders` with `{store:{id:1},brand:{id},model:{id}}`; each order comes from
 *   the next of ORDER_CUSTOMERS customers, each with its own visitor cookies, `X-XSRF-TOKEN` and
 *   client address (`X-Forwarded-For`, the shop running with TRUST_PROXY=1), fetched before the
 *   run: orders are limited per visitor and per address (20 and 100 in ten minutes), and thousands
 *   of customers ordering at once is what the figure stands for. Only 201 responses count,
 *   anything else is reported (and fails the case).
 * - The shop runs as in production: NODE_ENV=production, LOG_LEVEL=info (request logs are written,
 *   to /dev/null), demo catalogue loaded, its own temporary DATA_DIR.
 * - PostgreSQL: a new database per server start on the server of BENCH_DATABASE_URL (dropped at
 *   the end). Without BENCH_DATABASE_URL the PostgreSQL cases are skipped with a note;
 *   `bash bench/with-postgres.sh <command>` provides a throwaway cluster (`npm run bench` does it).
 *
 *   node --import tsx bench/http.ts
 *   BENCH_HTTP_SECONDS=5 BENCH_HTTP_ROUNDS=1 node --import tsx bench/http.ts
 *   BENCH_CPU_PROF=/tmp/prof node --import tsx bench/http.ts   (server child runs with --cpu-prof)
 *   BENCH_HTTP_ONLY=pglite:catalogue node --import tsx bench/http.ts
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, repoRoot } from '../e2e/support/server.ts';

export type DatabaseKind = 'pglite' | 'postgres';
export type HttpCaseName = 'catalogue' | 'orders';

export interface LoadRun {
  /** Requests per second that count: 2xx for the catalogue, 201 for orders. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** Server process CPU time per counted request (user + system), microseconds. */
  serverCpuUsPerReq: number | null;
  /** PostgreSQL's CPU time (all its processes) per counted request, microseconds. */
  databaseCpuUsPerReq: number | null;
  /** Share of PostgreSQL's CPU time spent in the kernel (WAL writes and flushes, sockets). */
  databaseSystemShare: number | null;
  /** Share of the server's CPU time spent in the kernel (sockets, files). */
  serverSystemShare: number | null;
  /** This process's CPU share during the run (1 = one core busy): is the load generator the limit? */
  loadGenCpu: number;
}

export interface HttpRound {
  bare: LoadRun;
  shop: LoadRun;
  ratio: number;
}

export interface HttpCaseResult {
  database: DatabaseKind;
  name: HttpCaseName;
  what: string;
  rounds: HttpRound[];
  /** Medians over the rounds. */
  rps: number;
  bareRps: number;
  ratio: number;
  p99Ms: number;
  worstP99Ms: number;
  non2xx: number;
  errors: number;
  serverCpuUsPerReq: number | null;
  target: string;
  pass: boolean;
}

export interface CalibrationResult {
  what: string;
  rps: number;
  bareRps: number;
  ratio: number;
  serverCpuUsPerReq: number;
  bareCpuUsPerReq: number;
}

export interface HttpBenchResult {
  cores: number;
  loadBefore: number[];
  loadAfter: number[];
  seconds: number;
  rounds: number;
  connections: number;
  cases: HttpCaseResult[];
  calibration: CalibrationResult[];
  notes: string[];
}

export interface HttpBenchOptions {
  seconds?: number;
  rounds?: number;
  connections?: number;
  /** A PostgreSQL server to make throwaway databases on; null or empty skips PostgreSQL. */
  databaseUrl?: string | null;
  /** Write a V8 CPU profile of each shop server into this directory. */
  cpuProfDir?: string | undefined;
  /** Restrict to some cases, e.g. ['pglite:catalogue']. */
  only?: string[];
  /** Also measure a Fastify hello-world against the bare server (what the framework costs). */
  calibrate?: boolean;
  log?: (line: string) => void;
}

const TARGETS: Record<
  HttpCaseName,
  Record<DatabaseKind, { text: string; ok: (c: HttpCaseResult) => boolean }>
> = {
  catalogue: {
    pglite: { text: '>= 60% of bare, p99 < 25 ms', ok: (c) => c.ratio >= 0.6 && c.p99Ms < 25 },
    postgres: { text: '>= 60% of bare, p99 < 25 ms', ok: (c) => c.ratio >= 0.6 && c.p99Ms < 25 },
  },
  orders: {
    pglite: { text: '>= 500 orders/s', ok: (c) => c.rps >= 500 },
    postgres: { text: '>= 1500 orders/s, p99 < 50 ms', ok: (c) => c.rps >= 1500 && c.p99Ms < 50 },
  },
};

/** What Chromium sends with a fetch() of the storefront, besides cookies. */
export const BROWSER_HEADERS = {
  accept: '*/*',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'es-ES,es;q=0.9',
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

// ------------------------------------------------------------------------------------------------
// Child processes
// ------------------------------------------------------------------------------------------------

export interface Child {
  url: string;
  pid: number;
  stop(): Promise<void>;
  /** The shop's DATA_DIR (startShop only). */
  dataDir?: string;
  /** The last 20 kB of the shop's stderr (startShop only). */
  output?: () => string;
}

/** Kills every child we started if this process goes away without stopping them. */
const living = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of living) c.kill('SIGKILL');
});

async function stopChild(child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    living.delete(child);
    return;
  }
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
  living.delete(child);
}

const BARE_SERVER = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('hello world');
});
server.keepAliveTimeout = 72000; // as Fastify's default
server.listen(0, '127.0.0.1', () => console.log('PORT ' + server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

const FASTIFY_HELLO = (logs: boolean) => `
import Fastify from 'fastify';
const app = Fastify(${logs ? "{ logger: { level: 'info', file: '/dev/null' } }" : '{ logger: false }'});
app.get('/', async () => 'hello world');
await app.listen({ port: 0, host: '127.0.0.1' });
console.log('PORT ' + app.server.address().port);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

/**
 * Calibration only (BENCH_HTTP_CALIBRATE=1): what the framework alone costs. A Fastify hello-world,
 * without and with Fastify's request logging, against the same bare node:http server.
 */
export function startFastifyHello(logs: boolean): Promise<Child> {
  return startScript(['--input-type=module', '-e', FASTIFY_HELLO(logs)]);
}

/** The baseline: a hello-world on node:http, in its own process. */
export function startBare(): Promise<Child> {
  return startScript(['-e', BARE_SERVER]);
}

export interface RawResponse {
  headers: [string, string][];
  body: Buffer;
}

/** A response as it came over the wire: its headers (without the per-connection ones) and body bytes. */
export async function rawResponse(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const out: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!;
          if (!/^(date|connection|keep-alive|content-length|transfer-encoding)$/i.test(name)) {
            out.push([name, res.rawHeaders[i + 1]!]);
          }
        }
        resolve({ headers: out, body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });
}

/**
 * Calibration only: a bare node:http server answering every request with `response`'s headers and
 * body, byte for byte, so what sending the shop's answer costs is told apart from what producing it
 * costs.
 */
export function startSameBytes(response: RawResponse): Promise<Child> {
  const script = `
const http = require('node:http');
const headers = ${JSON.stringify(response.headers.flat())};
const body = Buffer.from('${response.body.toString('base64')}', 'base64');
const server = http.createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 72000;
server.listen(0, '127.0.0.1', () => console.log('PORT ' + server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;
  return startScript(['-e', script]);
}

async function startScript(args: string[]): Promise<Child> {
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  living.add(child);
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopChild(child) };
}

export interface ShopOptions {
  databaseUrl?: string | undefined;
  cpuProfDir?: string | undefined;
  env?: Record<string, string>;
  /**
   * false: development mode as `npm start` runs it (the built-in Redsys simulator, the demo
   * company, no VERI*FACTU certificate). Production by default.
   */
  production?: boolean;
}

/** Development mode: what production needs is left unset (undefined is not passed to the child). */
const DEVELOPMENT_ENV: Record<string, undefined> = Object.fromEntries(
  ['REDSYS_SECRET_KEY', 'REDSYS_URL', 'REDSYS_REST_URL', 'VERIFACTU_ENDPOINT']
    .concat(['VERIFACTU_ALLOW_ENVIRONMENT_MISMATCH', 'VERIFACTU_CERT', 'VERIFACTU_CERT_PASSWORD'])
    .concat(['COMPANY_LEGAL_NAME', 'COMPANY_NIF', 'COMPANY_ADDRESS', 'COMPANY_REGISTRY'])
    .map((name) => [name, undefined]),
);

/**
 * The built server (apps/server/dist/server.js) in production mode with the demo catalogue, on a
 * free port of 127.0.0.1 and a temporary DATA_DIR. Its logs go to /dev/null: collecting them here
 * would load the load generator.
 */
/**
 * A company certificate for the VERI*FACTU sender, which production requires: self-signed, made
 * with openssl in `dir`. The bench's endpoint is a closed loopback port, so records only queue.
 */
function benchCertificate(dir: string): { path: string; password: string } {
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  ssl(
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'bench.key', '-out', 'bench.pem'],
    ...['-days', '2', '-subj', '/CN=BENCH/serialNumber=IDCES-B29123452'],
  );
  const password = randomBytes(12).toString('base64url');
  ssl(
    'pkcs12',
    '-export',
    '-inkey',
    'bench.key',
    '-in',
    'bench.pem',
    '-out',
    'bench.p12',
    '-passout',
    `pass:${password}`,
  );
  return { path: join(dir, 'bench.p12'), password };
}

export async function startShop(opts: ShopOptions = {}): Promise<Child> {
  // BENCH_SERVER_ENTRY: another build of the server (a change measured while dist/ serves others).
  const entry = process.env.BENCH_SERVER_ENTRY ?? join(repoRoot, 'apps', 'server', 'dist', 'server.js');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-bench-'));
  const production = opts.production ?? true;
  const certificate = production ? benchCertificate(dataDir) : { path: '', password: '' };
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const args = opts.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`, entry] : [entry];
  let stderr = '';
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...inherited,
      NODE_ENV: production ? 'production' : 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DEMO: '1',
      LOG_LEVEL: 'info',
      APP_SECRET: randomBytes(32).toString('base64url'),
      // The orders case sends each customer's address, as a proxy in front would.
      TRUST_PROXY: '1',
      REDSYS_SECRET_KEY: randomBytes(24).toString('base64'),
      REDSYS_URL: 'https://sis-t.redsys.es:25443/sis/realizarPago',
      REDSYS_REST_URL: 'https://sis-t.redsys.es:25443/sis/rest/trataPeticionREST',
      // Records to the AEAT queue against a closed port: nothing leaves the machine (production
      // allows an endpoint other than the AEAT's production service only when told so).
      VERIFACTU_ENDPOINT: 'https://127.0.0.1:9/verifactu',
      VERIFACTU_ALLOW_ENVIRONMENT_MISMATCH: '1',
      VERIFACTU_CERT: certificate.path,
      VERIFACTU_CERT_PASSWORD: certificate.password,
      // Production refuses the demo company's data: a company of its own, with a valid NIF.
      COMPANY_LEGAL_NAME: 'Fundas del Sur, S.L.',
      COMPANY_NIF: 'B29123452',
      COMPANY_ADDRESS: 'Calle Granada, 12',
      COMPANY_REGISTRY: 'Inscrita en el Registro Mercantil de Málaga, tomo 5123, folio 45, hoja MA-123456',
      ...(production ? {} : DEVELOPMENT_ENV),
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  living.add(child);
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  const stop = async () => {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`shop server exited (${child.exitCode}):\n${stderr}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`shop server not healthy after 90 s:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, pid: child.pid!, stop, dataDir, output: () => stderr };
}

/** user + system CPU time of a process in microseconds (Linux /proc), or null elsewhere. */
function processCpuUs(pid: number, which: 'all' | 'system' = 'all'): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[11] = utime, fields[12] = stime, in clock ticks (100 per second on Linux).
    const ticks = which === 'system' ? Number(fields[12]) : Number(fields[11]) + Number(fields[12]);
    return (ticks * 1e6) / 100;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------------------------------------
// Load
// ------------------------------------------------------------------------------------------------

export interface LoadSpec {
  url: string;
  pid: number;
  /** Processes whose CPU counts as the database's (PostgreSQL's postmaster and its children). */
  databasePids?: () => number[];
  seconds: number;
  connections: number;
  /** 2xx codes that count as done work. */
  counted: (status: number) => boolean;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** One path per request in turn (cycled by each connection). */
  paths?: string[];
  /** Headers of connection i (cookies, token). */
  headersFor?: (i: number) => Record<string, string>;
  /** Headers of each request in turn, whatever its connection (one customer per order). */
  headersPerRequest?: Record<string, string>[];
}

export async function load(spec: LoadSpec): Promise<LoadRun> {
  const cpuBefore = processCpuUs(spec.pid);
  const sysBefore = processCpuUs(spec.pid, 'system');
  // PostgreSQL's processes come and go (the pool opens connections as it needs them): CPU of
  // those alive at the start, counted from then, plus all of those started during the run.
  const dbBefore = new Map((spec.databasePids?.() ?? []).map((p) => [p, processCpuUs(p) ?? 0]));
  const dbSysBefore = new Map([...dbBefore.keys()].map((p) => [p, processCpuUs(p, 'system') ?? 0]));
  const selfBefore = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  let nextRequest = 0;
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    method: spec.method ?? 'GET',
    ...(spec.body === undefined ? {} : { body: spec.body }),
    headers: spec.headers ?? {},
    ...(spec.paths ? { requests: spec.paths.map((path) => ({ path })) } : {}),
    ...(spec.headersPerRequest
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => {
                const mine = spec.headersPerRequest![nextRequest++ % spec.headersPerRequest!.length];
                return { ...req, headers: { ...(req.headers as Record<string, string>), ...mine } };
              },
            },
          ],
        }
      : {}),
    setupClient: (client) => {
      const i = next++;
      if (!spec.headersFor) return;
      const headers = { ...spec.headers, ...spec.headersFor(i) };
      if (spec.paths) {
        client.setRequests(spec.paths.map((path) => ({ path, method: spec.method ?? 'GET', headers })));
      } else {
        client.setHeaders(headers);
      }
    },
  });
  const elapsedUs = (performance.now() - started) * 1000;
  const self = process.cpuUsage(selfBefore);
  const cpuAfter = processCpuUs(spec.pid);
  const sysAfter = processCpuUs(spec.pid, 'system');
  let dbUs = 0;
  let dbSysUs = 0;
  for (const p of spec.databasePids?.() ?? []) {
    dbUs += Math.max(0, (processCpuUs(p) ?? 0) - (dbBefore.get(p) ?? 0));
    dbSysUs += Math.max(0, (processCpuUs(p, 'system') ?? 0) - (dbSysBefore.get(p) ?? 0));
  }
  let counted = 0;
  let non2xx = 0;
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    const n = Number((stat as { count: number | string }).count);
    if (spec.counted(Number(code))) counted += n;
    else non2xx += n;
  }
  return {
    rps: counted / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx,
    errors: result.errors + result.timeouts,
    serverCpuUsPerReq:
      cpuBefore === null || cpuAfter === null || counted === 0 ? null : (cpuAfter - cpuBefore) / counted,
    databaseCpuUsPerReq: spec.databasePids && counted ? dbUs / counted : null,
    databaseSystemShare: spec.databasePids && dbUs > 0 ? dbSysUs / dbUs : null,
    serverSystemShare:
      cpuBefore === null ||
      cpuAfter === null ||
      sysBefore === null ||
      sysAfter === null ||
      cpuAfter === cpuBefore
        ? null
        : (sysAfter - sysBefore) / (cpuAfter - cpuBefore),
    loadGenCpu: (self.user + self.system) / elapsedUs,
  };
}

/**
 * Cookie pairs of `n` new visitors: the visitor cookie (`__Host-sid` in production, `sid`
 * elsewhere) + `XSRF-TOKEN`, as a GET gives them; each from its own address when `addresses`.
 */
export async function visitors(
  url: string,
  n: number,
  addresses = false,
): Promise<{ cookie: string; token: string; address: string }[]> {
  const one = async (i: number) => {
    const address = `198.18.${i >> 8}.${i & 255}`;
    const res = await fetch(
      `${url}/api/config`,
      addresses ? { headers: { 'x-forwarded-for': address } } : {},
    );
    await res.body?.cancel();
    const jar = new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const sidName = jar.has('__Host-sid') ? '__Host-sid' : 'sid';
    const sid = jar.get(sidName);
    // Production names its cookies __Host-… (they are Secure); development does not.
    const tokenName = jar.has('__Host-XSRF-TOKEN') ? '__Host-XSRF-TOKEN' : 'XSRF-TOKEN';
    const token = jar.get(tokenName);
    if (!sid || !token) throw new Error('no visitor / XSRF-TOKEN cookie from GET /api/config');
    return { cookie: `${sidName}=${sid}; ${tokenName}=${token}`, token, address };
  };
  const out: { cookie: string; token: string; address: string }[] = [];
  for (let i = 0; i < n; i += 50) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(50, n - i) }, (_, j) => one(i + j)))));
  }
  return out;
}

/** Customers for the orders case: more than a run can make orders for within the limits. */
const ORDER_CUSTOMERS = 8000;

interface Catalogue {
  storeId: number;
  brandIds: number[];
  order: { store: { id: number }; brand: { id: number }; model: { id: number } };
}

async function readCatalogue(url: string): Promise<Catalogue> {
  const storeId = 1;
  const brands = (await (await fetch(`${url}/api/brands?store=${storeId}`)).json()) as { id: number }[];
  const page = (await (await fetch(`${url}/api/models?store=${storeId}&page=1`)).json()) as {
    items: { id: number; brand: { id: number } }[];
  };
  const model = page.items[0];
  if (!brands.length || !model) throw new Error('the demo catalogue has no brands or models for store 1');
  return {
    storeId,
    brandIds: brands.map((b) => b.id),
    order: { store: { id: storeId }, brand: { id: model.brand.id }, model: { id: model.id } },
  };
}

// ------------------------------------------------------------------------------------------------
// PostgreSQL databases
// ------------------------------------------------------------------------------------------------

/** The PostgreSQL server's processes (postmaster and children), when it runs on this machine. */
async function postgresPids(serverUrl: string): Promise<() => number[]> {
  const ppid = (pid: number): number | null => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      return null;
    }
  };
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  let postmaster: number | null;
  try {
    const backend = (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    // While the connection is open: its backend process ends with it.
    postmaster = ppid(backend);
  } finally {
    await c.end();
  }
  if (!postmaster) return () => [];
  return () => {
    const pids = [postmaster];
    for (const entry of readdirSync('/proc')) {
      if (/^\d+$/.test(entry) && ppid(Number(entry)) === postmaster) pids.push(Number(entry));
    }
    return pids;
  };
}

export async function createDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

// ------------------------------------------------------------------------------------------------
// The bench
// ------------------------------------------------------------------------------------------------

export async function runHttpBench(options: HttpBenchOptions = {}): Promise<HttpBenchResult> {
  const seconds = options.seconds ?? Number(process.env.BENCH_HTTP_SECONDS ?? 10);
  const rounds = options.rounds ?? Number(process.env.BENCH_HTTP_ROUNDS ?? 3);
  const connections = options.connections ?? 50;
  const databaseUrl =
    options.databaseUrl === undefined ? process.env.BENCH_DATABASE_URL || null : options.databaseUrl;
  const cpuProfDir = options.cpuProfDir ?? process.env.BENCH_CPU_PROF;
  const only = options.only ?? process.env.BENCH_HTTP_ONLY?.split(',').filter(Boolean);
  const log = options.log ?? ((line: string) => console.info(line));
  const calibrate = options.calibrate ?? process.env.BENCH_HTTP_CALIBRATE === '1';
  const calibration: CalibrationResult[] = [];
  const wanted = (db: DatabaseKind, name: HttpCaseName) =>
    !only?.length || only.includes(db) || only.includes(`${db}:${name}`);
  const notes: string[] = [];
  const cases: HttpCaseResult[] = [];
  const loadBefore = loadavg();

  const databases: DatabaseKind[] = [];
  if (wanted('pglite', 'catalogue') || wanted('pglite', 'orders')) databases.push('pglite');
  if (wanted('postgres', 'catalogue') || wanted('postgres', 'orders')) {
    if (databaseUrl) databases.push('postgres');
    else
      notes.push(
        'PostgreSQL cases skipped: BENCH_DATABASE_URL is not set (`bash bench/with-postgres.sh node --import tsx bench/http.ts`).',
      );
  }

  const bare = await startBare();
  try {
    const bareSpec = { url: bare.url, pid: bare.pid, counted: (s: number) => s === 200 };
    /** `rounds` rounds of bare / `child`, after a warm-up: what `child` costs beside the bare server. */
    const calibrateOne = async (what: string, child: Child, headers?: Record<string, string>) => {
      const spec = { url: child.url, pid: child.pid, counted: (s: number) => s === 200, headers };
      await load({ ...spec, seconds: Math.min(3, seconds), connections });
      const rs: HttpRound[] = [];
      for (let r = 1; r <= rounds; r++) {
        const b = await load({ ...bareSpec, seconds, connections });
        const f = await load({ ...spec, seconds, connections });
        rs.push({ bare: b, shop: f, ratio: f.rps / b.rps });
        log(
          `  calibration: ${what} round ${r}: ` +
            `${f.rps.toFixed(0)}/s vs bare ${b.rps.toFixed(0)}/s (${((f.rps / b.rps) * 100).toFixed(0)}%), ` +
            `${f.serverCpuUsPerReq?.toFixed(0) ?? '?'} vs ${b.serverCpuUsPerReq?.toFixed(0) ?? '?'} us/req`,
        );
      }
      calibration.push({
        what,
        ratio: median(rs.map((x) => x.ratio)),
        rps: median(rs.map((x) => x.shop.rps)),
        bareRps: median(rs.map((x) => x.bare.rps)),
        serverCpuUsPerReq: median(rs.map((x) => x.shop.serverCpuUsPerReq ?? Number.NaN)),
        bareCpuUsPerReq: median(rs.map((x) => x.bare.serverCpuUsPerReq ?? Number.NaN)),
      });
    };
    if (calibrate) {
      for (const logs of [false, true]) {
        const hello = await startFastifyHello(logs);
        try {
          await calibrateOne(`Fastify hello-world, ${logs ? 'request logs on' : 'no logs'}`, hello);
        } finally {
          await hello.stop();
        }
      }
    }
    for (const db of databases) {
      const database = db === 'postgres' ? await createDatabase(databaseUrl!) : null;
      const databasePids = db === 'postgres' ? await postgresPids(databaseUrl!) : undefined;
      const shop = await startShop({ databaseUrl: database?.url, cpuProfDir });
      try {
        const catalogue = await readCatalogue(shop.url);
        const people = await visitors(shop.url, connections);
        const customers = wanted(db, 'orders') ? await visitors(shop.url, ORDER_CUSTOMERS, true) : [];
        const modelPaths = catalogue.brandIds.map(
          (b) => `/api/models?store=${catalogue.storeId}&brand=${b}&page=1`,
        );
        const names = (['catalogue', 'orders'] as const).filter((n) => wanted(db, n));
        const specs: Record<HttpCaseName, Omit<LoadSpec, 'seconds' | 'connections'>> = {
          catalogue: {
            url: shop.url,
            pid: shop.pid,
            ...(databasePids ? { databasePids } : {}),
            counted: (s) => s >= 200 && s < 300,
            paths: modelPaths,
            headers: BROWSER_HEADERS,
            headersFor: (i) => ({ cookie: people[i % people.length]!.cookie }),
          },
          orders: {
            url: `${shop.url}/api/orders`,
            pid: shop.pid,
            ...(databasePids ? { databasePids } : {}),
            counted: (s) => s === 201,
            method: 'POST',
            body: JSON.stringify(catalogue.order),
            headers: { ...BROWSER_HEADERS, 'content-type': 'application/json' },
            headersPerRequest: customers.map((c) => ({
              cookie: c.cookie,
              'x-xsrf-token': c.token,
              'x-forwarded-for': c.address,
            })),
          },
        };
        // What the catalogue's response alone costs: the same bytes from a bare node:http server.
        if (calibrate && names.includes('catalogue') && db === databases[0]) {
          const response = await rawResponse(shop.url + modelPaths[0]!, {
            ...BROWSER_HEADERS,
            cookie: people[0]!.cookie,
          });
          const same = await startSameBytes(response);
          try {
            await calibrateOne(
              `bare node:http sending the catalogue's response (${response.headers.length} headers, ` +
                `${response.body.length} body bytes)`,
              same,
            );
          } finally {
            await same.stop();
          }
        }

        // Warm-up (JIT, caches, connection pools), not recorded.
        const warm = Math.min(3, seconds);
        await load({ ...bareSpec, seconds: warm, connections });
        for (const n of names) await load({ ...specs[n], seconds: warm, connections });

        const byCase = new Map<HttpCaseName, HttpRound[]>(names.map((n) => [n, []]));
        for (let r = 1; r <= rounds; r++) {
          for (const n of names) {
            const b = await load({ ...bareSpec, seconds, connections });
            const s = await load({ ...specs[n], seconds, connections });
            byCase.get(n)!.push({ bare: b, shop: s, ratio: s.rps / b.rps });
            log(
              `  ${db} ${n} round ${r}: bare ${b.rps.toFixed(0)}/s (${b.serverCpuUsPerReq?.toFixed(0) ?? '?'} us/req), shop ${s.rps.toFixed(0)}/s ` +
                `(${((s.rps / b.rps) * 100).toFixed(0)}%), p99 ${s.p99Ms} ms, non-2xx ${s.non2xx}, ` +
                `errors ${s.errors}, server CPU ${s.serverCpuUsPerReq?.toFixed(0) ?? '?'} us/req ` +
                `(${((s.serverSystemShare ?? 0) * 100).toFixed(0)}% kernel), ` +
                (s.databaseCpuUsPerReq === null
                  ? ''
                  : `PostgreSQL CPU ${s.databaseCpuUsPerReq.toFixed(0)} us/req ` +
                    `(${((s.databaseSystemShare ?? 0) * 100).toFixed(0)}% kernel), `) +
                `load generator ${(s.loadGenCpu * 100).toFixed(0)}% of a core`,
            );
          }
        }
        for (const n of names) {
          const rs = byCase.get(n)!;
          const cpu = rs.map((x) => x.shop.serverCpuUsPerReq).filter((x): x is number => x !== null);
          const c: HttpCaseResult = {
            database: db,
            name: n,
            what:
              n === 'catalogue'
                ? `GET /api/models?store&brand&page (${db === 'pglite' ? 'PGlite' : 'PostgreSQL'})`
                : `POST /api/orders with CSRF (${db === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
            rounds: rs,
            rps: median(rs.map((x) => x.shop.rps)),
            bareRps: median(rs.map((x) => x.bare.rps)),
            ratio: median(rs.map((x) => x.ratio)),
            p99Ms: median(rs.map((x) => x.shop.p99Ms)),
            worstP99Ms: Math.max(...rs.map((x) => x.shop.p99Ms)),
            non2xx: rs.reduce((sum, x) => sum + x.shop.non2xx, 0),
            errors: rs.reduce((sum, x) => sum + x.shop.errors, 0),
            serverCpuUsPerReq: cpu.length ? median(cpu) : null,
            target: TARGETS[n][db].text,
            pass: false,
          };
          c.pass = c.non2xx === 0 && c.errors === 0 && TARGETS[n][db].ok(c);
          cases.push(c);
        }
      } finally {
        await shop.stop();
        await database?.drop();
      }
    }
  } finally {
    await bare.stop();
  }
  return {
    cores: availableParallelism(),
    loadBefore,
    loadAfter: loadavg(),
    seconds,
    rounds,
    connections,
    cases,
    calibration,
    notes,
  };
}

export function formatHttpTable(result: HttpBenchResult): string {
  const header = [
    'case',
    'shop req/s',
    'bare req/s',
    'ratio',
    'p99 (worst)',
    'non-2xx',
    'errors',
    'server CPU/req',
    'target',
    'ok',
  ];
  const lines = result.cases.map((c) => [
    c.what,
    c.rps.toFixed(0),
    c.bareRps.toFixed(0),
    `${(c.ratio * 100).toFixed(0)}%`,
    `${c.p99Ms} ms (${c.worstP99Ms})`,
    String(c.non2xx),
    String(c.errors),
    c.serverCpuUsPerReq === null ? '?' : `${c.serverCpuUsPerReq.toFixed(0)} us`,
    c.target,
    c.pass ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    `HTTP bench: ${result.connections} connections, ${result.rounds} rounds x ${result.seconds} s, medians over rounds; ` +
      `${result.cores} cores, load ${result.loadBefore.map((l) => l.toFixed(1)).join(' ')} -> ` +
      `${result.loadAfter.map((l) => l.toFixed(1)).join(' ')}`,
    fmt(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...lines.map(fmt),
    ...result.calibration.map(
      (c) =>
        `calibration: ${c.what}: ${c.rps.toFixed(0)}/s = ${(c.ratio * 100).toFixed(0)}% of bare ` +
        `(${c.serverCpuUsPerReq.toFixed(0)} vs ${c.bareCpuUsPerReq.toFixed(0)} us CPU per request)`,
    ),
    ...result.notes.map((n) => `note: ${n}`),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runHttpBench();
  console.info(formatHttpTable(result));
  if (result.cases.some((c) => !c.pass)) process.exitCode = 1;
}
