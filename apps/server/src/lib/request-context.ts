import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

/**
 * The id of the request being served, wherever its work goes: every log line of a request carries
 * it (`reqId`), the jobs it queues keep it (`jobs.request_id`), and their runs log it again, on
 * whichever instance runs them. Unlike Fastify's own counter, ids from several instances never
 * collide: each process counts behind a random prefix of its own.
 *
 * Only work that can queue jobs carries it: requests that may change something (any method but
 * GET, HEAD and OPTIONS) and the jobs queued by one. On Node 20 an AsyncLocalStorage in use turns
 * on a promise hook that every promise of the process pays for (the catalogue fell from 15.7k to
 * 9.7k requests/s with every request in a context, bench/http.ts), so the storage is switched off
 * whenever no such work is in flight (`hold` and `release`): reads alone never pay for it.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

/** Requests and jobs in flight that carry an id; the storage is on while there is one. */
let holders = 0;

/** This process's share of the ids: 48 random bits, so no two instances (or starts) share one. */
const PROCESS_PREFIX = randomBytes(6).toString('base64url');
let counter = 0;

/** The process's prefix and a counter in base 36: at least 9 characters, no random call per request. */
export const newRequestId = (): string => `${PROCESS_PREFIX}${(++counter).toString(36)}`;

/** The request (or the job started by one) this code runs for, or null outside any. */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}

/** Work whose id must be kept has started (the storage is switched on by `enter`). */
export function hold(): void {
  holders += 1;
}

/** Work that `hold` announced has ended: with none left, the storage (and its hook) goes off. */
export function release(): void {
  holders -= 1;
  if (holders <= 0) {
    holders = 0;
    storage.disable();
  }
}

/** Runs `work` in the request's context, between a `hold` and its `release`. */
export function enter<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** Runs async `work` as part of a request (the jobs it queues carry its id), or of none when null. */
export async function withRequestId<T>(requestId: string | null, work: () => Promise<T>): Promise<T> {
  if (!requestId) return holders > 0 ? storage.exit(work) : work();
  hold();
  try {
    return await enter(requestId, work);
  } finally {
    release();
  }
}

/** Whether the storage is on now (for tests of the switching). */
export function contextActive(): boolean {
  return holders > 0;
}
