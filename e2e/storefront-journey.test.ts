// The customer's way from the landing page to a new order, on a phone and on a desktop, plus the
// shared parts of every screen: cookie notice, footer, routing and scrolling.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import { HIDDEN_STORE_ID } from '@shop/contracts/constants';
import type { Order } from '@shop/contracts/orders';
import type { Store } from '@shop/contracts/stores';
import type { Browser, Page } from 'playwright-core';
import { footerLinks } from '../apps/web/src/features/pages/content/footer-links.ts';
import { staticPages } from '../packages/contracts/src/legal-pages/registry.ts';
import {
  adminApi,
  company,
  cookieBanner,
  eventually,
  getJson,
  getJsonAs,
  pageHeading,
  rememberCookieConsent,
  storeCode,
} from './storefront-support.ts';
import { launchBrowser, newPage, type ViewportName } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' };
const STORE_ID = 1;
const APPLE_ID = 1;
/** Added to Apple so that its list needs a second page (the demo catalogue has 18 Apple models). */
const EXTRA_MODELS = ['Funda de prueba 1', 'Funda de prueba 2', 'Funda de prueba 3', 'Funda de prueba 4'];

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  browser = await launchBrowser();
  const admin = await adminApi(server.url, ADMIN.email, ADMIN.password);
  // A public model needs a case template: Apple's first model lends its own.
  const { template } = await admin<{ template: string }>('GET', `/api/models/1`);
  for (const name of EXTRA_MODELS) {
    await admin('POST', '/api/models', { name, brand: { id: APPLE_ID }, price: 19.9, template });
  }
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const viewportNames: ViewportName[] = ['phone', 'desktop'];

/** Runs `body` on a fresh page at the viewport and closes it afterwards, whatever happens. */
async function withPage(
  viewport: ViewportName,
  body: (page: Page, errors: string[]) => Promise<void>,
  { consent = true } = {},
): Promise<void> {
  const { page, context, errors } = await newPage(browser, viewport);
  const requests: string[] = [];
  page.on('requestfailed', (r) =>
    requests.push(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`),
  );
  page.on('response', (r) => {
    if (r.status() >= 400) requests.push(`${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  try {
    if (consent) await rememberCookieConsent(context);
    await body(page, errors);
  } catch (error) {
    // What the customer saw, for a failure that only shows under load.
    const seen = await page
      .locator('main')
      .textContent({ timeout: 1000 })
      .catch(() => '(no main)');
    throw new Error(
      `${String(error)}\n  at ${page.url()}\n  page: ${(seen ?? '').replace(/\s+/g, ' ').slice(0, 400)}\n` +
        `  requests: ${requests.join('; ') || 'none failed'}\n  errors: ${errors.join('; ') || 'none'}`,
      { cause: error },
    );
  } finally {
    await context.close();
  }
}

const modelsOf = (query: string) => getJson<ModelPage>(`${server.url}/api/models?${query}`);

for (const viewport of viewportNames) {
  describe(`storefront on a ${viewport}`, () => {
    test('a customer goes from the landing page to a new order', async () => {
      await withPage(
        viewport,
        async (page, errors) => {
          await page.goto(`${server.url}/`);
          await cookieBanner(page).getByRole('button', { name: 'OK' }).click();
          await page.getByRole('link', { name: 'Empezar mi funda', exact: true }).click();

          // Store selection: down stores and the hidden store are not offered.
          await page.waitForURL(`${server.url}/store`);
          await pageHeading(page).filter({ hasText: '¡Tu funda personalizada en unos clics!' }).waitFor();
          const stores = await getJson<Store[]>(`${server.url}/api/stores`);
          const store = stores.find((s) => s.id === STORE_ID)!;
          const select = page.getByLabel('Selecciona una tienda:');
          await eventually(async () => assert.ok((await select.locator('option').count()) > 1));
          const offered = await select.locator('option').allTextContents();
          for (const hidden of stores.filter((s) => s.down || s.id === HIDDEN_STORE_ID)) {
            assert.ok(!offered.includes(hidden.name), `${hidden.name} must not be offered`);
          }
          assert.ok(offered.includes(store.name));

          await select.selectOption({ label: store.name });
          const details = page.getByRole('region', { name: store.name });
          await details.getByText(store.address).waitFor();
          await details.getByText('Localidad').waitFor();
          await details.getByText(store.postalCode).waitFor();
          await details.getByRole('img', { name: `Fachada de ${store.name}` }).waitFor();
          await page.getByRole('button', { name: 'Elegir esta tienda' }).click();

          // Store homepage: one card per brand with the store's model count.
          const code = await storeCode(server.url, STORE_ID);
          await page.waitForURL(`${server.url}/store/${code}`);
          await pageHeading(page).filter({ hasText: 'Elige la marca de tu móvil' }).waitFor();
          const brands = await getJson<{ id: number; name: string }[]>(`${server.url}/api/brands`);
          for (const brand of brands) {
            const { total } = await modelsOf(`store=${STORE_ID}&brand=${brand.id}&size=1`);
            const card = page
              .getByRole('listitem')
              .filter({ has: page.getByRole('heading', { name: `Fundas ${brand.name}` }) });
            await card.getByText(`${total} ${total === 1 ? 'modelo' : 'modelos'}`, { exact: true }).waitFor();
            await card.getByRole('img', { name: brand.name }).waitFor();
          }
          assert.equal((await modelsOf(`store=${STORE_ID}&brand=${APPLE_ID}&size=1`)).total, 22);
          await page.getByRole('link', { name: '¡Empezar! con Apple' }).click();

          // Models: 20 per page, search, clear, load more.
          await page.waitForURL(`${server.url}/models/${APPLE_ID}`);
          await pageHeading(page).filter({ hasText: 'Selecciona un modelo' }).waitFor();
          const pick = page.getByRole('button', { name: /^Personalizar / });
          const cardTitles = page.getByRole('main').getByRole('heading', { level: 2 });
          await eventually(async () => assert.equal(await pick.count(), 20));
          await page.getByRole('status').filter({ hasText: '22 modelos' }).waitFor();

          const search = page.getByRole('searchbox', { name: 'Buscar modelos por nombre' });
          const found = await modelsOf(`store=${STORE_ID}&brand=${APPLE_ID}&filtro=pro%20max`);
          assert.ok(found.total > 0 && found.total < 20);
          await search.fill('pro max');
          await eventually(async () => {
            assert.deepEqual(
              await cardTitles.allTextContents(),
              found.items.map((m) => m.name),
            );
          });

          await search.fill('');
          await eventually(async () => assert.equal(await pick.count(), 20));
          // From the keyboard: the focus goes on to the first model 'Cargar más' brought (the
          // button itself goes away), so Tab carries on through the new ones.
          await page.getByRole('button', { name: 'Cargar más' }).focus();
          await page.keyboard.press('Enter');
          await eventually(async () => assert.equal(await pick.count(), 22));
          assert.equal(await page.getByRole('button', { name: 'Cargar más' }).count(), 0);
          await eventually(async () =>
            assert.equal(
              await page.evaluate(
                () =>
                  document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
              ),
              await pick.nth(20).evaluate((b) => b.getAttribute('aria-label') ?? b.textContent),
            ),
          );
          await page.keyboard.press('Tab');
          assert.equal(
            await page.evaluate(
              () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
            ),
            await pick.nth(21).evaluate((b) => b.getAttribute('aria-label') ?? b.textContent),
            'Tab goes on to the next new model',
          );
          // The added models have no picture: their cards show the drawn fallback case.
          const fallback = page.getByRole('img', { name: `Funda para ${EXTRA_MODELS[0]}` });
          assert.match((await fallback.getAttribute('src')) ?? '', /phone-case-fallback/);

          // Picking a model creates the order and opens the editor. An earlier order's choices in
          // this tab (pickup, paying at the store) are not the new order's: 'Pagar ahora' will offer
          // home delivery first again, as it does for any new order.
          await page.evaluate(() => {
            sessionStorage.setItem('delivery_method', 'pickup');
            sessionStorage.setItem('payment_method', 'paystore');
          });
          const first = (await modelsOf(`store=${STORE_ID}&brand=${APPLE_ID}`)).items[0]!;
          await page.getByRole('button', { name: `Personalizar ${first.name}` }).click();
          await page.waitForURL(`${server.url}/editor-modelo`);
          const orderId = await page.evaluate(() => sessionStorage.getItem('order_id'));
          assert.ok(orderId, 'sessionStorage.order_id is set');
          assert.deepEqual(
            await page.evaluate(() => [
              sessionStorage.getItem('delivery_method'),
              sessionStorage.getItem('payment_method'),
            ]),
            [null, null],
            "the earlier order's choices are gone",
          );
          const order = await getJsonAs<Order>(page, `${server.url}/api/orders/${orderId}`);
          assert.equal(order.model.id, first.id);
          assert.equal(order.store.id, STORE_ID);
          assert.deepEqual(
            await page.evaluate(() => [
              sessionStorage.getItem('store_id'),
              sessionStorage.getItem('from_url'),
            ]),
            [String(STORE_ID), 'false'],
          );

          assert.deepEqual(errors, []);
        },
        { consent: false },
      );
    });

    test('welcome/{code} keeps the store link for every call to action', async () => {
      await withPage(viewport, async (page) => {
        const code = await storeCode(server.url, 3);
        await page.goto(`${server.url}/welcome/${code}`);
        const storePath = `/store/${code}`;
        assert.equal(
          await page.getByRole('link', { name: 'Crear mi funda' }).getAttribute('href'),
          storePath,
        );
        assert.equal(
          await page.getByRole('link', { name: 'Elige tu tienda y diseña la tuya' }).getAttribute('href'),
          storePath,
        );
        assert.equal(
          await page
            .getByRole('navigation', { name: 'Principal' })
            .getByRole('link', { name: 'Contactar' })
            .getAttribute('href'),
          '/contact',
        );
        await page.getByRole('link', { name: 'Empezar mi funda', exact: true }).click();
        await page.waitForURL(`${server.url}${storePath}`);
        await page.getByRole('link', { name: '¡Empezar! con Apple' }).waitFor();
      });
    });

    test('an unknown path lands on the landing page', async () => {
      await withPage(viewport, async (page) => {
        for (const path of ['/no-existe', '/tienda/1/no-existe']) {
          await page.goto(`${server.url}${path}`);
          await page.waitForURL(`${server.url}/`);
          await page.getByRole('link', { name: 'Empezar mi funda', exact: true }).waitFor();
        }
      });
    });

    test('the cookie notice goes after OK, stays gone and never hides the footer', async () => {
      await withPage(
        viewport,
        async (page) => {
          await page.goto(`${server.url}/`);
          const banner = cookieBanner(page);
          await banner.waitFor();
          assert.equal(
            await banner.getByRole('link', { name: 'Política de cookies' }).getAttribute('href'),
            '/cookies',
          );

          // At the end of the page the notice sits below the footer, not on top of it.
          const lastLink = page.getByRole('contentinfo').getByRole('link', { name: 'Cookies', exact: true });
          await eventually(async () => {
            await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
            const link = (await lastLink.boundingBox())!;
            const notice = (await banner.boundingBox())!;
            assert.ok(link.y + link.height <= notice.y, 'the last footer link is above the notice');
          });

          await banner.getByRole('button', { name: 'OK' }).click();
          await banner.waitFor({ state: 'detached' });
          assert.equal(await page.evaluate(() => localStorage.getItem('cookieConsentAccepted')), 'true');
          await page.reload();
          await page.getByRole('link', { name: 'Empezar mi funda', exact: true }).waitFor();
          assert.equal(await banner.count(), 0);
        },
        { consent: false },
      );
    });

    test('every footer link opens its page', async () => {
      await withPage(viewport, async (page) => {
        const info = await company(server.url);
        await page.goto(`${server.url}/`);
        const footer = page.getByRole('contentinfo');
        await footer.getByText(info.legalName).first().waitFor();
        for (const { slug, label } of footerLinks) {
          await footer.scrollIntoViewIfNeeded();
          await footer.getByRole('link', { name: label, exact: true }).click();
          await page.waitForURL(`${server.url}/${slug}`);
          await pageHeading(page)
            .filter({ hasText: staticPages[slug](info).title })
            .waitFor();
        }
      });
    });

    test('screens do not shift while their data and the cookie notice arrive', async () => {
      await withPage(
        viewport,
        async (page) => {
          await page.addInitScript(() => {
            const w = window as unknown as { layoutShift: number };
            w.layoutShift = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as unknown as {
                value: number;
                hadRecentInput: boolean;
              }[]) {
                if (!entry.hadRecentInput) w.layoutShift += entry.value;
              }
            }).observe({ type: 'layout-shift', buffered: true });
          });
          const code = await storeCode(server.url, STORE_ID);
          for (const [path, ready] of [
            ['/', page.getByRole('link', { name: 'Empezar mi funda', exact: true })],
            [`/store/${code}`, page.getByRole('link', { name: '¡Empezar! con Apple' })],
            [`/models/${APPLE_ID}`, page.getByRole('button', { name: /^Personalizar / }).first()],
            ['/legal', page.getByRole('heading', { name: 'Datos identificativos' })],
          ] as const) {
            await page.goto(`${server.url}${path}`);
            await ready.waitFor();
            await page.waitForLoadState('networkidle');
            const shift = await page.evaluate(
              () => (window as unknown as { layoutShift: number }).layoutShift,
            );
            assert.ok(shift < 0.01, `${path}: cumulative layout shift ${shift}`);
          }
        },
        { consent: false },
      );
    });

    test('scroll: new pages start at the top, Back restores, anchors scroll to their section', async () => {
      await withPage(viewport, async (page) => {
        await page.goto(`${server.url}/`);
        const footer = page.getByRole('contentinfo');
        await footer.scrollIntoViewIfNeeded();
        const legal = footer.getByRole('link', { name: 'Aviso legal', exact: true });
        await legal.scrollIntoViewIfNeeded();
        const y = await page.evaluate(() => window.scrollY);
        assert.ok(y > 300, 'the landing page scrolled to its footer');
        await legal.click();
        await pageHeading(page).filter({ hasText: 'Aviso legal' }).waitFor();
        assert.equal(await page.evaluate(() => window.scrollY), 0);

        await page.goBack();
        await page.waitForURL(`${server.url}/`);
        await eventually(async () =>
          assert.ok(Math.abs((await page.evaluate(() => window.scrollY)) - y) <= 2),
        );

        await page.goto(`${server.url}/legal#proteccion-de-datos`);
        const section = page.getByRole('heading', { name: 'Protección de datos', level: 2 });
        await eventually(async () => {
          const box = (await section.boundingBox())!;
          assert.ok(box.y >= 0 && box.y < 120, `the section starts at the top (y = ${box.y})`);
        });

        const toc = page.getByRole('navigation', { name: 'En esta página' });
        await toc.getByRole('link', { name: 'Enlaces' }).click();
        await page.waitForURL(`${server.url}/legal#enlaces`);
        const links = page.getByRole('heading', { name: 'Enlaces', level: 2 });
        await eventually(async () => {
          const box = (await links.boundingBox())!;
          assert.ok(box.y >= 0 && box.y < 120, `the section starts at the top (y = ${box.y})`);
        });
      });
    });
  });
}
