import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';

interface Entry {
  body: string;
  etag: string;
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

  async start(db: Database): Promise<void> {
    this.#stopListening = await db.listen('catalogue_changed', () => this.invalidate());
  }

  async stop(): Promise<void> {
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
      const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
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
    reply.header('etag', entry.etag).header('cache-control', 'no-cache');
    // The text is already JSON: sent as it is, past the response serializer.
    const sent =
      req.headers['if-none-match'] === entry.etag
        ? reply.code(304).send()
        : reply.type('application/json; charset=utf-8').send(entry.body);
    return sent as unknown as T;
  }
}
