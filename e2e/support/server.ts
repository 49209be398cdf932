// Starts the *built* server (apps/server/dist/server.js) as a child process for browser tests:
// own free port, own temp DATA_DIR (so PGlite + uploads start empty), demo data on.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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

export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  const entry = resolve(repoRoot, opts.entry ?? defaultEntry);
  if (!existsSync(entry)) {
    throw new Error(`${entry} does not exist — run \`npm run build\` first.`);
  }

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-e2e-'));

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
  const stop = (): Promise<void> => {
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
      await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
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
