/**
 * The forgery-protection token's cookie and header, for the server that sets them and the
 * storefront that echoes them. Free of zod: the storefront's entry imports it.
 *
 * In production the cookie is `__Host-` prefixed (Secure, whole site, this host only: a sibling
 * subdomain cannot plant one); while developing over plain http it cannot be, and keeps the plain
 * name. The storefront does not know which it runs under, so it reads the prefixed one first.
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_COOKIE_HOST = `__Host-${XSRF_COOKIE}`;
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The cookie's name: `__Host-XSRF-TOKEN` when cookies are Secure (production), else `XSRF-TOKEN`. */
export const xsrfCookieName = (secureCookies: boolean): string =>
  secureCookies ? XSRF_COOKIE_HOST : XSRF_COOKIE;

/** The token a page should echo, from a `document.cookie` string: the prefixed cookie's first. */
export function xsrfTokenFromCookies(cookieHeader: string): string | undefined {
  const found = new Map<string, string>();
  for (const part of cookieHeader.split(';')) {
    const [key = '', ...value] = part.trim().split('=');
    if ((key === XSRF_COOKIE_HOST || key === XSRF_COOKIE) && !found.has(key)) {
      found.set(key, decodeURIComponent(value.join('=')));
    }
  }
  return found.get(XSRF_COOKIE_HOST) ?? found.get(XSRF_COOKIE);
}
