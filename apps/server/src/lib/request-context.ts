import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

/**
 * The id of the request being served, wherever its work goes: every log line of a request carries
 * it (`reqId`), the jobs it queues keep it (`jobs.request_id`), and their runs log it again, on
 * whichever instance runs them. Random rather than Fastify's per-process counter, so ids from
 * several instances never collide.
 */
const storage = new AsyncLocalStorage<{ requestId: string; changed?: boolean }>();

/** 12 characters, 72 random bits. */
export const newRequestId = (): string => randomBytes(9).toString('base64url');

/** The request (or the job started by one) this code runs for, or null outside any. */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}

/** Runs `work` as part of a request (the jobs it queues carry its id), or of none when null. */
export function withRequestId<T>(requestId: string | null, work: () => T): T {
  return requestId ? storage.run({ requestId }, work) : storage.exit(work);
}

/** The database client's note that a write of this request (or job) has been committed. */
export function noteCommittedChange(): void {
  const store = storage.getStore();
  if (store) store.changed = true;
}

/**
 * Whether this request has committed a change: a failure after one must not be answered as a
 * retryable 503, since a balancer (or the browser) would send the request again and repeat it.
 */
export function requestChangedData(): boolean {
  return storage.getStore()?.changed === true;
}

/**
 * Runs bookkeeping that a repeated request repeats harmlessly (a rate-limit counter, a session's
 * last use): what it writes does not count as the request's change.
 */
export function asBookkeeping<T>(work: () => T): T {
  const store = storage.getStore();
  return store ? storage.run({ requestId: store.requestId }, work) : work();
}
