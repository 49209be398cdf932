// Shared helpers of the storefront browser tests (storefront-*.test.ts).
import assert from 'node:assert/strict';
import type { ModelPage } from '@shop/contracts/catalogue';
import type { Company } from '@shop/contracts/config';
import { PAGE_DATA_ELEMENT_ID } from '@shop/contracts/storefront';
import type { Origin } from '@shop/contracts/stores';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { BROWSER_WAIT_MS } from './support/browser.ts';

/** Retries `check` (an assertion) until it passes or `timeoutMs` is over; then throws its last error. */
export async function eventually(
  check: () => Promise<void> | void,
  timeoutMs = BROWSER_WAIT_MS,
): Promise<void> {
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

/**
 * GET `url` as the visitor of a browser context (a page's, or the context itself): with its
 * cookies, so an order reads as its own session reads it. An order belongs to the session that
 * made it; a plain `fetch` from the test is another visitor, and is refused.
 */
export async function getJsonAs<T>(visitor: Pick<BrowserContext, 'request'>, url: string): Promise<T> {
  const res = await visitor.request.get(url);
  assert.equal(res.status(), 200, `GET ${url} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * The shop's pages arrive in `page` without the answers the server writes into them (the server's
 * plugins/page-html.ts), as a page reached within the shop does: its screen asks for its data
 * itself, and what the browser answers decides what it shows.
 */
export async function withoutPageData(page: Page, baseUrl: string): Promise<void> {
  const origin = new URL(baseUrl).origin;
  await page.route(
    (url) => url.origin === origin,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const headers = { ...response.headers() };
      // The body is given back decoded.
      delete headers['content-encoding'];
      delete headers['content-length'];
      const body = (await response.text()).replace(
        new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">[\\s\\S]*?</script>`),
        '',
      );
      await route.fulfill({ response, headers, body });
    },
  );
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

/** The shop's calls as the visitor of a browser context (its cookies and anti-forgery token). */
export async function customerApi(context: BrowserContext, baseUrl: string) {
  await context.request.get(`${baseUrl}/api/health`);
  const xsrf = (await context.cookies(baseUrl)).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const headers = { 'x-xsrf-token': xsrf };
  const call = async <T>(method: string, path: string, data?: unknown): Promise<T> => {
    const res = await context.request.fetch(`${baseUrl}${path}`, { method, headers, data });
    assert.ok(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const upload = async (buffer: Buffer, name: string, mimeType: string): Promise<string> => {
    const res = await context.request.post(`${baseUrl}/api/images`, {
      headers,
      multipart: { file: { name, mimeType, buffer } },
    });
    return ((await res.json()) as { uri: string }).uri;
  };
  return { call, upload, headers };
}

/**
 * An order of store 1's first model with a photo and its design in `colour`, to pay now and pick
 * up at the store, as the editor leaves it: made through the visitor's own calls. Its id.
 */
export async function payNowPickupOrder(
  api: Awaited<ReturnType<typeof customerApi>>,
  colour: string,
): Promise<string> {
  const { call, upload } = api;
  const model = (await call<ModelPage>('GET', '/api/models?store=1&size=1')).items[0]!;
  const { id } = await call<{ id: string }>('POST', '/api/orders', {
    store: { id: 1 },
    brand: { id: model.brand.id },
    model: { id: model.id },
  });
  const jpeg = await sharp({ create: { width: 900, height: 1400, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  await call('PUT', `/api/orders/${id}`, { image: await upload(jpeg, 'foto.jpg', 'image/jpeg') });
  const png = await sharp({ create: { width: 400, height: 800, channels: 4, background: colour } })
    .png()
    .toBuffer();
  await call('PUT', `/api/orders/${id}/design`, {
    design: await upload(png, 'design.png', 'image/png'),
    transform: { centerX: 0.5, centerY: 0.5, scale: 3.5, quarterTurns: 0, flipX: false },
  });
  await call('POST', `/api/orders/${id}/confirmPaymentMethod?paymentMethod=paynow`);
  await call('POST', `/api/orders/${id}/confirmInStorePickup`);
  return id;
}
