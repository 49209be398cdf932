import { isIP } from 'node:net';
import { messages } from '@shop/contracts/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
// The visitor id of each request is declared (and set) by the forgery protection.
import type {} from './csrf.ts';

/**
 * Fixed-window counter kept in the database, so that every instance behind the load balancer
 * counts the same attempts. Throws 429 once `limit` hits fall in one window.
 */
export async function hit(q: Queryable, key: string, limit: number, windowSeconds: number): Promise<void> {
  const { rows } = await q.query<{ hits: number; retry: number }>(
    `INSERT INTO rate_limits AS r (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET ${COUNT('$2')}
     RETURNING hits, ${RETRY('$2')} AS retry`,
    [key, windowSeconds],
  );
  const row = rows[0];
  if (row && row.hits > limit) throw rateLimited(row.retry);
}

/** The window restarts once it is over; otherwise one more hit. */
const COUNT = (window: string) => `
  hits = CASE WHEN r.window_start < now() - make_interval(secs => ${window}) THEN 1 ELSE r.hits + 1 END,
  window_start = CASE WHEN r.window_start < now() - make_interval(secs => ${window}) THEN now() ELSE r.window_start END`;
const RETRY = (window: string) =>
  `ceil(extract(epoch FROM (r.window_start + make_interval(secs => ${window}) - now())))::int`;

/**
 * Two counters of one window in one statement (the address's and the visitor's): one round trip
 * per limited request. Throws 429 when either is over its limit.
 */
async function hitBoth(
  q: Queryable,
  counters: [{ key: string; limit: number }, { key: string; limit: number }],
  windowSeconds: number,
): Promise<void> {
  const { rows } = await q.query<{ key: string; hits: number; retry: number }>(
    `INSERT INTO rate_limits AS r (key, window_start, hits) VALUES ($1, now(), 1), ($2, now(), 1)
     ON CONFLICT (key) DO UPDATE SET ${COUNT('$3')}
     RETURNING key, hits, ${RETRY('$3')} AS retry`,
    [counters[0].key, counters[1].key, windowSeconds],
  );
  for (const row of rows) {
    const limit = counters.find((c) => c.key === row.key)!.limit;
    if (row.hits > limit) throw rateLimited(row.retry);
  }
}

/** The API's 429, with the seconds to wait for `Retry-After`. */
export function rateLimited(retryAfterSeconds: number): AppError {
  const err = new AppError(429, 'RATE_LIMITED', messages.rateLimited) as AppError & { retryAfter?: number };
  err.retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  return err;
}

/** Forgets the counter, e.g. after a successful sign-in. */
export async function reset(q: Queryable, key: string): Promise<void> {
  await q.query('DELETE FROM rate_limits WHERE key = $1', [key]);
}

/**
 * The client's address as a rate-limit key: `req.ip`, which behind proxies is the address the last
 * proxy that `TRUST_PROXY` trusts saw (lib/trust-proxy.ts). An IPv6 client holds a whole /64 (its
 * router hands out addresses from it at will), so it counts as one; an IPv4-mapped IPv6 address
 * counts as the IPv4 one.
 */
export function clientAddress(req: Pick<FastifyRequest, 'ip'>): string {
  const ip = req.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/**
 * Limits per client address and per visitor (the `sid` cookie), in requests per window. A store's
 * kiosk and its shared Wi-Fi put many honest customers behind one address, so the per-address
 * ceilings leave room for a busy store (several times its busiest ten minutes, see ADR 0013); the
 * per-visitor ones are tighter. A script that renews its cookie stays under the address's ceiling.
 */
export const RATE_LIMITS = {
  /** Photo uploads (`POST`/`PUT /api/images`, the phone's upload). */
  upload: { windowSeconds: 10 * 60, perVisitor: 30, perAddress: 150 },
  /** `POST /api/orders`. */
  order: { windowSeconds: 10 * 60, perVisitor: 20, perAddress: 100 },
  /** Phone upload links (`getUrl`, `generateQR`). */
  uploadLink: { windowSeconds: 10 * 60, perVisitor: 40, perAddress: 200 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;
export type RateLimits = Record<
  RateLimitName,
  { windowSeconds: number; perVisitor: number; perAddress: number }
>;

/** Counters older than this are of no use to any window: the housekeeping job deletes them. */
export const RATE_LIMIT_RETENTION_SECONDS = 2 * 60 * 60;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The limit a route is counted against, before its body is read. */
    rateLimit?: RateLimitName;
  }
}

/**
 * Counts every request of a limited route in an `onRequest` hook: before a byte of its body is
 * read, so a refused upload costs a database round trip, not 25 MB. Registered after the
 * forgery-protection hook, which gives the visitor id.
 */
export function registerRateLimits(
  app: FastifyInstance,
  db: Queryable,
  limits: RateLimits = RATE_LIMITS,
): void {
  app.addHook('onRequest', async (req) => {
    const name = req.routeOptions.config.rateLimit;
    if (!name) return;
    const limit = limits[name];
    await hitBoth(
      db,
      [
        { key: `${name}:address:${clientAddress(req)}`, limit: limit.perAddress },
        { key: `${name}:visitor:${req.visitorId}`, limit: limit.perVisitor },
      ],
      limit.windowSeconds,
    );
  });
}

/** Deletes counters whose window ended long ago; a plain DELETE, safe on every instance at once. */
export async function purgeRateLimits(q: Queryable): Promise<number> {
  const { rowCount } = await q.query(
    'DELETE FROM rate_limits WHERE window_start < now() - make_interval(secs => $1)',
    [RATE_LIMIT_RETENTION_SECONDS],
  );
  return rowCount ?? 0;
}
