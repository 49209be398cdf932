/** The HTTP server's timeouts, which Fastify leaves off or long by default. */

export interface HttpTimeouts {
  /** The whole request, body included, must arrive within this: a 25 MB photo on a slow line fits. */
  requestMs: number;
  /** A connection with no byte in either direction for this long is closed (above keepAliveTimeout). */
  idleMs: number;
  /** The request line and headers must arrive within this. */
  headersMs: number;
  /** How often Node looks for requests past requestMs / headersMs. */
  checkIntervalMs: number;
}

/**
 * Fastify turns Node's request timeout off by default: a client trickling a body byte by byte
 * would hold its connection (and a parser's buffers) for ever.
 */
export const HTTP_TIMEOUTS: HttpTimeouts = {
  requestMs: 300_000,
  idleMs: 90_000,
  headersMs: 60_000,
  checkIntervalMs: 30_000,
};
