// The customer's photo reaches the order: picked on this device at /editor-modelo, or — at an
// in-store kiosk — sent from the customer's phone through the QR code's upload page. Also the
// errors of docs/product.md §8.4 for these screens, the kiosk's polling life cycle and axe-core.
// Screenshots go to SCREENSHOT_DIR (default /tmp/screens-photo) for a person to look at.
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import type { Origin } from '@shop/contracts/stores';
import type { Browser, Locator, Page, Request, Route } from 'playwright-core';
import sharp from 'sharp';
import {
  eventually,
  getJson,
  getJsonAs,
  pageHeading,
  rememberCookieConsent,
  storeCode,
} from './storefront-support.ts';
import { launchBrowser, newPage, type TestPage, type ViewportName } from './support/browser.ts';
import { decodeQr } from './support/qr.ts';
import { type RunningServer, repoRoot, startServer } from './support/server.ts';

const screenshotDir = process.env.SCREENSHOT_DIR || '/tmp/screens-photo';
const STORE_ID = 1;
const APPLE_ID = 1;
const UPLOADING = 'Subiendo imagen...';
const PHONE_BUTTON = 'Hacer una foto o elegir de la galería';
const QR_LABEL = 'Código QR para subir tu imagen desde el móvil';
/** Long enough for two polls at 1000 ms, with room for a slow machine. */
const QUIET_MS = 2500;

let server: RunningServer;
let browser: Browser;
let axeSource: string;
/** A 2000x1500 JPEG of noise over a gradient: megabytes, like a real photo. */
let photo: Buffer;
/** A small photo for the cases where the size does not matter. */
let smallPhoto: Buffer;
let firstApple: ModelPage['items'][number];

async function makePhoto(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const noise = Math.floor(Math.random() * 64);
      pixels[at] = Math.floor((x / width) * 191) + noise;
      pixels[at + 1] = Math.floor((y / height) * 191) + noise;
      pixels[at + 2] = 160 + Math.floor(noise / 2);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

before(async () => {
  [server, browser, axeSource, photo, smallPhoto] = await Promise.all([
    startServer(),
    launchBrowser(),
    readFile(join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8'),
    makePhoto(2000, 1500),
    makePhoto(800, 600),
    mkdir(screenshotDir, { recursive: true }),
  ]);
  firstApple = (await getJson<ModelPage>(`${server.url}/api/models?store=${STORE_ID}&brand=${APPLE_ID}`))
    .items[0]!;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(viewport: ViewportName): Promise<TestPage> {
  const opened = await newPage(browser, viewport);
  await rememberCookieConsent(opened.context);
  return opened;
}

async function withPage(viewport: ViewportName, body: (tp: TestPage) => Promise<void>): Promise<void> {
  const tp = await open(viewport);
  try {
    await body(tp);
  } finally {
    await tp.context.close();
  }
}

/** The customer's way in: store link (plain or kiosk) → Apple → first model → /editor-modelo. */
async function startOrder(page: Page, origin: Origin = 'false'): Promise<Order> {
  await page.goto(`${server.url}/store/${await storeCode(server.url, STORE_ID, origin)}`);
  await page.getByRole('link', { name: '¡Empezar! con Apple' }).click();
  // A model is picked once the page has its store (before that, picking says the store is not
  // loaded yet, as a customer quicker than the network would be told).
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: `Personalizar ${firstApple.name}` }).click();
  await page.waitForURL(`${server.url}/editor-modelo`);
  await pageHeading(page).filter({ hasText: 'Añade tu imagen' }).waitFor();
  const orderId = await page.evaluate(() => sessionStorage.getItem('order_id'));
  assert.ok(orderId, 'the order id is in the session');
  return fetchOrder(page, orderId);
}

/** The order as the browser that made it reads it (an order is its session's). */
const fetchOrder = (owner: Page, id: string) => getJsonAs<Order>(owner, `${server.url}/api/orders/${id}`);

const addImageButton = (page: Page) => page.getByRole('button', { name: 'Añadir imagen' });
const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const qrDialog = (page: Page) => page.getByRole('dialog', { name: 'Código QR' });

/** Clicks what opens the file picker and picks `file` in it, as a person would. */
async function choosePhoto(
  page: Page,
  opener: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), opener.click()]);
  assert.equal(chooser.isMultiple(), false);
  await chooser.setFiles(file);
  return chooser;
}

const jpeg = (buffer: Buffer, name = 'vacaciones.jpg') => ({ name, mimeType: 'image/jpeg', buffer });

/** Counts the page's order reads (GET /api/orders/{id}) and how many were ever in flight at once. */
function watchOrderReads(page: Page, orderId: string) {
  const path = `/api/orders/${orderId}`;
  const isRead = (request: Request) => request.method() === 'GET' && new URL(request.url()).pathname === path;
  const stats = { count: 0, inFlight: 0, maxInFlight: 0 };
  // Only requests seen starting count as finishing: a read already under way when the watch
  // began would otherwise take the count below zero and hide two polls at once.
  const seen = new Set<Request>();
  const done = (request: Request) => {
    if (seen.delete(request)) stats.inFlight--;
  };
  page.on('request', (request) => {
    if (!isRead(request)) return;
    seen.add(request);
    stats.count++;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return stats;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Slows this page's uploads down to `bytesPerSecond`, so that the progress bar can be watched. */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

async function assertAccessible(page: Page): Promise<void> {
  // Through the DevTools protocol, so the page's CSP (script-src 'self') does not apply.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(
    blocking,
    [],
    blocking
      .map(
        (v) => `${v.impact}: ${v.id} (${v.help}) ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`,
      )
      .join('\n'),
  );
}

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage });

describe('on a normal device', () => {
  test('the photo is picked, uploaded with progress and put on the order', async () => {
    await withPage('desktop', async ({ page, errors }) => {
      const order = await startOrder(page);
      const modelName = `${order.model.brand.name} ${order.model.name}`;

      await page.getByText(`Funda personalizada para ${modelName}`).waitFor();
      const breadcrumb = page.getByRole('navigation', { name: 'Ruta de navegación' });
      const storePath = `/store/${await storeCode(server.url, STORE_ID)}`;
      assert.equal(
        await breadcrumb.getByRole('link', { name: 'Inicio de la tienda' }).getAttribute('href'),
        storePath,
      );
      assert.equal(await breadcrumb.getByRole('link', { name: 'Marcas' }).getAttribute('href'), storePath);
      assert.equal(
        await breadcrumb.getByRole('link', { name: 'Apple' }).getAttribute('href'),
        `/models/${APPLE_ID}`,
      );
      assert.equal(await breadcrumb.getByText('Crear').getAttribute('aria-current'), 'page');
      const template = page.getByRole('img', { name: `Plantilla de la funda para ${modelName}` });
      assert.equal(await template.getAttribute('src'), order.model.template);
      await eventually(async () => {
        assert.ok(await template.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0));
      });
      await shot(page, 'desktop-editor-modelo', true);
      await assertAccessible(page);
      // Reached from the keyboard, 'Añadir imagen' shows the site's focus ring (its own shadow
      // must not hide it): the ring's blue is in its box-shadow.
      await addImageButton(page).focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      assert.match(
        await addImageButton(page).evaluate((b) => getComputedStyle(b).boxShadow),
        /rgb\(37, 99, 235\)/,
        'the focus ring shows',
      );

      // 500 kB/s: the photo takes a few seconds, so the bar is seen moving.
      await throttleUploads(page, 500_000);
      const chooser = await choosePhoto(page, addImageButton(page), jpeg(photo));
      const accept = (await chooser.element().getAttribute('accept')) ?? '';
      for (const type of ['image/*', '.heic', '.heif']) assert.ok(accept.split(',').includes(type), accept);

      const bar = page.getByRole('progressbar', { name: UPLOADING });
      await bar.waitFor();
      await eventually(async () => {
        const value = Number(await bar.getAttribute('value'));
        assert.ok(value > 0 && value < 100, `progress ${value}`);
      });
      await shot(page, 'desktop-editor-modelo-uploading');

      await page.waitForURL(`${server.url}/editor-edicion`);
      const seenOnThisScreen = [...errors];
      const uploaded = await fetchOrder(page, order.id);
      assert.match(uploaded.image ?? '', /^\/api\/images\/[A-Za-z0-9_-]+$/);
      assert.equal(uploaded.status, 'image_uploaded');
      assert.deepEqual(seenOnThisScreen, []);

      // Coming back to the photo screen with a photo on the order goes straight on to the editor.
      await page.goto(`${server.url}/editor-modelo`);
      await page.waitForURL(`${server.url}/editor-edicion`);
    });
  });

  test('a photo dropped on the case is uploaded too', async () => {
    await withPage('desktop', async ({ page }) => {
      const order = await startOrder(page);
      const stage = page.getByRole('img', { name: /^Plantilla de la funda/ }).locator('..');
      const dataTransfer = await page.evaluateHandle(
        (bytes) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([new Uint8Array(bytes)], 'arrastrada.jpg', { type: 'image/jpeg' }));
          return transfer;
        },
        [...smallPhoto],
      );
      await stage.dispatchEvent('dragenter', { dataTransfer });
      await page.getByText('Suelta la foto aquí').waitFor();
      await stage.dispatchEvent('drop', { dataTransfer });
      await page.waitForURL(`${server.url}/editor-edicion`);
      assert.ok((await fetchOrder(page, order.id)).image);
    });
  });

  test('a stale anti-forgery token is renewed in the middle of an upload', async () => {
    await withPage('desktop', async ({ page }) => {
      const order = await startOrder(page);
      // As after the browser dropped its session cookies: the first try carries a token the server
      // never signed and is refused with a fresh one; the upload goes through on the second. The
      // stale token is put on that request itself, since any other request the page makes on the
      // way (a script chunk, a poll) would already bring a fresh cookie.
      await page.route(
        '**/api/images',
        async (route) => {
          const headers = await route.request().allHeaders();
          const cookie = (headers.cookie ?? '').replace(/XSRF-TOKEN=[^;]*/, 'XSRF-TOKEN=stale.token');
          await route.continue({ headers: { ...headers, cookie, 'x-xsrf-token': 'stale.token' } });
        },
        { times: 1 },
      );
      const attempts: number[] = [];
      page.on('response', (res) => {
        if (res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/images') {
          attempts.push(res.status());
        }
      });
      await choosePhoto(page, addImageButton(page), jpeg(smallPhoto));
      await page.waitForURL(`${server.url}/editor-edicion`);
      assert.deepEqual(attempts, [403, 201]);
      assert.ok((await fetchOrder(page, order.id)).image);
    });
  });

  test('on a phone the screen fits, with the same upload', async () => {
    await withPage('phone', async ({ page }) => {
      const order = await startOrder(page);
      await addImageButton(page).waitFor();
      await shot(page, 'phone-editor-modelo', true);
      await assertAccessible(page);
      await choosePhoto(page, addImageButton(page), jpeg(smallPhoto));
      await page.waitForURL(`${server.url}/editor-edicion`);
      assert.ok((await fetchOrder(page, order.id)).image);
    });
  });
});

describe('kiosk hand-off to the phone', () => {
  test('the phone uploads from the QR code and the kiosk moves on to the editor', async (t) => {
    const kiosk = await open('kiosk');
    const phone = await open('phone');
    try {
      const order = await startOrder(kiosk.page, 'screen');
      assert.equal(await kiosk.page.evaluate(() => sessionStorage.getItem('from_url')), 'screen');
      await shot(kiosk.page, 'kiosk-editor-modelo');

      // The kiosk has no file picker: the cloud opens the QR code.
      let picker = false;
      kiosk.page.on('filechooser', () => {
        picker = true;
      });
      await addImageButton(kiosk.page).click();
      const dialog = qrDialog(kiosk.page);
      await dialog.waitFor();
      await dialog.getByText('Escanea y sube tu imagen').waitFor();
      const qr = dialog.getByRole('img', { name: QR_LABEL });
      await qr.waitFor();
      assert.equal(picker, false);
      assert.ok(
        await kiosk.page.evaluate(() => document.activeElement?.closest('dialog') != null),
        'focus is inside the dialog',
      );
      const box = await qr.boundingBox();
      assert.ok(
        box && box.width >= 400,
        `the code is large enough to scan from arm's length (${box?.width} px)`,
      );
      await shot(kiosk.page, 'kiosk-qr-modal');
      await assertAccessible(kiosk.page);

      const uploadUrl = await decodeQr(qr);
      assert.match(uploadUrl, new RegExp(`^${server.url}/upload/[A-Za-z0-9_-]{22}$`));

      // The phone: the link's page shows nothing of the order and reads nothing of it.
      const phoneCalls: string[] = [];
      phone.page.on('request', (request) => {
        phoneCalls.push(new URL(request.url()).pathname);
      });
      await phone.page.goto(uploadUrl);
      await pageHeading(phone.page).filter({ hasText: 'Sube tu foto' }).waitFor();
      await phone.page.getByText('Fundamía').first().waitFor();
      const phoneText = (await phone.page.locator('main').textContent()) ?? '';
      for (const secret of [order.model.name, order.orderNumber, order.store.name]) {
        assert.ok(!phoneText.includes(secret), `the phone page does not show "${secret}"`);
      }
      await shot(phone.page, 'phone-upload-before', true);
      await assertAccessible(phone.page);

      const uploadDone = phone.page.waitForResponse(
        (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/orders/upload/',
      );
      await choosePhoto(
        phone.page,
        phone.page.getByRole('button', { name: PHONE_BUTTON }),
        jpeg(photo, 'IMG_2041.jpg'),
      );
      const response = await uploadDone;
      const uploadedAt = Date.now();
      assert.equal(response.status(), 200);
      await phone.page.getByText(messages.uploadSucceeded).waitFor();
      await phone.page.getByRole('img', { name: 'La foto que has elegido' }).waitFor();
      assert.equal(await phone.page.getByRole('button', { name: PHONE_BUTTON }).count(), 0);
      await shot(phone.page, 'phone-upload-after', true);

      // The kiosk finds the photo by polling and moves on by itself. How fast is a goal of its own
      // (bench/kiosk.ts); here only that it does, however loaded the machine.
      await kiosk.page.waitForURL(`${server.url}/editor-edicion`);
      t.diagnostic(`the kiosk moved on ${Date.now() - uploadedAt} ms after the upload finished`);
      assert.ok((await fetchOrder(kiosk.page, order.id)).image);
      assert.ok(
        phoneCalls.every((path) => !path.includes(order.id)),
        `the phone never asked for the order: ${phoneCalls.join(', ')}`,
      );
      assert.deepEqual(phone.errors, []);
    } finally {
      await kiosk.context.close();
      await phone.context.close();
    }
  });

  test('polling runs every second while the QR code shows, and stops when it closes or the screen is left', async () => {
    await withPage('kiosk', async ({ page, errors }) => {
      const order = await startOrder(page, 'screen');
      const reads = watchOrderReads(page, order.id);

      await addImageButton(page).click();
      await qrDialog(page).getByRole('img', { name: QR_LABEL }).waitFor();
      const before = reads.count;
      await pause(QUIET_MS);
      assert.ok(reads.count - before >= 2, `${reads.count - before} polls in ${QUIET_MS} ms`);
      assert.ok(reads.count - before <= 3, `${reads.count - before} polls in ${QUIET_MS} ms`);

      // Cerrar: no more requests.
      await qrDialog(page).getByRole('button', { name: 'Cerrar' }).click();
      await qrDialog(page).waitFor({ state: 'hidden' });
      await pause(200);
      const closedAt = reads.count;
      await pause(QUIET_MS);
      assert.equal(reads.count, closedAt, 'no poll after the dialog closed');
      assert.ok(await addImageButton(page).evaluate((button) => button === document.activeElement));

      // Escape closes it as well.
      await addImageButton(page).click();
      await qrDialog(page).getByRole('img', { name: QR_LABEL }).waitFor();
      await page.keyboard.press('Escape');
      await qrDialog(page).waitFor({ state: 'hidden' });

      // Leaving the screen with the dialog open stops the polling too.
      await addImageButton(page).click();
      await qrDialog(page).getByRole('img', { name: QR_LABEL }).waitFor();
      await page.goBack();
      await page.waitForURL(`${server.url}/models/${APPLE_ID}`);
      await pause(200);
      const leftAt = reads.count;
      await pause(QUIET_MS);
      assert.equal(reads.count, leftAt, 'no poll after the screen was left');

      assert.equal(reads.maxInFlight, 1, 'never two polls at once');
      assert.deepEqual(errors, []);
    });
  });
});

const serverError = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ error: 'INTERNAL', message: messages.internal }),
  });

describe('errors of the photo screens', () => {
  test('a file that is not an image: the server says why and nothing is attached', async () => {
    await withPage('desktop', async ({ page }) => {
      const order = await startOrder(page);
      await choosePhoto(page, addImageButton(page), {
        name: 'foto.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('Esto es un texto, no una foto.\n'.repeat(20)),
      });
      await alert(page, messages.unsupportedImage).waitFor();
      assert.equal((await fetchOrder(page, order.id)).image, null);
      assert.equal(page.url(), `${server.url}/editor-modelo`);

      // The customer simply tries another photo.
      await choosePhoto(page, addImageButton(page), jpeg(smallPhoto));
      await page.waitForURL(`${server.url}/editor-edicion`);
    });
  });

  test('an upload that fails for another reason says so and can be retried', async () => {
    await withPage('phone', async ({ page }) => {
      const order = await startOrder(page);
      await page.route('**/api/images', serverError);
      await choosePhoto(page, addImageButton(page), jpeg(smallPhoto));
      await alert(page, messages.imageUploadFailed).waitFor();
      await shot(page, 'phone-editor-modelo-error', true);
      await page.unroute('**/api/images');
      await page.getByRole('button', { name: 'Reintentar' }).click();
      await page.waitForURL(`${server.url}/editor-edicion`);
      assert.ok((await fetchOrder(page, order.id)).image);
    });
  });

  test('no order in the session, an order that does not load, an order without a model', async () => {
    await withPage('phone', async ({ page }) => {
      await page.goto(`${server.url}/editor-modelo`);
      await alert(page, messages.orderIdMissing).waitFor();
      await assertAccessible(page);

      const order = await startOrder(page);
      const orderPath = `**/api/orders/${order.id}`;
      await page.route(orderPath, serverError);
      await page.reload();
      await alert(page, messages.orderDetailsLoadFailed).waitFor();
      await page.unroute(orderPath);
      await page.getByRole('button', { name: 'Reintentar' }).click();
      await addImageButton(page).waitFor();

      await page.route(orderPath, (route) => route.fulfill({ json: { ...order, model: null } }));
      await page.reload();
      await alert(page, messages.modelNotInOrder).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Reintentar' }).count(), 0);
    });
  });

  test('kiosk: a failed poll stops the polling and shows the error; Reintentar resumes', async () => {
    await withPage('kiosk', async ({ page }) => {
      const order = await startOrder(page, 'screen');
      const orderPath = `**/api/orders/${order.id}`;
      await addImageButton(page).click();
      await qrDialog(page).getByRole('img', { name: QR_LABEL }).waitFor();

      let refused = 0;
      await page.route(orderPath, (route) => {
        refused++;
        return serverError(route);
      });
      await alert(page, messages.orderDetailsFailed).waitFor();
      assert.equal(refused, 1);
      await pause(QUIET_MS);
      assert.equal(refused, 1, 'no poll after the failure');
      await shot(page, 'kiosk-qr-modal-error');

      await page.unroute(orderPath);
      const resumed = page.waitForRequest(
        (request) => new URL(request.url()).pathname === `/api/orders/${order.id}`,
      );
      await qrDialog(page).getByRole('button', { name: 'Reintentar' }).click();
      await resumed;
      await alert(page, messages.orderDetailsFailed).waitFor({ state: 'detached' });
    });
  });

  test('kiosk: a QR link that cannot be made can be asked for again', async () => {
    await withPage('kiosk', async ({ page }) => {
      // The link is fetched as the photo screen opens (so the code shows at once): refused from the start.
      const linkPath = '**/api/orders/*/screen/getUrl';
      await page.route(linkPath, serverError);
      await startOrder(page, 'screen');
      await addImageButton(page).click();
      await alert(page, messages.uploadQrFailed).waitFor();
      await page.unroute(linkPath);
      await qrDialog(page).getByRole('button', { name: 'Reintentar' }).click();
      await qrDialog(page).getByRole('img', { name: QR_LABEL }).waitFor();
    });
  });

  test('phone: a forged or expired link says so as the page opens, with what to do; a failed upload', async () => {
    await withPage('phone', async ({ page, errors }) => {
      await page.goto(`${server.url}/upload/AAAAAAAAAAAAAAAAAAAAAA`);
      // Before any photo is chosen: the link cannot be used, and a new QR code is the way on.
      await alert(page, messages.uploadLinkInvalid).waitFor();
      assert.equal(await page.getByRole('button', { name: PHONE_BUTTON }).count(), 0);
      await shot(page, 'phone-upload-link-invalid', true);
      await assertAccessible(page);

      // A live link whose upload fails on the way: the message of docs/product.md §2.14, and another try is offered.
      await page.route('**/api/orders/upload/', (route) => route.abort('connectionreset'));
      await page.route('**/api/upload-links/*', (route) => route.fulfill({ json: { status: 'open' } }));
      await page.goto(`${server.url}/upload/BBBBBBBBBBBBBBBBBBBBBB`);
      await choosePhoto(page, page.getByRole('button', { name: PHONE_BUTTON }), {
        name: 'IMG_0001.HEIC',
        mimeType: 'image/heic',
        buffer: Buffer.from('not really a heic'),
      });
      await alert(page, messages.uploadFailed).waitFor();
      // The browser cannot show this file: its name stands in for the thumbnail.
      await page.getByText('IMG_0001.HEIC').waitFor();
      await page.getByRole('img', { name: 'La foto que has elegido' }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: PHONE_BUTTON }).waitFor();
      assert.deepEqual(
        errors.filter((e) => !e.includes('net::ERR_CONNECTION_RESET') && !e.includes('403')),
        [],
      );
    });
  });
});

describe('photos of today’s phones (50-200 MP)', () => {
  test('an 8200x6100 photo is shrunk on the phone to at most 48 MP, upright, and accepted', async () => {
    await withPage('phone', async ({ page, context, errors }) => {
      // A kiosk's order and its QR link, made as the kiosk makes them.
      const api = context.request;
      await api.get(`${server.url}/api/health`);
      const xsrf = (await context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
      const created = await api.post(`${server.url}/api/orders`, {
        headers: { 'x-xsrf-token': xsrf },
        data: {
          store: { id: STORE_ID },
          brand: { id: APPLE_ID },
          model: { id: firstApple.id },
          origin: 'screen',
        },
      });
      const { id } = (await created.json()) as { id: string };
      const { url } = (await (await api.get(`${server.url}/api/orders/${id}/screen/getUrl`)).json()) as {
        url: string;
      };
      // 50 MP, taken with the phone on its side (EXIF orientation 6: shown turned a quarter).
      const huge = await sharp({ create: { width: 8200, height: 6100, channels: 3, background: '#2f8f6f' } })
        .jpeg({ quality: 90 })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      // The body is read on its way out (a request event does not carry a file's bytes).
      const sent: Buffer[] = [];
      await page.route('**/api/orders/upload/', async (route) => {
        sent.push(route.request().postDataBuffer() ?? Buffer.alloc(0));
        await route.continue();
      });
      await page.goto(url);
      await choosePhoto(page, page.getByRole('button', { name: PHONE_BUTTON }), jpeg(huge, 'IMG_5000.jpg'));
      await page.getByText(messages.uploadSucceeded).waitFor({ timeout: 60_000 });
      // What the phone sent: the JPEG inside the multipart body.
      assert.equal(sent.length, 1);
      const body = sent[0]!;
      const photoSent = await sharp(body.subarray(body.indexOf(Buffer.from([0xff, 0xd8, 0xff])))).metadata();
      const sentPixels = (photoSent.width ?? 0) * (photoSent.height ?? 0);
      assert.ok(sentPixels <= 48_000_000, `${photoSent.width}x${photoSent.height} is at most 48 MP`);
      assert.ok(sentPixels > 47_000_000, `${photoSent.width}x${photoSent.height} keeps as much as it may`);
      // What the shop keeps: upright, in proportion, no larger than what came (the server keeps
      // what the print of the largest case needs).
      const order = await fetchOrder(page, id);
      assert.ok(order.imageSize, 'the photo is on the order');
      const { width, height } = order.imageSize;
      assert.ok(width * height <= sentPixels, `${width}x${height} is no larger than what the phone sent`);
      assert.ok(height > width, `upright, as the phone showed it (${width}x${height})`);
      assert.ok(Math.abs(height / width - 8200 / 6100) < 0.002, 'the proportions are kept');
      assert.deepEqual(errors, []);
    });
  });

  test('a file too heavy to send even shrunk is refused on the spot, saying the limit', async () => {
    await withPage('desktop', async ({ page }) => {
      const order = await startOrder(page);
      let sent = false;
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/images') sent = true;
      });
      // 30 MB that this browser cannot open to shrink (an iPhone HEIC outside Safari, say).
      await choosePhoto(page, addImageButton(page), {
        name: 'IMG_0002.HEIC',
        mimeType: 'image/heic',
        buffer: Buffer.alloc(30 * 1024 * 1024, 7),
      });
      await alert(page, messages.photoTooLargeToSend).waitFor();
      assert.match(messages.photoTooLargeToSend, /25 MB/);
      assert.equal(sent, false, 'nothing was uploaded');
      assert.equal((await fetchOrder(page, order.id)).image, null);
      await shot(page, 'desktop-editor-modelo-too-large');
    });
  });
});
