// What makes the storefront look like a shop: the landing's product mock-ups and brand tiles, the
// store's card, the model cards' pictures (AVIF first, sized for the screen), the icons and the
// manifest, and what search engines are told (structured data, noindex on order pages).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { rememberCookieConsent, storeCode } from './storefront-support.ts';
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

/** The picture an <img> inside a <picture> ended up showing, and its decoded size. */
const shown = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate(async (img: HTMLImageElement) => {
      if (!img.complete) await img.decode();
      return { src: img.currentSrc, width: img.naturalWidth, priority: img.getAttribute('fetchpriority') };
    });

describe('storefront imagery', () => {
  test('landing: the hero mock-up in AVIF at a phone size, brand tiles that lead into the shop', async () => {
    const { page, context, errors } = await newPage(browser, 'phone');
    try {
      await rememberCookieConsent(context);
      await page.goto(`${server.url}/`);
      const hero = await shown(page, '.hero__art');
      assert.match(hero.src, /\/assets\/hero-\d+-[\w-]+\.avif$/, hero.src);
      // 351 CSS pixels wide (90% of the screen) at 2x: the 720 px file, not the desktop's 960.
      assert.equal(/hero-(\d+)-/.exec(hero.src)?.[1], '720', hero.src);
      assert.ok(hero.width > 0, 'decoded');
      assert.equal(hero.priority, 'high');
      assert.equal(await page.locator('.gifts__art').getAttribute('loading'), 'lazy');

      const tiles = page.getByRole('list').filter({ hasText: 'Fundas Apple' }).getByRole('link');
      assert.deepEqual(await tiles.allTextContents(), [
        'Fundas Apple',
        'Fundas Samsung',
        'Fundas Xiaomi',
        'Fundas OPPO',
      ]);
      await tiles.nth(1).click();
      await page.waitForURL(`${server.url}/store`);

      // With a store link, the tiles lead to that store.
      const code = await storeCode(server.url, 3);
      await page.goto(`${server.url}/welcome/${code}`);
      await page.getByRole('link', { name: 'Fundas OPPO' }).click();
      await page.waitForURL(`${server.url}/store/${code}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('store page: photo, address, hours and a map link; a kiosk gets no link out of the shop', async () => {
    const { page, context, errors } = await newPage(browser, 'desktop');
    try {
      await rememberCookieConsent(context);
      await page.goto(`${server.url}/store/${await storeCode(server.url, 1)}`);
      const card = page.getByRole('region', { name: 'Fundas Málaga Centro' });
      await card.getByText('Calle Nueva, 18').waitFor();
      await card.getByRole('list', { name: 'Horario' }).getByText('Sábados: 10:00–14:00').waitFor();
      const photo = await shown(page, '.store-card__photo');
      assert.match(photo.src, /\/api\/images\/[\w-]+\?w=\d+&fm=avif$/);
      const map = card.getByRole('link', { name: /Cómo llegar/ });
      const href = new URL((await map.getAttribute('href')) ?? '');
      assert.equal(href.origin, 'https://www.google.com');
      assert.equal(href.searchParams.get('query'), 'Fundas Málaga Centro, Calle Nueva, 18, 29005 Málaga');
      assert.equal(await map.getAttribute('target'), '_blank');
      // The brand marks from simple-icons.
      await page.getByRole('img', { name: 'Samsung' }).waitFor();
      assert.equal(
        await page
          .getByRole('img', { name: 'Samsung' })
          .evaluate((img: HTMLImageElement) => img.naturalWidth > 0),
        true,
      );

      await page.goto(`${server.url}/store/${await storeCode(server.url, 1, 'screen')}`);
      await card.getByText('Calle Nueva, 18').waitFor();
      assert.equal(await card.getByRole('link').count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('model cards: mock-ups in AVIF sized for the card, and structured data with the prices', async () => {
    const { page, context, errors } = await newPage(browser, 'phone');
    try {
      await rememberCookieConsent(context);
      await page.goto(`${server.url}/store/${await storeCode(server.url, 1)}`);
      await page.getByRole('link', { name: '¡Empezar! con Apple' }).click();
      await page.getByRole('button', { name: 'Personalizar iPhone 15', exact: true }).waitFor();
      const card = await shown(page, '.model-card__image');
      assert.match(card.src, /\?w=(240|320)&fm=avif$/, `a 6.5 rem picture at 2x: ${card.src}`);

      const data = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
      ) as {
        itemListElement: { item: { name: string; offers: { price: string; priceCurrency: string } } }[];
      };
      const iphone15 = data.itemListElement.find(
        (e) => e.item.name === 'Funda personalizada para Apple iPhone 15',
      );
      assert.deepEqual(iphone15?.item.offers, {
        '@type': 'Offer',
        price: '19.90',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
      });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('icons, manifest and what search engines are told', async () => {
    const html = await fetch(`${server.url}/`);
    assert.equal(html.headers.get('x-robots-tag'), null, 'the landing is for search engines');
    const page = await html.text();
    for (const link of [
      'rel="manifest" href="/manifest.webmanifest"',
      'rel="apple-touch-icon"',
      'href="/favicon.ico"',
    ]) {
      assert.ok(page.includes(link), link);
    }
    for (const path of ['/pedido/datos', '/editor-edicion', '/payment-success', '/admin']) {
      const res = await fetch(`${server.url}${path}`);
      assert.equal(res.headers.get('x-robots-tag'), 'noindex, nofollow', path);
    }
    const manifest = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as {
      icons: { src: string; sizes: string }[];
    };
    for (const icon of [...manifest.icons, { src: '/favicon.ico' }, { src: '/icons/apple-touch-icon.png' }]) {
      const res = await fetch(`${server.url}${icon.src}`);
      assert.equal(res.status, 200, icon.src);
      assert.match(res.headers.get('content-type') ?? '', /^image\//, icon.src);
    }
  });
});
