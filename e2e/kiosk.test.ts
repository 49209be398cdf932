// The in-store kiosk with the customer's phone, two browsers side by side: what is printed is the
// photo the kiosk showed and the customer approved. An upload link is spent by its first photo
// (opening it again on the phone says so at once), 'Cambiar foto' shows a new QR code with a new
// link, the QR code opens at once (its link is fetched ahead), the editor speaks of fingers,
// 'Asistencia' is a QR code to the shop's WhatsApp, every link keeps the kiosk in its store, and
// after the order the kiosk goes back to the store's home after 60 s without a touch. The lock-down
// holds from the kiosk link's first paint, and a four-photo layout is filled from the phone alone.
// Screenshots go to SCREENSHOT_DIR (default /tmp/screens-kiosk).
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import {
  company,
  eventually,
  getJson,
  getJsonAs,
  pageHeading,
  rememberCookieConsent,
  storeCode,
} from './storefront-support.ts';
import { launchBrowser, newPage, type TestPage } from './support/browser.ts';
import { decodeQr } from './support/qr.ts';
import { type RunningServer, startServer } from './support/server.ts';

const screenshotDir = process.env.SCREENSHOT_DIR || '/tmp/screens-kiosk';
const STORE_ID = 1;
const APPLE_ID = 1;
const PHONE_BUTTON = 'Hacer una foto o elegir de la galería';
const QR_LABEL = 'Código QR para subir tu imagen desde el móvil';

let server: RunningServer;
let browser: Browser;
let firstApple: ModelPage['items'][number];
/** Two photos anyone tells apart: orange and blue. */
let orange: Buffer;
let blue: Buffer;
let green: Buffer;
let purple: Buffer;

const flatPhoto = (colour: string) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .toBuffer();

before(async () => {
  [server, browser, orange, blue, green, purple] = await Promise.all([
    startServer(),
    launchBrowser(),
    flatPhoto('#e8731a'),
    flatPhoto('#1f5fd1'),
    flatPhoto('#2e9e44'),
    flatPhoto('#7a2bb5'),
    mkdir(screenshotDir, { recursive: true }),
  ]);
  firstApple = (await getJson<ModelPage>(`${server.url}/api/models?store=${STORE_ID}&brand=${APPLE_ID}`))
    .items[0]!;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
const session = (page: Page, key: string) => page.evaluate((k) => sessionStorage.getItem(k), key);
/** The order as the kiosk, whose session made it, reads it. */
const fetchOrder = (kiosk: TestPage, id: string) =>
  getJsonAs<Order>(kiosk.context, `${server.url}/api/orders/${id}`);
const qrDialog = (page: Page) => page.getByRole('dialog', { name: 'Código QR' });
const addImage = (page: Page) => page.getByRole('button', { name: 'Añadir imagen' });

/** The mean colour of an image's centre, as [r, g, b]. */
async function centreColour(bytes: Buffer): Promise<[number, number, number]> {
  const image = sharp(bytes);
  const { width = 0, height = 0 } = await image.metadata();
  const { data } = await image
    .extract({
      left: Math.floor(width * 0.4),
      top: Math.floor(height * 0.45),
      width: Math.max(1, Math.floor(width * 0.2)),
      height: Math.max(1, Math.floor(height * 0.1)),
    })
    .removeAlpha()
    .resize(1, 1)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

/** How many upload links this page has fetched so far (the page is one document: a count, not a flag). */
const linksFetched = (kiosk: Page, orderId: string) =>
  kiosk.evaluate(
    (path) =>
      performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === path).length,
    `/api/orders/${orderId}/screen/getUrl`,
  );

/**
 * Taps the cloud and returns the upload link in the QR code, checking that the link was fetched
 * when the screen opened (one more than `before`) and that the code shows without a new request.
 */
async function openQr(kiosk: Page, orderId: string, before: number): Promise<string> {
  const linkPath = `/api/orders/${orderId}/screen/getUrl`;
  await eventually(async () =>
    assert.equal(await linksFetched(kiosk, orderId), before + 1, 'the link was fetched before the tap'),
  );
  const asked: string[] = [];
  const onRequest = (request: { url: () => string }) => {
    if (new URL(request.url()).pathname === linkPath) asked.push(request.url());
  };
  kiosk.on('request', onRequest);
  await addImage(kiosk).click();
  const qr = qrDialog(kiosk).getByRole('img', { name: QR_LABEL });
  await qr.waitFor();
  kiosk.off('request', onRequest);
  // The code is drawn from the link fetched beforehand; how soon it shows is measured by
  // bench/kiosk.ts, not asserted here.
  assert.deepEqual(asked, [], 'no link is asked for after the tap');
  return decodeQr(qr);
}

/**
 * From the store's homepage on the kiosk: Apple, the first model, the photo screen. Returns the
 * new order's id.
 */
async function startOrder(k: Page): Promise<string> {
  await k.getByRole('link', { name: '¡Empezar! con Apple' }).click();
  // Picked once the page has its store (before that, picking says the store is not loaded).
  await k.waitForLoadState('networkidle');
  await k.getByRole('button', { name: `Personalizar ${firstApple.name}` }).click();
  await k.waitForURL(`${server.url}/editor-modelo`);
  const orderId = await session(k, 'order_id');
  assert.ok(orderId);
  return orderId;
}

async function phoneSends(phone: Page, url: string, photo: Buffer): Promise<string> {
  await phone.goto(url);
  await pageHeading(phone).filter({ hasText: 'Sube tu foto' }).waitFor();
  const sent = phone.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/orders/upload/',
  );
  const [chooser] = await Promise.all([
    phone.waitForEvent('filechooser'),
    phone.getByRole('button', { name: PHONE_BUTTON }).click(),
  ]);
  await chooser.setFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
  const response = await sent;
  assert.equal(response.status(), 200);
  await phone.getByText(messages.uploadSucceeded).waitFor();
  return ((await response.json()) as { uri: string }).uri;
}

/** The phone opens a link that cannot take a photo: the page says so at once, with no way to send one. */
async function phoneSeesClosedLink(phone: Page, url: string, message: string): Promise<void> {
  await phone.goto(url);
  await phone.getByRole('alert').filter({ hasText: message }).waitFor();
  assert.equal(await phone.getByRole('button', { name: PHONE_BUTTON }).count(), 0, 'no photo can be chosen');
}

describe('kiosk and phone', () => {
  test('the print is the photo the kiosk showed: single-use links, a new QR for Cambiar foto, then back home', async () => {
    const kiosk: TestPage = await newPage(browser, 'kiosk');
    const phone: TestPage = await newPage(browser, 'phone');
    await rememberCookieConsent(kiosk.context);
    await rememberCookieConsent(phone.context);
    try {
      const k = kiosk.page;
      const code = await storeCode(server.url, STORE_ID, 'screen');
      const home = `${server.url}/store/${code}`;
      await k.goto(home);
      await k.getByRole('link', { name: '¡Empezar! con Apple' }).waitFor();
      assert.equal(await session(k, 'from_url'), 'screen');

      // Every link keeps the kiosk in its store: 'Crear mi funda', the logo, the store selection.
      await k.getByRole('link', { name: 'Crear mi funda' }).click();
      await k.waitForURL(home);
      await k.getByRole('banner').getByRole('link').first().click();
      await k.waitForURL(home);
      await k.goto(`${server.url}/contact`);
      await k.getByRole('link', { name: 'Crear mi funda' }).click();
      await k.waitForURL(home);
      await k.goto(`${server.url}/store`);
      await k.waitForURL(home);
      assert.equal(await session(k, 'from_url'), 'screen', 'still a kiosk');
      const footer = k.getByRole('contentinfo');
      await footer.getByText('Información').waitFor();
      assert.equal(await footer.locator('a[href^="https:"], a[href^="tel:"], a[href^="mailto:"]').count(), 0);
      await shot(k, 'kiosk-store-home');

      // The order: Apple, the first model, the photo screen. The cloud opens the QR code at once.
      const orderId = await startOrder(k);
      let picker = false;
      k.on('filechooser', () => {
        picker = true;
      });
      const firstLink = await openQr(k, orderId, 0);
      assert.equal(picker, false, 'no file picker on the kiosk');
      await shot(k, 'kiosk-qr');

      // The phone sends the orange photo; the kiosk moves on to the editor with it.
      const orangeUri = await phoneSends(phone.page, firstLink, orange);
      await k.waitForURL(`${server.url}/editor-edicion`);
      await k.getByRole('application', { name: 'Tu foto sobre la funda' }).waitFor();
      assert.equal((await fetchOrder(kiosk, orderId)).image, orangeUri);

      // Opening the same QR link again on the phone: spent, said at once, nothing replaced.
      await phoneSeesClosedLink(phone.page, firstLink, messages.uploadLinkUsed);
      await shot(phone.page, 'phone-link-used');
      assert.equal((await fetchOrder(kiosk, orderId)).image, orangeUri);

      // The editor on a kiosk speaks of fingers, not of a mouse wheel or keys.
      await k.getByText('Arrastra la foto con el dedo para moverla.').waitFor();
      assert.equal(await k.getByText(/rueda del ratón|teclado/).count(), 0);

      // 'Asistencia': a QR code to the shop's WhatsApp chat, never WhatsApp on the kiosk.
      assert.equal(await k.locator('a[href*="wa.me"]').count(), 0);
      await k.getByRole('button', { name: /^Asistencia/ }).click();
      const help = k.getByRole('dialog', { name: 'Asistencia por WhatsApp' });
      const chat = new URL(await decodeQr(help.getByRole('img', { name: /WhatsApp/ })));
      const shop = await company(server.url);
      assert.equal(`${chat.origin}${chat.pathname}`, `https://wa.me/${shop.whatsapp}`);
      assert.match(
        chat.searchParams.get('text') ?? '',
        new RegExp((await fetchOrder(kiosk, orderId)).orderNumber),
      );
      await help.getByText(shop.whatsappDisplay, { exact: false }).waitFor();
      await shot(k, 'kiosk-assistance');
      await help.getByRole('button', { name: 'Cerrar' }).click();
      await help.waitFor({ state: 'hidden' });

      // 'Cambiar foto': a new QR code with a new link; the phone sends the blue photo through it.
      const fetchedBefore = await linksFetched(k, orderId);
      await k.getByRole('button', { name: 'Cambiar foto' }).click();
      await k.waitForURL(`${server.url}/editor-modelo`);
      const secondLink = await openQr(k, orderId, fetchedBefore);
      assert.notEqual(secondLink, firstLink, 'a new link');
      const blueUri = await phoneSends(phone.page, secondLink, blue);
      await k.waitForURL(`${server.url}/editor-edicion`);
      await k.getByRole('application', { name: 'Tu foto sobre la funda' }).waitFor();

      // The customer orders what the kiosk shows.
      await k.getByRole('button', { name: '¡OK, pedir!' }).click();
      await k.waitForURL(`${server.url}/pedido/pagar-tienda`);
      const ordered = await fetchOrder(kiosk, orderId);
      assert.deepEqual(ordered.designPhotos, [blueUri], 'the design keeps the photo it was made with');
      assert.equal(ordered.image, blueUri);
      const design = Buffer.from(await (await fetch(`${server.url}${ordered.design}`)).arrayBuffer());
      const [r, , b] = await centreColour(design);
      assert.ok(b > 150 && r < 100, `the approved design is the blue photo (${r}, ${b})`);

      // Any link of this order is closed now: used, and the design is confirmed.
      await phoneSeesClosedLink(phone.page, secondLink, messages.uploadLinkUsed);
      assert.deepEqual((await fetchOrder(kiosk, orderId)).designPhotos, [blueUri]);

      // Details, confirmation; the kiosk counts down to its store's home, a touch starts it again.
      await k.getByRole('button', { name: 'Continuar' }).click();
      await k.waitForURL(`${server.url}/pedido/datos`);
      await k.getByRole('textbox', { name: 'Nombre completo', exact: true }).fill('Carmen Ortega');
      await k.clock.install();
      await k.getByRole('button', { name: 'Confirmar pedido con obligación de pago' }).click();
      await k.waitForURL(`${server.url}/pedido/confirmacion`);
      await k.getByRole('button', { name: 'Empezar otra funda' }).waitFor();
      await k.getByText('Volvemos al inicio en 60 s si nadie toca la pantalla.').waitFor();
      await shot(k, 'kiosk-confirmation');
      await k.clock.fastForward(45_000);
      await k.getByText('Volvemos al inicio en 15 s si nadie toca la pantalla.').waitFor();
      await k.mouse.click(10, 400);
      await k.getByText('Volvemos al inicio en 60 s si nadie toca la pantalla.').waitFor();
      await k.clock.fastForward(61_000);
      await k.waitForURL(home);
      assert.equal(await session(k, 'order_id'), null, 'the order is cleared from the session');
      assert.equal(await session(k, 'from_url'), 'screen', 'still a kiosk');
      assert.equal((await fetchOrder(kiosk, orderId)).status, 'to_pay_at_store');

      assert.deepEqual(kiosk.errors, []);
      assert.deepEqual(
        phone.errors.filter((e) => !e.includes('403') && !e.includes('409')),
        [],
      );
    } finally {
      await kiosk.context.close();
      await phone.context.close();
    }
  });

  test("a kiosk link shows no link out of the store from its first paint; a visitor's link gets its links once decoded", async () => {
    const kiosk: TestPage = await newPage(browser, 'kiosk');
    const visitor: TestPage = await newPage(browser, 'desktop');
    try {
      for (const [tab, origin] of [
        [kiosk, 'screen'],
        [visitor, 'false'],
      ] as const) {
        const p = tab.page;
        // Every state the header and footer go through, from the first one in the document:
        // the links that would leave the store (the landing, the store selection, another
        // store, other sites and apps), each time the page's links change.
        // (One anonymous function: the test runner's compiler would wrap a named one in a helper
        // the page does not have.)
        await p.addInitScript(() => {
          const seen: string[][] = [];
          Object.assign(window, { linkStates: seen });
          new MutationObserver(() => {
            const home = location.pathname;
            const links = Array.from(document.querySelectorAll('header a, footer a'));
            if (links.length === 0) return;
            seen.push(
              links
                .map((a) => a.getAttribute('href') ?? '')
                .filter(
                  (href) =>
                    /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href) ||
                    href === '/' ||
                    href === '/store' ||
                    href.startsWith('/welcome/') ||
                    (href.startsWith('/store/') && href !== home),
                ),
            );
          }).observe(document, {
            subtree: true,
            childList: true,
            attributes: true,
            attributeFilter: ['href'],
          });
        });
        const code = await storeCode(server.url, STORE_ID, origin);
        await p.goto(`${server.url}/store/${code}`);
        await p.getByRole('link', { name: '¡Empezar! con Apple' }).waitFor();
        const footer = p.getByRole('contentinfo');
        if (origin === 'false') {
          // A visitor's page gets its links as soon as the link is decoded, without a reload.
          await footer.locator('a[href^="tel:"]').waitFor();
          await footer.locator('a[href^="mailto:"]').waitFor();
          await eventually(async () =>
            assert.equal(await p.getByRole('banner').getByRole('link').first().getAttribute('href'), '/'),
          );
        }
        const states = await p.evaluate(() => (window as unknown as { linkStates: string[][] }).linkStates);
        assert.ok(states.length > 0, 'the links were watched from the start');
        assert.deepEqual(states[0], [], `${origin}: the first paint has no link out of the store`);
        if (origin === 'screen') {
          assert.deepEqual(
            states.filter((leaving) => leaving.length > 0),
            [],
            'at no moment does the kiosk show a link out of its store',
          );
          assert.equal(
            await footer.getByRole('link').first().getAttribute('href'),
            `/store/${code}`,
            'the footer logo leads to the store',
          );
          await shot(p, 'kiosk-first-paint');
        }
      }
      assert.deepEqual(kiosk.errors, []);
      assert.deepEqual(visitor.errors, []);
    } finally {
      await kiosk.context.close();
      await visitor.context.close();
    }
  });

  test('a four-photo layout on the kiosk is filled from the phone, and no file chooser ever opens', async () => {
    const kiosk: TestPage = await newPage(browser, 'kiosk');
    const phone: TestPage = await newPage(browser, 'phone');
    await rememberCookieConsent(kiosk.context);
    await rememberCookieConsent(phone.context);
    try {
      const k = kiosk.page;
      let choosers = 0;
      k.on('filechooser', () => {
        choosers++;
      });
      const code = await storeCode(server.url, STORE_ID, 'screen');
      await k.goto(`${server.url}/store/${code}`);
      const orderId = await startOrder(k);
      const firstUri = await phoneSends(phone.page, await openQr(k, orderId, 0), orange);
      await k.waitForURL(`${server.url}/editor-edicion`);
      await k.getByRole('application', { name: 'Tu foto sobre la funda' }).waitFor();

      await k.getByRole('button', { name: 'Diseño', exact: true }).click();
      await k.getByRole('button', { name: 'Cuatro fotos en cuadrícula' }).click();
      const sent = [firstUri];
      for (const [slot, photo] of [
        [2, blue],
        [3, green],
        [4, purple],
      ] as const) {
        const add = k.getByRole('button', { name: `Añadir foto en el hueco ${slot}` });
        await add.click();
        const qr = qrDialog(k).getByRole('img', { name: QR_LABEL });
        const link = await decodeQr(qr);
        assert.ok(!sent.includes(link), 'a new link for each photo');
        if (slot === 2) await shot(k, 'kiosk-add-photo-qr');
        sent.push(await phoneSends(phone.page, link, photo));
        // The photo lands in its cell and the code closes by itself.
        await add.waitFor({ state: 'detached' });
        await qrDialog(k).waitFor({ state: 'hidden' });
      }
      await shot(k, 'kiosk-four-photos');

      // 'Añadir foto' under 'Tus fotos' is a QR code too; closing it changes nothing.
      await k.getByRole('button', { name: 'Añadir foto', exact: true }).click();
      await qrDialog(k).getByRole('img', { name: QR_LABEL }).waitFor();
      await qrDialog(k).getByRole('button', { name: 'Cerrar' }).click();
      await qrDialog(k).waitFor({ state: 'hidden' });
      assert.equal(choosers, 0, 'no file chooser opened on the kiosk');
      assert.equal(await k.locator('input[type="file"]').count(), 0, 'the kiosk has no file input');

      const order = await fetchOrder(kiosk, orderId);
      assert.equal(order.image, firstUri, 'the first photo stays the order photo');
      assert.deepEqual(order.photos.map((p) => p.uri).sort(), [...sent].sort());
      await k.getByRole('button', { name: '¡OK, pedir!' }).click();
      await k.waitForURL(`${server.url}/pedido/pagar-tienda`);
      const ordered = await fetchOrder(kiosk, orderId);
      assert.equal(ordered.designScene?.layout, 'grid');
      assert.deepEqual(
        [...(ordered.designScene?.slots.map((s) => s.photo) ?? [])].sort(),
        [...sent].sort(),
        'the design has the four photos from the phone',
      );
      assert.deepEqual(kiosk.errors, []);
      assert.deepEqual(phone.errors, []);
    } finally {
      await kiosk.context.close();
      await phone.context.close();
    }
  });
});
