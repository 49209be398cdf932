import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

/**
 * The id of the request being served, wherever its work goes: every log line of a request carries
 * it (`reqId`), the jobs it queues keep it (`jobs.request_id`), and their runs log it again, on
 * whichever instance runs them. Random rather than Fastify's per-process counter, so ids from
 * several instances never collide.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

/** 12 characters, 72 random bits. */
export const newRequestId = (): string => randomBytes(9).toString('base64url');

/** The request (or the job started by one) this code runs for, or null outside any. */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}

/** Runs `work` as part of a request: the jobs it queues carry the request's id. */
export function withRequestId<T>(requestId: string | null, work: () => T): T {
  return requestId ? storage.run({ requestId }, work) : work();
}
