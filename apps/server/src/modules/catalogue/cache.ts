import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { markReplayable } from '../../lib/replayable.ts';

type Encoding = 'br' | 'gzip';

interface Entry {
  body: string;
  etag: string;
  /** The cache's generation when the answer was computed: a later one means it may be stale. */
  generation: number;
  /** The body compressed, made on the first request that accepts each encoding. */
  encoded?: Partial<Record<Encoding, Promise<Buffer>>>;
}

/** Answers smaller than this go as they are: compressing would save less than a packet. */
const COMPRESS_MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. Browsers send
 * a plain list ("gzip, deflate, br, zstd"); an encoding given q=0 is refused.
 */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  // A browser sends the same header on every request: remember the last few answers.
  const known = encodingByHeader.get(header);
  if (known !== undefined) return known;
  const encoding = parseAcceptEncoding(header);
  if (encodingByHeader.size >= 64) encodingByHeader.clear();
  encodingByHeader.set(header, encoding);
  return encoding;
}
const encodingByHeader = new Map<string, Encoding | null>();

function parseAcceptEncoding(header: string): Encoding | null {
  let gzipOk = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip') gzipOk = true;
  }
  return gzipOk ? 'gzip' : null;
}

function encode(entry: Entry, encoding: Encoding): Promise<Buffer> {
  entry.encoded ??= {};
  // Compressed once per entry, off the event loop (zlib's thread pool). Quality 6 is within a few
  // per cent of the best brotli for these small JSON texts, at a fraction of its time.
  entry.encoded[encoding] ??=
    encoding === 'br'
      ? brotli(entry.body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
        })
      : gz(entry.body, { level: 6 });
  return entry.encoded[encoding];
}

/** Keys kept at most; search terms are unbounded, so the oldest entries make room. */
const MAX_ENTRIES = 2000;

/**
 * The customer catalogue (stores, brands, models) served from memory. It changes rarely and is
 * read on every page, and a PGlite query blocks the event loop, so answers are kept as ready JSON
 * text with an ETag. Any change empties the cache: changes made through this instance at once,
 * changes made through another instance when its database trigger's NOTIFY arrives.
 */
export class CatalogueCache {
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, Promise<Entry>>();
  #generation = 0;
  #stopListening: (() => Promise<void>) | null = null;
  #poll: NodeJS.Timeout | undefined;
  #seenVersion: number | null = null;

  /**
   * Listens for changes, and also compares the catalogue's version every few seconds: a missed
   * notification (a listening connection that did not come back yet) costs at most that long.
   */
  async start(db: Database, pollMs = 5000): Promise<void> {
    this.#stopListening = await db.listen('catalogue_changed', () => this.invalidate());
    this.#poll = setInterval(async () => {
      try {
        const { rows } = await db.query<{ version: number }>('SELECT version FROM catalogue_version');
        const version = rows[0]?.version ?? null;
        if (this.#seenVersion !== null && version !== this.#seenVersion) this.invalidate();
        this.#seenVersion = version;
      } catch {
        // The database is away: the next round will tell.
      }
    }, pollMs);
    this.#poll.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#poll);
    await this.#stopListening?.();
    this.#stopListening = null;
  }

  invalidate(): void {
    this.#generation++;
    this.#entries.clear();
    this.#pending.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cached answer for `key`, computing it once however many requests ask at the same time. */
  async get(key: string, compute: () => Promise<unknown>): Promise<Entry> {
    const hit = this.#entries.get(key);
    if (hit) return hit;
    const inFlight = this.#pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.#generation;
    const promise = compute().then((value) => {
      const body = JSON.stringify(value);
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      const entry: Entry = { body, etag, generation };
      // A change that happened while this was computed makes the answer stale: serve it once,
      // keep nothing.
      if (generation === this.#generation) {
        if (this.#entries.size >= MAX_ENTRIES)
          this.#entries.delete(this.#entries.keys().next().value as string);
        this.#entries.set(key, entry);
      }
      return entry;
    });
    this.#pending.set(key, promise);
    try {
      return await promise;
    } finally {
      if (this.#pending.get(key) === promise) this.#pending.delete(key);
    }
  }

  /**
   * Answers a customer read from the cache (staff get a fresh, uncached answer: they see hidden
   * items too), with an ETag so browsers revalidate for a 304 instead of a body.
   */
  async reply<T>(req: FastifyRequest, reply: FastifyReply, compute: () => Promise<T>): Promise<T> {
    if (req.staff) {
      reply.header('cache-control', 'private, no-store');
      return compute();
    }
    const entry = await this.get(req.url, compute);
    const encoding =
      entry.body.length >= COMPRESS_MIN_BYTES ? preferredEncoding(req.headers['accept-encoding']) : null;
    // Each encoding is its own representation, with its own strong validator.
    const etag = encoding ? `${entry.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"` : entry.etag;
    reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    // The same answer for every visitor until the catalogue changes: it may be given again at the
    // server's door (plugins/replay.ts).
    const current = () => entry.generation === this.#generation;
    if (req.headers['if-none-match'] === etag) {
      markReplayable(reply, '', current);
      return reply.code(304).send() as unknown as T;
    }
    reply.type('application/json; charset=utf-8');
    // The text is already JSON: sent as it is (or compressed once), past the response serializer.
    const body = encoding ? await encode(entry, encoding) : entry.body;
    markReplayable(reply, body, current);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body) as unknown as T;
  }
}
