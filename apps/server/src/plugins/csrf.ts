import { createHmac, timingSafeEqual } from 'node:crypto';
// Cookies on requests and replies are declared by the cookie plugin the app registers.
import type {} from '@fastify/cookie';
import { XSRF_HEADER, xsrfCookieName } from '@shop/contracts/csrf';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../lib/errors.ts';
import { randomToken } from '../lib/ids.ts';
import { RecentKeys } from '../lib/recent-keys.ts';

/**
 * Signed double-submit cookie (OWASP). Every visitor gets an httpOnly `sid`; the token cookie
 * (`__Host-XSRF-TOKEN` in production, `XSRF-TOKEN` over plain http while developing: the names are
 * in @shop/contracts/csrf), readable by the SPA, holds `random.HMAC(sid, random)`. A non-GET/HEAD request must echo
 * it in `X-XSRF-TOKEN`, and the token must be signed for that visitor's `sid`.
 */
/** The visitor cookie's name outside production; production uses `__Host-sid` (see env.ts). */
export const SID_COOKIE = 'sid';
/** Node gives header names in lower case. */
const XSRF_HEADER_NAME = XSRF_HEADER.toLowerCase();

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set to false on calls that other servers make (the payment gateway's notification). */
    csrf?: boolean;
  }
  interface FastifyRequest {
    visitorId: string;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * The visitor cookie outlives the browser session: the orders a visitor makes belong to it (ADR
 * 21), and a design left half done is offered again another day on the same device. Renewed with
 * each new browser session (when the session-only token cookie is issued again).
 */
export const SID_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
const SID = /^[A-Za-z0-9_-]{22}$/;
/** Valid (visitor, token) pairs remembered; about 150 bytes each. */
const VERIFIED_MAX = 10_000;

export interface Csrf {
  /** Whether these request cookies are a known visitor's: a valid visitor id and its token. */
  knownVisitor(cookies: { [name: string]: string | undefined }): boolean;
}

export function registerCsrf(
  app: FastifyInstance,
  opts: { secret: string; secureCookies: boolean; sidCookie?: string },
): Csrf {
  const sidCookie = opts.sidCookie ?? SID_COOKIE;
  const xsrfCookie = xsrfCookieName(opts.secureCookies);
  const sign = (sid: string, nonce: string) =>
    createHmac('sha256', opts.secret).update(`csrf:${sid}:${nonce}`).digest('base64url');

  const tokenFor = (sid: string) => {
    const nonce = randomToken();
    return `${nonce}.${sign(sid, nonce)}`;
  };

  // Tokens already found valid for their visitor: a browser sends the same pair on every request,
  // and an HMAC for each one was a tenth of the CPU of a cached catalogue read. Only valid pairs
  // are kept (no one else can make one), at most VERIFIED_MAX, the least recently seen out first.
  const verified = new RecentKeys(VERIFIED_MAX);
  const valid = (sid: string, token: string | undefined): boolean => {
    if (!token) return false;
    const key = `${sid}|${token}`;
    if (verified.has(key)) return true;
    const [nonce, mac] = token.split('.');
    if (!nonce || !mac || token.length > 200) return false;
    const expected = Buffer.from(sign(sid, nonce));
    const given = Buffer.from(mac);
    const ok = expected.length === given.length && timingSafeEqual(expected, given);
    if (ok) verified.add(key);
    return ok;
  };

  const cookieOpts = { path: '/', sameSite: 'lax' as const, secure: opts.secureCookies };

  app.decorateRequest('visitorId', '');

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    let sid = req.cookies[sidCookie];
    const fresh = !sid || !SID.test(sid);
    if (fresh || !sid) sid = randomToken();
    req.visitorId = sid;
    const cookieToken = req.cookies[xsrfCookie];
    if (fresh || !valid(sid, cookieToken)) {
      reply.setCookie(sidCookie, sid, { ...cookieOpts, httpOnly: true, maxAge: SID_MAX_AGE_SECONDS });
      reply.setCookie(xsrfCookie, tokenFor(sid), { ...cookieOpts, httpOnly: false });
    }

    if (SAFE_METHODS.has(req.method) || req.routeOptions.config.csrf === false) return;

    // A browser tells us where a request comes from; another site's page is refused outright.
    const site = req.headers['sec-fetch-site'];
    if (site === 'cross-site') throw fail(403, 'CSRF_FAILED', 'csrfFailed');
    const origin = req.headers.origin;
    if (origin && origin !== 'null') {
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        throw fail(403, 'CSRF_FAILED', 'csrfFailed');
      }
      if (host !== req.headers.host) throw fail(403, 'CSRF_FAILED', 'csrfFailed');
    }

    const header = req.headers[XSRF_HEADER_NAME];
    const token = Array.isArray(header) ? header[0] : header;
    if (fresh || !token || token !== cookieToken || !valid(sid, token)) {
      throw fail(403, 'CSRF_FAILED', 'csrfFailed');
    }
  });

  return {
    knownVisitor: (cookies) => {
      const sid = cookies[sidCookie];
      return sid !== undefined && SID.test(sid) && valid(sid, cookies[xsrfCookie]);
    },
  };
}
