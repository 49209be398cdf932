// What the customer sees when something goes wrong: every case shows its text of the message
// catalogue (docs/product.md §8), and a slow, stale search answer never replaces a newer one.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import type { Browser, Page, Route } from 'playwright-core';
import {
  eventually,
  getJson,
  pageHeading,
  rememberCookieConsent,
  storeCode,
  withoutPageData,
} from './storefront-support.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function withPage(body: (page: Page) => Promise<void>): Promise<void> {
  const { page, context } = await newPage(browser, 'phone');
  try {
    await rememberCookieConsent(context);
    await body(page);
  } finally {
    await context.close();
  }
}

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

const failWith = (status: number, body: object) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

const serverError = failWith(500, { error: 'INTERNAL', message: messages.internal });

/** Opens the store homepage, which keeps the store in the session like a customer's visit. */
async function enterStore(page: Page, storeId = 1): Promise<void> {
  await page.goto(`${server.url}/store/${await storeCode(server.url, storeId)}`);
  await page.getByRole('link', { name: '¡Empezar! con Apple' }).waitFor();
}

test('store links: a garbage code, a missing code and a down store', async () => {
  await withPage(async (page) => {
    await page.goto(`${server.url}/store/garbage!!`);
    await alert(page, messages.pageLoadFailed).waitFor();

    await page.goto(`${server.url}/store/%20`);
    await alert(page, messages.invalidStoreUrl).waitFor();

    await page.goto(`${server.url}/store/${await storeCode(server.url, 5)}`);
    await alert(page, messages.invalidStore).waitFor();
    await page.getByRole('link', { name: 'Elegir otra tienda' }).click();
    await page.waitForURL(`${server.url}/store`);
  });
});

test('store homepage: failing validation, and failing brands (which bring their model counts)', async () => {
  await withPage(async (page) => {
    // The page as it is reached within the shop, asking for its data (not the answers of its HTML).
    await withoutPageData(page, server.url);
    await page.route('**/api/stores/*/validate', serverError);
    await page.goto(`${server.url}/store/${await storeCode(server.url, 1)}`);
    await alert(page, messages.storeValidationFailed).waitFor();
    await page.unroute('**/api/stores/*/validate');

    await page.route('**/api/brands*', serverError);
    await page.reload();
    await alert(page, messages.brandsLoadFailed).waitFor();
  });
});

test('store selection: failing list, details, validation and link code', async () => {
  await withPage(async (page) => {
    await page.route('**/api/stores', serverError);
    await page.goto(`${server.url}/store`);
    await alert(page, messages.storesLoadFailed).waitFor();
    await page.unroute('**/api/stores');

    await page.route('**/api/stores/1', serverError);
    await page.reload();
    const select = page.getByLabel('Selecciona una tienda:');
    await select.selectOption('1');
    await alert(page, messages.storeInfoFailed).waitFor();
    await page.unroute('**/api/stores/1');

    const choose = page.getByRole('button', { name: 'Elegir esta tienda' });
    const validate = '**/api/stores/2/validate';
    for (const [handler, text] of [
      [failWith(409, { error: 'STORE_DOWN', message: messages.storeIsDown }), messages.storeInvalidOrDown],
      [failWith(200, { message: 'Store is closed' }), messages.storeInvalidOrDown],
      [serverError, messages.storeValidatingFailed],
    ] as const) {
      await page.route(validate, handler);
      await page.reload();
      await select.selectOption('2');
      await choose.click();
      await alert(page, text).waitFor();
      await page.unroute(validate);
    }

    await page.route('**/api/stores/2/false', serverError);
    await choose.click();
    await alert(page, messages.storeQrFailed).waitFor();
    assert.equal(new URL(page.url()).pathname, '/store');
  });
});

test('models: no store in the session sends the customer to the store selection', async () => {
  await withPage(async (page) => {
    await page.goto(`${server.url}/models/1`);
    await page.waitForURL(`${server.url}/store`);
    await alert(page, messages.storeNotFound).waitFor();
    await pageHeading(page).filter({ hasText: '¡Tu funda personalizada en unos clics!' }).waitFor();
  });
});

test('models: unknown brands, failing brand details and failing filters', async () => {
  await withPage(async (page) => {
    await enterStore(page);
    for (const brand of ['abc', '999']) {
      await page.goto(`${server.url}/models/${brand}`);
      await alert(page, messages.brandNotFound).waitFor();
    }

    await withoutPageData(page, server.url);
    await page.route('**/api/brands/1', serverError);
    await page.goto(`${server.url}/models/1`);
    await alert(page, messages.brandDetailsFailed).waitFor();
    await page.unroute('**/api/brands/1');

    await page.route((url) => url.pathname === '/api/models' && url.searchParams.has('filtro'), serverError);
    await page.reload();
    await page
      .getByRole('button', { name: /^Personalizar / })
      .first()
      .waitFor();
    await page.getByRole('searchbox', { name: 'Buscar modelos por nombre' }).fill('pro');
    await alert(page, messages.modelsFilterFailed).waitFor();
  });
});

test('models: a slow answer to an older search never replaces the newer results', async () => {
  await withPage(async (page) => {
    await enterStore(page);
    let slowSearchSeen = false;
    await page.route(
      (url) => url.pathname === '/api/models' && url.searchParams.get('filtro') === '13',
      async (route) => {
        slowSearchSeen = true;
        await new Promise((resolve) => setTimeout(resolve, 1500));
        // The page may have aborted the request meanwhile; then there is nothing left to answer.
        await route.continue().catch(() => undefined);
      },
    );
    await page.goto(`${server.url}/models/1`);
    const titles = page.getByRole('main').getByRole('heading', { level: 2 });
    await titles.first().waitFor();

    const expected = await getJson<ModelPage>(`${server.url}/api/models?store=1&brand=1&filtro=16`);
    const search = page.getByRole('searchbox', { name: 'Buscar modelos por nombre' });
    await search.fill('13');
    await search.fill('16');
    const newest = expected.items.map((model) => model.name);
    await eventually(async () => assert.deepEqual(await titles.allTextContents(), newest));

    await new Promise((resolve) => setTimeout(resolve, 2500));
    assert.ok(slowSearchSeen, 'the first search was sent (and held back)');
    assert.deepEqual(await titles.allTextContents(), newest);
    await page.getByRole('status').filter({ hasText: '«16»' }).waitFor();
  });
});

test('order creation: a failure shows its message, a stale anti-forgery token is renewed', async () => {
  await withPage(async (page) => {
    await enterStore(page);
    await page.goto(`${server.url}/models/1`);
    const first = (await getJson<ModelPage>(`${server.url}/api/models?store=1&brand=1`)).items[0]!;
    const pick = page.getByRole('button', { name: `Personalizar ${first.name}` });

    await page.route('**/api/orders', serverError);
    await pick.click();
    await alert(page, messages.orderCreateFailed).waitFor();
    await page.unroute('**/api/orders');

    // A token the server no longer accepts (as after the browser dropped its session cookies):
    // the first attempt is refused with a fresh token, the retry goes through.
    await page.waitForLoadState('networkidle');
    await page.context().addCookies([{ name: 'XSRF-TOKEN', value: 'stale.token', url: server.url }]);
    const attempts: number[] = [];
    page.on('response', (res) => {
      if (res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/orders')
        attempts.push(res.status());
    });
    await pick.click();
    await page.waitForURL(`${server.url}/editor-modelo`);
    assert.deepEqual(attempts, [403, 201]);
  });
});
