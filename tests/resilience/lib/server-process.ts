// The built server (apps/server/dist/server.js) as a child process that a resilience run can kill
// with SIGKILL and start again on the same DATA_DIR and port. Loopback only.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
export const SERVER_ENTRY = path.join(REPO_ROOT, 'apps', 'server', 'dist', 'server.js');

/** The first staff account of every resilience run (ADMIN_EMAIL / ADMIN_PASSWORD at start). */
export const RUN_ADMIN = { email: 'resiliencia@test.local', password: 'resiliencia-admin-1' };

/** Throws a clear message when the server has not been built. */
export function requireBuiltServer(): void {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(
      `${SERVER_ENTRY} does not exist: these resilience checks run the built server. ` +
        'Run `npm run build` (or `node apps/server/build.mjs` in apps/server) first.',
    );
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  dataDir: string;
  port: number;
  /** PostgreSQL; unset = PGlite in DATA_DIR/pglite. */
  databaseUrl?: string | undefined;
  env?: Record<string, string>;
  nodeArgs?: string[];
  healthTimeoutMs?: number;
  /** Keep at most this many characters of output (the tail). */
  maxLogChars?: number;
}

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 of /api/health. */
  startMs: number;
  logs(): string;
  running(): boolean;
  /** SIGKILL, and wait for the process to be gone. */
  kill9(): Promise<void>;
  /** SIGTERM (graceful), SIGKILL after `timeoutMs`. */
  stop(timeoutMs?: number): Promise<void>;
  /** Resident set size in kB from /proc, or null when the process is gone. */
  rssKb(): number | null;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children = new Set<ChildProcess>();
let exitHookInstalled = false;
function killChildrenOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // A run that fails or is interrupted must not leave servers behind.
  process.on('exit', () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  });
}

export function readRssKb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Spawns the built server and waits for /api/health; throws with the server's output on failure. */
export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
  requireBuiltServer();
  killChildrenOnExit();
  const url = `http://127.0.0.1:${opts.port}`;
  // Never the developer's database or settings: everything the server reads is set here.
  const {
    DATABASE_URL: _a,
    TEST_DATABASE_URL: _b,
    SMTP_URL: _c,
    ADMIN_EMAIL: _d,
    ADMIN_PASSWORD: _e,
    ...inherited
  } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    DATA_DIR: opts.dataDir,
    PUBLIC_URL: url,
    DEMO: '1',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: RUN_ADMIN.email,
    ADMIN_PASSWORD: RUN_ADMIN.password,
    // The API alone: these runs never need the storefront, and must not depend on a web build
    // that may be half written while they start.
    WEB_DIST: '/nonexistent-web-dist',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  };
  const started = Date.now();
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const max = opts.maxLogChars ?? 1_000_000;
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > max) output = output.slice(-max);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
    child.once('error', (err) => {
      collect(Buffer.from(`\n[spawn error] ${err.message}\n`));
      children.delete(child);
      resolve({ code: null, signal: null });
    });
  });
  const running = () => child.exitCode === null && child.signalCode === null;

  const kill9 = async () => {
    if (running()) child.kill('SIGKILL');
    await exited;
  };
  const stop = async (timeoutMs = 15_000) => {
    if (running()) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    }
  };

  const deadline = started + (opts.healthTimeoutMs ?? 120_000);
  let last = 'no attempt yet';
  for (;;) {
    if (!running()) {
      const { code, signal } = await exited;
      throw new Error(`server exited before it was healthy (code ${code}, signal ${signal})\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.status === 200) break;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    if (Date.now() > deadline) {
      await kill9();
      throw new Error(`server not healthy at ${url} (last: ${last})\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    port: opts.port,
    pid: child.pid!,
    child,
    startMs: Date.now() - started,
    logs: () => output,
    running,
    kill9,
    stop,
    rssKb: () => (running() ? readRssKb(child.pid!) : null),
    exited,
  };
}

/** Log lines at level error (50) or worse: a 500 is logged as 'unhandled error'. */
export function errorLines(logs: string): string[] {
  return logs.split('\n').filter((line) => /"level":(50|60)/.test(line));
}
