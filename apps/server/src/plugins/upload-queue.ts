/**
 * Photo uploads before their handler: admission and spooling.
 *
 * - In the `onRequest` hook, before a byte of the body is read: a `Content-Length` beyond the
 *   photo cap is a 413; when MAX_ACTIVE_UPLOADS uploads are already being received, waiting for an
 *   ingest slot or being processed, a 503 with `Retry-After` (the browser or the balancer tries
 *   again); otherwise the upload holds a place until both its response has gone and its handler
 *   has finished (a client that hangs up does not free the place of work still running).
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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '../lib/errors.ts';
import { MAX_CONCURRENT_INGESTS, MAX_UPLOAD_BYTES } from '../modules/images/pipeline.ts';
import type { RateLimitName } from './rate-limit.ts';

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

  constructor(
    readonly dir: string,
    release: () => void,
  ) {
    this.#release = release;
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

  async removeFiles(): Promise<void> {
    const files = this.#files.splice(0);
    await Promise.all(files.map((f) => unlink(f).catch(() => {})));
  }
}

const HOST = hostname().replace(/[^A-Za-z0-9.-]/g, '_');

/** Registered after the rate limits: an upload refused there never takes a place here. */
export function registerUploadQueue(app: FastifyInstance, opts: { dir: string }): void {
  let active = 0;
  let made: Promise<unknown> | undefined;
  const ensureDir = () => {
    made ??= mkdir(opts.dir, { recursive: true }).catch((err) => {
      made = undefined;
      throw err;
    });
    return made;
  };
  app.decorateRequest('upload', null);
  app.addHook('onRequest', async (req: FastifyRequest, reply) => {
    if (!req.routeOptions.config.upload) return;
    const declared = Number(req.headers['content-length']);
    if (declared > MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES)
      throw fail(413, 'IMAGE_TOO_LARGE', 'imageTooLarge');
    if (active >= MAX_ACTIVE_UPLOADS) {
      const err = fail(503, 'SERVICE_UNAVAILABLE', 'uploadsBusy') as ReturnType<typeof fail> & {
        retryAfter?: number;
      };
      err.retryAfter = UPLOADS_BUSY_RETRY_SECONDS;
      throw err;
    }
    await ensureDir();
    active++;
    const place = new UploadPlace(opts.dir, () => {
      active--;
    });
    req.upload = place;
    reply.raw.once('close', () => place.drop());
  });
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
