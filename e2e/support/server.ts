// Starts the *built* server (apps/server/dist/server.js) as a child process for browser tests:
// own free port, own temp DATA_DIR (so PGlite + uploads start empty), demo data on.
//
// A shop's first start makes a new database, migrates it and draws the demo catalogue: about 7 s of
// CPU, some 25 times a run. Within a run of scripts/test.sh (SHOP_TEST_CACHE_DIR set, a folder that
// lives as long as the run) the first server started with a given set of first-start settings
// leaves a copy of its DATA_DIR after a clean stop, and later servers with the same settings start
// on a copy of that copy, as a shop restarted on its data does. A first start is still what the
// first server of each kind does, and what every server with other settings and every server of
// the resilience tests (tests/resilience/lib/server-process.ts) does.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..');
const defaultEntry = join(repoRoot, 'apps', 'server', 'dist', 'server.js');

const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const MAX_LOG_CHARS = 2_000_000; // keep the tail only, a chatty server must not eat memory

export interface RunningServer {
  /** Base URL without trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  /** SIGTERM, wait for exit (SIGKILL after 10 s), remove the temp DATA_DIR. Idempotent. */
  stop(): Promise<void>;
  /** Everything the server wrote to stdout/stderr so far (pino JSON lines). */
  logs(): string;
}

export interface StartServerOptions {
  /** Extra/overriding environment for the server process. */
  env?: Record<string, string>;
  /** Script to run instead of apps/server/dist/server.js (absolute, or relative to the repo root). */
  entry?: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

/** The settings that shape what a first start writes; other ones leave the data as it is. */
const FIRST_START_SETTINGS = ['ADMIN_EMAIL', 'ADMIN_PASSWORD'];
/** Settings that change nothing in DATA_DIR. */
const RUNTIME_SETTINGS = ['WEB_DIST'];

/**
 * Where the copy of a first start with these settings is kept, or null when a server with them
 * starts on an empty DATA_DIR: outside a test run, or with settings this file does not know.
 */
function firstStartCopy(opts: StartServerOptions): string | null {
  const cache = process.env.SHOP_TEST_CACHE_DIR;
  if (!cache || opts.entry) return null;
  const env = opts.env ?? {};
  const known = [...FIRST_START_SETTINGS, ...RUNTIME_SETTINGS];
  if (Object.keys(env).some((k) => !known.includes(k))) return null;
  const shaping = FIRST_START_SETTINGS.map((k) => `${k}=${env[k] ?? ''}`).join('\n');
  return join(cache, `e2e-first-start-${createHash('sha256').update(shaping).digest('hex').slice(0, 16)}`);
}

export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  const copy = firstStartCopy(opts);
  if (copy && !existsSync(copy)) {
    // This run's first start with these settings: stopped cleanly, its DATA_DIR becomes the copy.
    const first = await launch(opts, await mkdtemp(join(tmpdir(), 'shop-e2e-')));
    await first.stop({ keepDataDir: true });
    await mkdir(dirname(copy), { recursive: true });
    await rename(first.dataDir, copy).catch(async (err: NodeJS.ErrnoException) => {
      await rm(first.dataDir, { recursive: true, force: true });
      if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err; // another test made it first
    });
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-e2e-'));
  if (copy) await cp(copy, dataDir, { recursive: true });
  return launch(opts, dataDir);
}

async function launch(
  opts: StartServerOptions,
  dataDir: string,
): Promise<RunningServer & { stop(o?: { keepDataDir?: boolean }): Promise<void> }> {
  const entry = resolve(repoRoot, opts.entry ?? defaultEntry);
  if (!existsSync(entry)) {
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`${entry} does not exist — run \`npm run build\` first.`);
  }

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;

  // Inherit PATH etc., but never the developer's database: unset DATABASE_URL = PGlite in DATA_DIR.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    DEMO: '1',
    PUBLIC_URL: url,
    ...opts.env,
  };

  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > MAX_LOG_CHARS) output = output.slice(-MAX_LOG_CHARS);
  };

  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const exited = new Promise<void>((resolveExit) => {
    child.once('exit', () => resolveExit());
    // spawn failure (e.g. ENOENT) emits 'error' and maybe no 'exit'
    child.once('error', (err) => {
      collect(Buffer.from(`\n[startServer] spawn error: ${err.message}\n`));
      resolveExit();
    });
  });
  const isRunning = () => child.exitCode === null && child.signalCode === null;

  // The child must never outlive the test process. 'exit' handlers must be synchronous.
  const killOnExit = () => {
    if (isRunning()) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  // On a signal, kill the child, then re-raise so the default behaviour (terminate) still happens.
  const killOnSignal = (signal: NodeJS.Signals) => {
    killOnExit();
    process.kill(process.pid, signal);
  };
  process.on('exit', killOnExit);
  process.once('SIGINT', killOnSignal);
  process.once('SIGTERM', killOnSignal);

  let stopping: Promise<void> | undefined;
  const stop = ({ keepDataDir = false } = {}): Promise<void> => {
    stopping ??= (async () => {
      if (isRunning()) {
        child.ref(); // keep the event loop alive until the child is really gone
        child.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        const timedOut = await Promise.race([
          exited.then(() => false),
          new Promise<boolean>((r) => {
            timer = setTimeout(() => r(true), STOP_TIMEOUT_MS);
          }),
        ]);
        clearTimeout(timer);
        if (timedOut && isRunning()) {
          collect(
            Buffer.from(`\n[startServer] no exit ${STOP_TIMEOUT_MS} ms after SIGTERM, sending SIGKILL\n`),
          );
          child.kill('SIGKILL');
          await exited;
        }
      }
      process.off('exit', killOnExit);
      process.off('SIGINT', killOnSignal);
      process.off('SIGTERM', killOnSignal);
      if (!keepDataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
    })();
    return stopping;
  };

  // Wait for GET /api/health → 200.
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let lastProblem = 'no attempt yet';
  while (true) {
    if (!isRunning()) {
      await stop();
      throw new Error(
        `server exited before becoming healthy (code ${child.exitCode}, signal ${child.signalCode}).\n--- server logs ---\n${output}`,
      );
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      if (res.status === 200) break;
      lastProblem = `HTTP ${res.status}`;
    } catch (err) {
      lastProblem = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `server not healthy at ${url}/api/health after ${HEALTH_TIMEOUT_MS / 1000} s (last: ${lastProblem}).\n--- server logs ---\n${output}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  // A test that forgets stop() should not hang its file: from now on the child does not keep the
  // event loop alive (stop() re-refs it while waiting); the 'exit' handler above still kills it.
  child.unref();
  for (const stream of [child.stdout, child.stderr]) {
    (stream as unknown as { unref?: () => void } | null)?.unref?.();
  }

  return { url, dataDir, stop, logs: () => output };
}
