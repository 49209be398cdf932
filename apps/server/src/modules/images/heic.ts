/**
 * The main thread's side of HEIC decoding: one lazily started worker (`heic-worker.ts`), reused for
 * every file, one file at a time (a WASM decode uses one core; the other serves requests).
 *
 * - The worker is unref'd while idle, so it never keeps the process alive, and ended after
 *   `IDLE_MS` without work: WebAssembly memory only grows, and a 48 MP decode leaves hundreds of
 *   MB behind in it.
 * - A decode that takes longer than `JOB_TIMEOUT_MS`, or a worker that dies, fails that file (the
 *   next one gets a fresh worker).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { HeicFailure, HeicJob, HeicReply } from './heic-worker.ts';

export interface DecodedHeic {
  width: number;
  height: number;
  channels: 3 | 4;
  /** 'raw': packed 8-bit pixels taken as sRGB; 'tiff': the same in a TIFF with their ICC profile. */
  format: 'raw' | 'tiff';
  bytes: Buffer;
}

export class HeicDecodeError extends Error {
  constructor(
    readonly reason: HeicFailure,
    detail: string,
  ) {
    super(`HEIC decode failed (${reason}): ${detail}`);
  }
}

const JOB_TIMEOUT_MS = 60_000;
const IDLE_MS = 30_000;

interface Job extends HeicJob {
  resolve: (value: DecodedHeic) => void;
  reject: (err: Error) => void;
}

/**
 * Bundled (`dist/server.js`): `dist/heic-worker.js`, which build.mjs bundles next to it. From
 * source (tsx: dev server, tests, benches): `heic-worker.ts` beside this file. Node 20 does not
 * apply the parent's `--import tsx` hooks to a worker's entry file, so a one-line ESM stub
 * registers tsx in the worker and then imports the TypeScript source.
 */
function createWorker(): Worker {
  const built = new URL('./heic-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return new Worker(built);
  const source = new URL('./heic-worker.ts', import.meta.url).href;
  let tsxApi = 'tsx/esm/api';
  try {
    tsxApi = import.meta.resolve(tsxApi);
  } catch {
    // resolved from the working directory instead
  }
  const stub = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(stub, { eval: true });
}

let worker: Worker | undefined;
let active: { job: Job; timer: NodeJS.Timeout } | undefined;
let idleTimer: NodeJS.Timeout | undefined;
const queue: Job[] = [];
let nextId = 1;

function startWorker(): Worker {
  const w = createWorker();
  w.on('message', (reply: HeicReply) => {
    if (!active || active.job.id !== reply.id) return;
    const { job, timer } = active;
    clearTimeout(timer);
    active = undefined;
    if (reply.ok) {
      job.resolve({
        width: reply.width,
        height: reply.height,
        channels: reply.channels,
        format: reply.format,
        bytes: Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength),
      });
    } else job.reject(new HeicDecodeError(reply.reason, reply.detail));
    pump();
  });
  w.on('error', (err) => abandon(w, `worker error: ${err.message}`));
  w.on('exit', (code) => abandon(w, `worker exited with code ${code}`));
  return w;
}

/** The worker died or hung: fail the file it was on, forget it, carry on with a new one. */
function abandon(w: Worker, detail: string): void {
  if (worker !== w) return;
  worker = undefined;
  void w.terminate();
  if (active) {
    clearTimeout(active.timer);
    active.job.reject(new HeicDecodeError('unreadable', detail));
    active = undefined;
  }
  pump();
}

function pump(): void {
  if (active) return;
  const job = queue.shift();
  if (!job) {
    worker?.unref();
    if (worker && !idleTimer) {
      idleTimer = setTimeout(() => {
        idleTimer = undefined;
        if (!active && queue.length === 0) void stopHeicDecoder();
      }, IDLE_MS);
      idleTimer.unref();
    }
    return;
  }
  if (idleTimer) {
    clearTimeout(idleTimer);
    idleTimer = undefined;
  }
  worker ??= startWorker();
  const w = worker;
  w.ref();
  const timer = setTimeout(() => abandon(w, `no answer after ${JOB_TIMEOUT_MS} ms`), JOB_TIMEOUT_MS);
  active = { job, timer };
  const message: HeicJob = {
    id: job.id,
    bytes: job.bytes,
    maxPixels: job.maxPixels,
    displayP3Icc: job.displayP3Icc,
  };
  w.postMessage(message, [job.bytes.buffer as ArrayBuffer]);
}

/**
 * Decodes the primary image of a HEIC/HEIF file to 8-bit RGB(A), rotation applied.
 * `displayP3Icc` is used for images that declare Display P3 by nclx code points.
 */
export function decodeHeic(
  input: Buffer,
  maxPixels: number,
  displayP3Icc: Uint8Array | null = null,
): Promise<DecodedHeic> {
  // A private copy: the caller's Buffer may share its memory, and this one is handed over.
  const bytes = new Uint8Array(input);
  return new Promise<DecodedHeic>((resolve, reject) => {
    queue.push({ id: nextId++, bytes, maxPixels, displayP3Icc, resolve, reject });
    pump();
  });
}

/** Ends the worker (e.g. on server shutdown or after tests); the next HEIC starts a new one. */
export async function stopHeicDecoder(): Promise<void> {
  const w = worker;
  worker = undefined;
  if (idleTimer) {
    clearTimeout(idleTimer);
    idleTimer = undefined;
  }
  if (active) {
    clearTimeout(active.timer);
    active.job.reject(new HeicDecodeError('unreadable', 'decoder stopped'));
    active = undefined;
  }
  if (w) await w.terminate();
  pump();
}
