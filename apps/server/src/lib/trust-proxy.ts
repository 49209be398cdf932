import { isIP } from 'node:net';

/**
 * Which proxies in front of the shop are trusted to say who the client is (`TRUST_PROXY`):
 *
 * - `0` (the default): none; the client is whoever opened the connection.
 * - a hop count, `1`, `2`...: that many proxies stand in front (a load balancer, then nginx...).
 *   The client is the address the farthest of them saw: the entry that many places from the
 *   right of `X-Forwarded-For`, counting the connection's own address as the first. What a client
 *   writes further left in the header is never believed.
 * - a comma-separated list of addresses and CIDR ranges (`10.0.0.0/8, 192.0.2.10`, or proxy-addr's
 *   names `loopback`, `linklocal`, `uniquelocal`): the proxies' own addresses. The client is the
 *   first address from the right that is not one of them.
 *
 * The value is what Fastify's `trustProxy` takes (a number or a list), so `req.ip`, and every rate
 * limit keyed on it, is the address the last trusted hop saw.
 */
export type TrustProxy = false | number | string[];

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validEntry(entry: string): boolean {
  if (NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** Reads `TRUST_PROXY`; an error message (naming what is wrong) for a value it cannot read. */
export function parseTrustProxy(
  value: string,
): { ok: true; value: TrustProxy } | { ok: false; message: string } {
  const text = value.trim();
  if (text === '' || text === '0') return { ok: true, value: false };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) return { ok: false, message: `a hop count of ${hops} is not a real set-up (at most 10)` };
    return { ok: true, value: hops };
  }
  const entries = text.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !validEntry(e));
  if (bad.length > 0) {
    return {
      ok: false,
      message: `expected 0, a hop count or a comma-separated list of addresses/CIDRs; cannot read ${bad
        .map((b) => JSON.stringify(b))
        .join(', ')}`,
    };
  }
  return { ok: true, value: entries };
}

/**
 * Fastify's `trustProxy` for a setting. A hop count becomes a function trusting the first `hops`
 * hops (Fastify 5 itself trusts no hop for a bare number): the connection's peer is hop 0, the
 * entry to its left in `X-Forwarded-For` hop 1, and so on.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
