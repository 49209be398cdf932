// A store's homepage and the models page, asked for directly (a link, a reload), come with the
// answers of their first screen (the server's plugins/page-html.ts): they show it without asking for
// it, the models page in its very first paint with its first row's pictures preloaded, and with the
// tab's own store whatever the browser's cookie says.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import { PRIORITY_MODEL_PICTURES, STORE_COOKIE } from '@shop/contracts/storefront';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eventually, getJson, rememberCookieConsent, storeCode } from './storefront-support.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

before(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The API calls and card pictures `page` asks for from now on. */
function requestsOf(page: Page) {
  const urls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) urls.push(`${url.pathname}${url.search}`);
  });
  return {
    api: () => urls.filter((u) => !u.startsWith('/api/images/')),
    pictures: () => urls.filter((u) => u.startsWith('/api/images/')),
    clear: () => urls.splice(0),
  };
}

const storeCookie = async (context: BrowserContext) =>
  (await context.cookies(server.url)).find((c) => c.name === STORE_COOKIE)?.value;

/** The page's largest content and its first contentful paint, as the browser measured them. */
async function paints(page: Page): Promise<{ lcp: string; lcpAt: number; fcpAt: number }> {
  return page.evaluate(
    () =>
      new Promise<{ lcp: string; lcpAt: number; fcpAt: number }>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element };
          const fcp = performance.getEntriesByName('first-contentful-paint')[0];
          resolve({
            lcp: last.element?.getAttribute('alt') ?? last.element?.tagName ?? '',
            lcpAt: last.startTime,
            fcpAt: fcp?.startTime ?? Number.NaN,
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

test('a store homepage and a reloaded models page show their first screen without asking for it', async () => {
  const { page, context, errors } = await newPage(browser, 'phone');
  try {
    await rememberCookieConsent(context);
    const code = await storeCode(server.url, 1);
    const requests = requestsOf(page);

    // The store's link: the store, its state and its brands with their counts came with the page.
    await page.goto(`${server.url}/store/${code}`);
    await page.getByRole('link', { name: '¡Empezar! con Apple' }).waitFor();
    assert.deepEqual(requests.api(), [], 'the store homepage asked for nothing');
    assert.equal(await storeCookie(context), '1', 'entering the store tells the server which it is');

    // Into the brand within the shop: the page asks, as before.
    requests.clear();
    await page.getByRole('link', { name: '¡Empezar! con Apple' }).click();
    await page.waitForURL(`${server.url}/models/1`);
    await page
      .getByRole('button', { name: /^Personalizar / })
      .first()
      .waitFor();
    assert.ok(
      requests.api().some((u) => u.startsWith('/api/models?store=1&brand=1')),
      'asked for the models',
    );

    // Reloaded: the list is there in the first paint, its largest content a picture of the first row,
    // which was preloaded with the page and fetched once.
    requests.clear();
    await page.reload();
    const firstRow = (
      await getJson<ModelPage>(`${server.url}/api/models?store=1&brand=1&page=1&size=20`)
    ).items.slice(0, PRIORITY_MODEL_PICTURES);
    const first = firstRow[0]!;
    const measured = await paints(page);
    // The first row's two pictures are the same size: the largest content is the one counted first.
    assert.ok(
      firstRow.some((m) => measured.lcp === `Funda para ${m.name}`),
      `a picture of the first row is the largest content: ${measured.lcp}`,
    );
    assert.equal(measured.lcpAt, measured.fcpAt, 'and it is in the first paint');
    assert.deepEqual(requests.api(), [], 'the models page asked for nothing');
    const cards = page.getByRole('button', { name: /^Personalizar / });
    assert.equal(await cards.count(), 18);
    const firstPicture = requests.pictures().filter((u) => u.startsWith(first.image!));
    assert.equal(firstPicture.length, 1, `one request for the first picture: ${firstPicture.join(', ')}`);
    // The other cards' pictures follow once the page is painted.
    await eventually(async () => {
      const loaded = await page
        .locator('.model-card img')
        .evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).complete).length);
      assert.ok(loaded >= 4, `${loaded} pictures shown`);
    });

    // Another store chosen in another tab of the same browser: this tab stays on its own store.
    const other = await context.newPage();
    await other.goto(`${server.url}/store/${await storeCode(server.url, 2)}`);
    await other.getByRole('link', { name: '¡Empezar! con Apple' }).waitFor();
    assert.equal(await storeCookie(context), '2');
    requests.clear();
    await page.reload();
    await cards.first().waitFor();
    assert.ok(
      requests.api().some((u) => u.startsWith('/api/models?store=1&brand=1')),
      `this tab asked for its own store's models: ${requests.api().join(', ')}`,
    );
    assert.equal(await page.evaluate(() => sessionStorage.getItem('store_id')), '1');

    // The store selection forgets the store, cookie included.
    await other.goto(`${server.url}/store`);
    await other.getByRole('heading', { level: 1 }).waitFor();
    await eventually(async () => assert.equal(await storeCookie(context), undefined));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
