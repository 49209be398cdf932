// axe-core on every storefront screen, on a phone and on a desktop: no serious or critical
// violations. Each screen is also saved as a screenshot (SCREENSHOT_DIR, default /tmp/screens) to
// be looked at by a person.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { footerLinks, staticSlugs } from '../apps/web/src/features/pages/content/footer-links.ts';
import { cookieBanner, pageHeading, storeCode } from './storefront-support.ts';
import { axeViolations, blockingViolations, describeViolations } from './support/axe.ts';
import { launchBrowser, newPage, type ViewportName } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const screenshotDir = process.env.SCREENSHOT_DIR || '/tmp/screens';

let server: RunningServer;
let browser: Browser;

before(async () => {
  [server, browser] = await Promise.all([
    startServer(),
    launchBrowser(),
    mkdir(screenshotDir, { recursive: true }),
  ]);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

interface Screen {
  name: string;
  path: () => Promise<string>;
  /** Brings the screen to the state worth checking (data loaded, a store chosen...). */
  ready: (page: Page) => Promise<void>;
}

const headingReady = (text: string) => async (page: Page) => {
  await pageHeading(page).filter({ hasText: text }).waitFor();
};

const screens: Screen[] = [
  { name: 'landing', path: async () => '/', ready: headingReady('Tu foto favorita') },
  {
    name: 'welcome',
    path: async () => `/welcome/${await storeCode(server.url, 2)}`,
    ready: headingReady('Tu foto favorita'),
  },
  {
    name: 'store-selection',
    path: async () => '/store',
    ready: async (page) => {
      await page.getByLabel('Selecciona una tienda:').selectOption('1');
      await page.getByRole('button', { name: 'Elegir esta tienda' }).waitFor();
    },
  },
  {
    name: 'store-homepage',
    path: async () => `/store/${await storeCode(server.url, 1)}`,
    ready: async (page) => {
      await page.getByRole('link', { name: '¡Empezar! con OPPO' }).waitFor();
    },
  },
  {
    // The store's kiosk screen: the same page without the map link.
    name: 'store-homepage-kiosk',
    path: async () => `/store/${await storeCode(server.url, 2, 'screen')}`,
    ready: async (page) => {
      await page.getByRole('region', { name: 'Fundas Teatinos' }).getByText('Lunes a sábado').waitFor();
    },
  },
  {
    // Reached from the store homepage, which keeps the store in the session.
    name: 'models',
    path: async () => `/store/${await storeCode(server.url, 1)}`,
    ready: async (page) => {
      await page.getByRole('link', { name: '¡Empezar! con Samsung' }).click();
      await page
        .getByRole('button', { name: /^Personalizar / })
        .first()
        .waitFor();
    },
  },
  {
    name: 'store-error',
    path: async () => `/store/${await storeCode(server.url, 5)}`,
    ready: async (page) => {
      await page.getByRole('alert').waitFor();
    },
  },
  ...staticSlugs.map(
    (slug): Screen => ({
      name: slug,
      path: async () => `/${slug}`,
      ready: async (page) => {
        await page.getByRole('navigation', { name: 'En esta página' }).waitFor();
      },
    }),
  ),
  { name: 'creditos', path: async () => '/creditos', ready: headingReady('Créditos') },
  {
    name: 'declaracion-responsable',
    path: async () => '/declaracion-responsable',
    ready: async (page) => {
      await headingReady('Declaración responsable del sistema de facturación')(page);
      // Filled from the configuration, every item a) to j), no placeholder left.
      await page.getByText('j) Lugar y fecha').waitFor();
      await page.getByText('Fundamia Tienda Web', { exact: true }).waitFor();
      assert.equal(await page.getByText(/\[|undefined/).count(), 0);
    },
  },
  { name: 'editor-modelo', path: async () => '/editor-modelo', ready: headingReady('Añade tu imagen') },
  { name: 'payment-success', path: async () => '/payment-success', ready: headingReady('Pago realizado') },
  { name: 'payment-failure', path: async () => '/payment-failure', ready: headingReady('error en el pago') },
];

for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
  describe(`accessibility on a ${viewport}`, () => {
    for (const screen of screens) {
      test(screen.name, async () => {
        const { page, context } = await newPage(browser, viewport);
        try {
          await page.goto(`${server.url}${await screen.path()}`);
          await screen.ready(page);
          // The cookie notice is part of the first visit to every screen: keep it in the check.
          await cookieBanner(page).waitFor();
          // The footer's legal links arrive when it comes near the viewport.
          await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
          await page.getByRole('contentinfo').getByRole('link', { name: footerLinks[0]!.label }).waitFor();
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.waitForLoadState('networkidle');

          await page.screenshot({
            path: join(screenshotDir, `${viewport}-${screen.name}.png`),
            fullPage: true,
          });
          const violations = await axeViolations(page);
          const blocking = blockingViolations(violations);
          if (violations.length > blocking.length) {
            console.info(`${viewport} ${screen.name}, minor findings:\n${describeViolations(violations)}`);
          }
          assert.deepEqual(blocking, [], describeViolations(blocking));
        } finally {
          await context.close();
        }
      });
    }
  });
}
