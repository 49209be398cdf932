// Shared helpers of the storefront browser tests (storefront-*.test.ts).
import assert from 'node:assert/strict';
import type { Company } from '@shop/contracts/config';
import type { Origin } from '@shop/contracts/stores';
import type { BrowserContext, Page } from 'playwright-core';

/** Retries `check` (an assertion) until it passes or `timeoutMs` is over; then throws its last error. */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  assert.equal(res.status, 200, `GET ${url} answered ${res.status}: ${await res.clone().text()}`);
  return (await res.json()) as T;
}

/** The code of a store link, as the store selection gets it. */
export async function storeCode(baseUrl: string, storeId: number, origin: Origin = 'false'): Promise<string> {
  return (await getJson<{ urlCode: string }>(`${baseUrl}/api/stores/${storeId}/${origin}`)).urlCode;
}

export async function company(baseUrl: string): Promise<Company> {
  return (await getJson<{ company: Company }>(`${baseUrl}/api/config`)).company;
}

/** For tests about something else: the visitor accepted the cookie notice on an earlier visit. */
export async function rememberCookieConsent(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => localStorage.setItem('cookieConsentAccepted', 'true'));
}

export const cookieBanner = (page: Page) => page.getByRole('region', { name: 'Aviso de cookies' });

export const pageHeading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Signs in to the staff API with the ADMIN_EMAIL / ADMIN_PASSWORD the server was started with. */
export async function adminApi(baseUrl: string, email: string, password: string) {
  const cookies = new Map<string, string>();
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = {
      cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    if (method !== 'GET') headers['x-xsrf-token'] = cookies.get('XSRF-TOKEN') ?? '';
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    assert.ok(res.ok, `${method} ${path} answered ${res.status}: ${await res.clone().text()}`);
    return (await res.json()) as T;
  };
  await call('GET', '/api/health');
  await call('POST', '/api/auth/login', { email, password });
  return call;
}
