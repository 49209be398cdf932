import type { FastifyReply } from 'fastify';

/**
 * A route's word that its answer may be given again, as it was, to the next request with the same
 * URL, `Accept-Encoding` and `If-None-Match` from a visitor without a staff session
 * (plugins/replay.ts), for as long as `current()` says it still holds.
 */
export interface Replayable {
  /** The bytes sent: the body as given to `reply.send` (empty for a 304). */
  body: Buffer | string;
  /** Whether the data it was made from is still what it is now (the catalogue's generation). */
  current: () => boolean;
}

declare module 'fastify' {
  interface FastifyReply {
    replayable: Replayable | null;
  }
}

/**
 * Marks `reply` as replayable. Only for answers that depend on nothing but the request's URL, its
 * `Accept-Encoding` and `If-None-Match`, and data `current()` follows: never on a staff answer, a
 * visitor's own data or an answer that sets a cookie (the plugin also refuses those).
 */
export function markReplayable(reply: FastifyReply, body: Buffer | string, current: () => boolean): void {
  reply.replayable = { body, current };
}
