/**
 * Photo uploads before their handler: admission, pace and spooling.
 *
 * - In the `onRequest` hook, before a byte of the body is read: a `Content-Length` beyond the
 *   photo cap is a 413; a client (its visitor cookie, or its address) already holding its share of
 *   places is a 429; when MAX_ACTIVE_UPLOADS uploads are already being received, waiting for an
 *   ingest slot or being processed, a 503 with `Retry-After` (the browser or the balancer tries
 *   again); otherwise the upload holds a place until both its response has gone and its handler
 *   has finished (a client that hangs up does not free the place of work still running).
 * - While the body arrives, its pace is watched: a body slower than UPLOAD_PACE after its grace
 *   period is cut with a 408, so a place cannot be held by dripping a byte now and then.
 * - The handler streams the photo to a temporary file in `DATA_DIR/tmp/uploads` (never the whole
 *   body in memory while it waits for a slot) and removes it when it is done, whatever happens;
 *   files a crash left behind are swept by the housekeeping job.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../lib/errors.ts';
import { MAX_CONCURRENT_INGESTS, MAX_UPLOAD_BYTES } from '../modules/images/index.ts';
import { clientAddress, type RateLimitName } from '../plugins/rate-limit.ts';

/**
 * Uploads an instance takes on at once: the ingest slots plus this many waiting. 20 x 25 MB on disk
 * is 500 MB of temporary files at most; the slots bound memory and CPU (see pipeline.ts).
 */
export const MAX_QUEUED_UPLOADS = 20;
export const MAX_ACTIVE_UPLOADS = MAX_CONCURRENT_INGESTS + MAX_QUEUED_UPLOADS;
/** What a browser may add to the photo in a multipart body: boundaries, part headers, fields. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** Seconds a refused upload is told to wait: about what two ingests take. */
export const UPLOADS_BUSY_RETRY_SECONDS = 5;
/**
 * Places one visitor (its `sid`) may hold at once: the editor sends one photo at a time, and a
 * retry while the first is still being processed makes two.
 */
export const MAX_UPLOADS_PER_VISITOR = 2;
/**
 * Places one address (an IPv6 /64) may hold at once. A store's Wi-Fi puts its kiosk and its
 * customers' phones behind one address, but its busiest ten minutes hold about 45 uploads of a few
 * seconds each, so more than two at the same moment is rare and four leaves room; a client that
 * renews its cookie still cannot take more than this, so it leaves the other places to others.
 */
export const MAX_UPLOADS_PER_ADDRESS = 4;

/**
 * The slowest body we keep receiving: after `graceMs`, every `windowMs` stretch must bring at
 * least `minBytesPerSecond` on average, or the upload is cut (408 UPLOAD_TOO_SLOW).
 *
 * 2 KB/s is 16 kbit/s: a phone on a bad 3G link sends 64-384 kbit/s, and even the EDGE fallback
 * sends 30-100 kbit/s, so an honest client is several times above it. The 10 s grace covers the
 * radio waking up, the TLS handshake and TCP's slow start; the 20 s window lets a link stall for
 * 10-15 s (a cell handover, retransmissions after a loss) without being cut. A client that slow
 * would not finish an ordinary 4 MB photo within the 300 s request timeout anyway (that needs
 * ~14 KB/s); the floor is there to end drips of a byte now and then, which cost the sender nothing.
 */
export const UPLOAD_PACE: UploadPace = { graceMs: 10_000, windowMs: 20_000, minBytesPerSecond: 2048 };

export interface UploadPace {
  graceMs: number;
  windowMs: number;
  minBytesPerSecond: number;
}
/** A temporary upload older than this belongs to no request (they time out after 5 minutes). */
const STALE_SPOOL_MS = 15 * 60_000;

/** The route options of a photo upload: counted against the upload limits and admitted here. */
export const UPLOAD_ROUTE = { rateLimit: 'upload' as RateLimitName, upload: true } as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A photo upload: admitted by the upload queue, its file spooled to disk. */
    upload?: boolean;
  }
  interface FastifyRequest {
    /** The upload's place in the queue and its temporary files; null outside upload routes. */
    upload: UploadPlace | null;
  }
  interface FastifyInstance {
    /** How many upload places this instance has taken now (of MAX_ACTIVE_UPLOADS). */
    uploadPlacesInUse: () => number;
  }
}

/** The photo of a form, on disk. */
export interface SpooledFile {
  path: string;
  size: number;
  /** The form's size cap cut it short. */
  truncated: boolean;
}

export class UploadPlace {
  #holds = 1;
  readonly #release: () => void;
  readonly #files: string[] = [];
  #cutDone = false;
  #rejectCut: (err: Error) => void = () => {};
  /** Rejects with the 408 if the body turns out too slow; never settles otherwise. */
  readonly cutSignal: Promise<never> = new Promise<never>((_, reject) => {
    this.#rejectCut = reject;
  });

  constructor(
    readonly dir: string,
    release: () => void,
  ) {
    this.#release = release;
    // Nobody may be reading the form when the cut comes (it came before the handler ran).
    this.cutSignal.catch(() => {});
  }

  /** The handler holds the place while it runs; `drop` when it is done. */
  hold(): void {
    this.#holds++;
  }

  drop(): void {
    if (this.#holds <= 0) return;
    this.#holds--;
    if (this.#holds === 0) this.#release();
  }

  /**
   * Streams a file part to a new temporary file; removed by `removeFiles`, even if this throws.
   * Reading starts at once (the directory exists since `onRequest`): a form cut short only ends
   * the part's stream while someone is reading it.
   */
  async spool(stream: Readable & { truncated?: boolean }): Promise<SpooledFile> {
    // The form parser gave up on the part before we got it (a body cut short): nothing to read,
    // and a pipeline from a stream destroyed without an error would wait for ever.
    if (stream.destroyed && !stream.readableEnded) throw fail(400, 'BAD_REQUEST', 'badRequest');
    const file = path.join(this.dir, `${HOST}~${process.pid}~${randomBytes(12).toString('hex')}`);
    this.#files.push(file);
    const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
    await pipeline(stream, out);
    return { path: file, size: out.bytesWritten, truncated: stream.truncated === true };
  }

  /** The body arrived too slowly: whoever reads the form gets `err` instead of waiting for it. */
  cut(err: Error): void {
    if (this.#cutDone) return;
    this.#cutDone = true;
    this.#rejectCut(err);
  }

  async removeFiles(): Promise<void> {
    const files = this.#files.splice(0);
    await Promise.all(files.map((f) => unlink(f).catch(() => {})));
  }
}

const HOST = hostname().replace(/[^A-Za-z0-9.-]/g, '_');

/** Registered after the rate limits: an upload refused there never takes a place here. */
export function registerUploadQueue(app: FastifyInstance, opts: { dir: string; pace?: UploadPace }): void {
  const pace = opts.pace ?? UPLOAD_PACE;
  let active = 0;
  const byVisitor = new Map<string, number>();
  const byAddress = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string, n: number) => {
    const next = (counts.get(key) ?? 0) + n;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  let made: Promise<unknown> | undefined;
  const ensureDir = () => {
    made ??= mkdir(opts.dir, { recursive: true }).catch((err) => {
      made = undefined;
      throw err;
    });
    return made;
  };
  const withRetry = (err: ReturnType<typeof fail>) => {
    (err as ReturnType<typeof fail> & { retryAfter?: number }).retryAfter = UPLOADS_BUSY_RETRY_SECONDS;
    return err;
  };
  app.decorateRequest('upload', null);
  app.decorate('uploadPlacesInUse', () => active);
  app.addHook('onRequest', async (req: FastifyRequest, reply) => {
    if (!req.routeOptions.config.upload) return;
    const declared = Number(req.headers['content-length']);
    if (declared > MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES)
      throw fail(413, 'IMAGE_TOO_LARGE', 'imageTooLarge');
    const visitor = req.visitorId;
    const address = clientAddress(req);
    // A client over its share is told so before the shop as a whole is: its own uploads are what
    // it waits for, and the places it does not hold stay free for everyone else.
    if (
      (byVisitor.get(visitor) ?? 0) >= MAX_UPLOADS_PER_VISITOR ||
      (byAddress.get(address) ?? 0) >= MAX_UPLOADS_PER_ADDRESS
    ) {
      throw withRetry(fail(429, 'TOO_MANY_UPLOADS', 'uploadsPerClient'));
    }
    if (active >= MAX_ACTIVE_UPLOADS) throw withRetry(fail(503, 'SERVICE_UNAVAILABLE', 'uploadsBusy'));
    // The place is taken in the same turn as the check: with an await between them, uploads that
    // arrive together would all pass the check before any of them counted (one address held 5).
    active++;
    add(byVisitor, visitor, 1);
    add(byAddress, address, 1);
    const release = () => {
      active--;
      add(byVisitor, visitor, -1);
      add(byAddress, address, -1);
    };
    try {
      await ensureDir();
    } catch (err) {
      release();
      throw err;
    }
    const place = new UploadPlace(opts.dir, release);
    const stopWatching = watchPace(req, reply, pace, (err) => place.cut(err));
    req.upload = place;
    reply.raw.once('close', () => {
      stopWatching();
      place.drop();
    });
  });
}

/**
 * Samples the bytes the connection has received (headers and body alike: a drip anywhere in the
 * form counts) and cuts the upload when a window of `pace.windowMs` brought less than its floor.
 * Stops once the body is complete: from then on the upload waits for us, not for the client.
 */
function watchPace(
  req: FastifyRequest,
  reply: FastifyReply,
  pace: UploadPace,
  cut: (err: Error) => void,
): () => void {
  const socket = req.raw.socket as { bytesRead?: unknown } | null;
  // Injected requests (tests, light-my-request) have no real socket to measure.
  if (typeof socket?.bytesRead !== 'number') return () => {};
  const bytes = () => socket.bytesRead as number;
  const start = Date.now();
  const samples: Array<{ at: number; bytes: number }> = [{ at: start, bytes: bytes() }];
  const tick = Math.max(50, Math.min(1000, Math.floor(pace.windowMs / 4)));
  const timer = setInterval(() => {
    if (req.raw.complete) return clearInterval(timer);
    const now = Date.now();
    samples.push({ at: now, bytes: bytes() });
    while (samples.length > 1 && samples[1]!.at <= now - pace.windowMs) samples.shift();
    if (now - start < pace.graceMs) return;
    const from = samples[0]!;
    const elapsed = (now - from.at) / 1000;
    if (elapsed > 0 && bytes() - from.bytes < pace.minBytesPerSecond * elapsed) {
      clearInterval(timer);
      // The rest of the body is not worth waiting for: answer and close the connection.
      reply.header('connection', 'close');
      cut(fail(408, 'UPLOAD_TOO_SLOW', 'uploadTooSlow'));
    }
  }, tick);
  timer.unref();
  return () => clearInterval(timer);
}

/** Removes temporary uploads no request owns any more (a crash, a killed process). */
export async function sweepSpooledUploads(dir: string, olderThanMs = STALE_SPOOL_MS): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && Date.now() - info.mtimeMs > olderThanMs) {
      await unlink(file).catch(() => {});
      removed++;
    }
  }
  return removed;
}
