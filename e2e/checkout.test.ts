// The checkout screens (docs/product.md §2.9-§2.12, §4.6, §5.3 and §8): pay at the store or pay now, delivery or
// pickup, the data form with its rules, the card gateway (the built-in simulator) and the
// confirmation. Every order is first brought to "design confirmed" through the API, as the editor
// does, by the browser's own visitor. Screenshots of every page go to SCREENSHOT_DIR
// (default /tmp/screens-checkout).
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import { DELIVERY_AREA_NOTE } from '@shop/contracts/checkout-rules';
import {
  DELIVERY_TIME,
  PICKUP_TIME,
  PICKUP_TIME_WITHOUT_MAIL,
  WITHDRAWAL_EXEMPTION,
} from '@shop/contracts/consumer-terms';
import { messages } from '@shop/contracts/messages';
import { formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import type { PaymentStatus } from '@shop/contracts/payments';
import type { Store } from '@shop/contracts/stores';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
import { type RunningServer, repoRoot, startServer } from './support/server.ts';

const screenshotDir = process.env.SCREENSHOT_DIR || '/tmp/screens-checkout';
const STORE_ID = 1;
const KIOSK_STORE_ID = 2;

let server: RunningServer;
let browser: Browser;
let axeSource: string;

before(async () => {
  [server, browser, axeSource] = await Promise.all([
    startServer(),
    launchBrowser(),
    readFile(join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8'),
    mkdir(screenshotDir, { recursive: true }),
  ]);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

// ---------------------------------------------------------------------------------------------
// Setting up an order as the editor leaves it
// ---------------------------------------------------------------------------------------------

/** A photo with a sunset gradient and a sun, easy to recognise on the case. */
function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1400">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#3730a3"/><stop offset="0.6" stop-color="#db2777"/><stop offset="1" stop-color="#f97316"/>
    </linearGradient></defs>
    <rect width="900" height="1400" fill="url(#sky)"/>
    <circle cx="450" cy="900" r="190" fill="#fde047"/>
    <path d="M0 1100 Q225 1000 450 1100 T900 1100 V1400 H0 Z" fill="#0f766e"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** The photo seen through the model's template: what the editor renders as the design PNG. */
async function designPng(template: Buffer, photoBytes: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(template).metadata();
  assert.ok(width && height);
  const background = await sharp(photoBytes).resize(width, height, { fit: 'cover' }).png().toBuffer();
  return sharp(background)
    .composite([{ input: template }])
    .png()
    .toBuffer();
}

/** API calls as the browser context's visitor: same cookies, so the uploads are this visitor's. */
async function visitorApi(context: BrowserContext) {
  const health = await context.request.get(`${server.url}/api/health`);
  assert.ok(health.ok());
  const xsrf = async () =>
    (await context.cookies(server.url)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> => {
    const res = await context.request.fetch(`${server.url}${path}`, {
      method,
      headers: method === 'GET' ? {} : { 'x-xsrf-token': await xsrf() },
      data: body,
    });
    assert.ok(res.ok(), `${method} ${path} answered ${res.status()}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const upload = async (name: string, mimeType: string, buffer: Buffer): Promise<string> => {
    const res = await context.request.post(`${server.url}/api/images`, {
      headers: { 'x-xsrf-token': await xsrf() },
      multipart: { file: { name, mimeType, buffer } },
      timeout: 60_000,
    });
    assert.equal(res.status(), 201, `POST /api/images answered ${res.status()}: ${await res.text()}`);
    return ((await res.json()) as { uri: string }).uri;
  };
  const bytes = async (path: string) =>
    Buffer.from(await (await context.request.get(`${server.url}${path}`)).body());
  return { call, upload, bytes };
}

interface PlacedOrder {
  id: string;
  order: Order;
  store: Store;
  storeUrl: string;
}

/**
 * An Apple iPhone 15 order of the store, brought to "design confirmed, pay at the store" through
 * the API as the editor does, and put in the tab's session as the storefront keeps it.
 */
async function orderReadyForCheckout(
  { page, context }: TestPage,
  { storeId = STORE_ID, origin = 'false' }: { storeId?: number; origin?: 'false' | 'screen' } = {},
): Promise<PlacedOrder> {
  const api = await visitorApi(context);
  const brands = await api.call<{ id: number; name: string }[]>('GET', '/api/brands');
  const apple = brands.find((b) => b.name === 'Apple');
  assert.ok(apple);
  const models = await api.call<ModelPage>(
    'GET',
    `/api/models?store=${storeId}&brand=${apple.id}&filtro=iphone%2015&size=50`,
  );
  const model = models.items.find((m) => m.name === 'iPhone 15');
  assert.ok(model?.template, 'the demo catalogue has an iPhone 15 with a template');

  const { id } = await api.call<{ id: string }>('POST', '/api/orders', {
    store: { id: storeId },
    brand: { id: apple.id },
    model: { id: model.id },
    origin,
  });
  const picture = await photo();
  const image = await api.upload('foto.jpg', 'image/jpeg', picture);
  await api.call('PUT', `/api/orders/${id}`, { image });
  const design = await api.upload(
    'design.png',
    'image/png',
    await designPng(await api.bytes(model.template), picture),
  );
  await api.call('PUT', `/api/orders/${id}/design`, {
    design,
    transform: { centerX: 0.5, centerY: 0.5, scale: 3.5, quarterTurns: 0, flipX: false },
  });
  const order = await api.call<Order>(
    'POST',
    `/api/orders/${id}/confirmPaymentMethod?paymentMethod=paystore`,
  );
  assert.equal(order.status, 'design_confirmed');

  const storeUrl = await storeCode(server.url, storeId, origin);
  if (!page.url().startsWith(server.url)) await page.goto(`${server.url}/general-conditions`);
  await page.evaluate(
    (values) => {
      for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, value);
    },
    {
      order_id: id,
      store_id: String(storeId),
      from_url: origin,
      store_url: storeUrl,
      payment_method: 'paystore',
    },
  );
  const store = await getJson<Store>(`${server.url}/api/stores/${storeId}`);
  return { id, order, store, storeUrl };
}

/** The order and its payment as the browser that made the order reads them (an order is its session's). */
const serverOrder = (tab: { page: Page }, id: string) =>
  getJsonAs<Order>(tab.page, `${server.url}/api/orders/${id}`);
const paymentStatus = (tab: { page: Page }, id: string) =>
  getJsonAs<PaymentStatus>(tab.page, `${server.url}/api/payment/redsys/${id}`);
const session = (page: Page, key: string) => page.evaluate((k) => sessionStorage.getItem(k), key);

/** The price breakdown of the order preview, as its rows read: funda, envío, total (IVA incluido). */
async function breakdown(page: Page): Promise<string[][]> {
  return page
    .getByRole('region', { name: 'Resumen del pedido' })
    .locator('.price-breakdown > div')
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector('dt')?.textContent ?? '',
        row.querySelector('dd')?.textContent ?? '',
      ]),
    );
}

/** The notices above the order button: conditions, withdrawal exemption, privacy, each with its link. */
async function expectNotices(page: Page, notices: ReturnType<Page['getByRole']>): Promise<void> {
  await notices.getByText(WITHDRAWAL_EXEMPTION).waitFor();
  assert.equal(
    await notices.getByRole('link', { name: 'condiciones generales' }).getAttribute('href'),
    '/general-conditions',
  );
  assert.equal(
    await notices.getByRole('link', { name: 'política de privacidad' }).getAttribute('href'),
    '/privacy',
  );
  await notices.getByText('Protección de datos', { exact: false }).waitFor();
  await notices.getByText('Fundas Málaga Demo, S.L.', { exact: false }).waitFor();
  // The notices sit right above the button that places the order.
  const next = await notices.evaluate((list) => list.nextElementSibling?.getAttribute('type'));
  assert.equal(next, 'submit');
  // No consent box: the legal basis is the contract (the form's one box asks for a full invoice).
  assert.equal(await page.getByRole('checkbox', { name: /privacidad|acepto|consiento/i }).count(), 0);
}

/** Waits until the breakdown shows this case price and this shipping fee, and their sum. */
async function expectBreakdown(page: Page, funda: number, shipping: number): Promise<void> {
  await eventually(async () =>
    assert.deepEqual(await breakdown(page), [
      ['Funda', formatEuros(funda)],
      ['Envío', shipping > 0 ? formatEuros(shipping) : 'Gratis'],
      ['Total (IVA incluido)', formatEuros(funda + shipping)],
    ]),
  );
}

async function shot(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize();
  const kind = viewport && viewport.width < 600 ? 'phone' : 'desktop';
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(screenshotDir, `${kind}-${name}.png`), fullPage: true });
}

async function openCheckout(browserPage: TestPage, options?: Parameters<typeof orderReadyForCheckout>[1]) {
  await rememberCookieConsent(browserPage.context);
  const placed = await orderReadyForCheckout(browserPage, options);
  await browserPage.page.goto(`${server.url}/pedido/pagar-tienda`);
  await pageHeading(browserPage.page).filter({ hasText: 'Pago en tienda' }).waitFor();
  return placed;
}

/** From the pay-at-store page to the data form, paying now with the given delivery. */
async function toDataPayingNow(page: Page, delivery: 'Envío a domicilio' | 'Recogida en tienda') {
  await page.getByRole('button', { name: 'Prefiero pagar ahora con tarjeta o Bizum' }).click();
  await page.waitForURL('**/pedido/pagar-ahora');
  await page.getByRole('radio', { name: new RegExp(`^${delivery}`) }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL('**/pedido/datos');
  await page.getByRole('button', { name: 'Pagar' }).waitFor();
}

/** The text of the page's one alert. */
const alertText = async (page: Page) => ((await page.getByRole('alert').textContent()) ?? '').trim();

/** Matches a URL by its path, whatever its query (the gateway appends its signed fields). */
const at = (pathname: string) => (url: URL) => url.pathname === pathname;

/** A text field by its accessible name (the label without its decorative asterisk). */
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

// ---------------------------------------------------------------------------------------------
// Journeys
// ---------------------------------------------------------------------------------------------

describe('checkout', () => {
  test('pay at the store with pickup: data, confirmation, back to the store', async () => {
    const tab = await newPage(browser, 'desktop');
    const { page } = tab;
    try {
      const { id, order, store, storeUrl } = await openCheckout(tab);
      await page.getByText('Confirma que vas a pagar tu pedido a la recogida:').waitFor();
      await page.getByText('Funda personalizada para Apple iPhone 15.').waitFor();
      await expectBreakdown(page, order.total, 0);
      const caseImage = page.getByRole('img', { name: 'Tu funda personalizada para Apple iPhone 15' });
      assert.equal(await caseImage.getAttribute('src'), order.design, 'the preview shows the design PNG');
      await eventually(async () => {
        const natural = await caseImage.evaluate((img: HTMLImageElement) => img.naturalWidth);
        assert.ok(natural > 0, 'the design image loaded');
      });
      const ratio = await caseImage.evaluate((img) => {
        const frame = img.closest('.order-preview__media')?.getBoundingClientRect();
        return frame ? img.getBoundingClientRect().width / frame.width : 0;
      });
      assert.ok(Math.abs(ratio - 0.58) < 0.1, `the case takes about 58% of the card (${ratio})`);
      await shot(page, 'pagar-tienda');

      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.waitForURL('**/pedido/datos');
      assert.equal(await session(page, 'delivery_method'), 'pickup');
      await pageHeading(page).filter({ hasText: 'Datos' }).waitFor();
      await page.getByRole('group', { name: 'Datos de contacto' }).waitFor();
      assert.equal(await page.getByRole('group', { name: 'Datos de envío' }).count(), 0);
      assert.equal(await page.getByText('Correo electrónico*').count(), 0, 'no asterisk for pickup');
      assert.equal(await page.getByText('Teléfono*').count(), 0, 'no asterisk for pickup');
      await page.getByText('Nombre completo*').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Pagar' }).count(), 0);
      // Ordering means paying, and what the customer must know sits just above the button.
      const notices = page.getByRole('list', { name: 'Antes de confirmar' });
      await expectNotices(page, notices);
      await notices.getByText(`Recogida en ${store.name}, ${store.address}`).waitFor();
      // No mail is promised without an address to send it to; typing one brings the promise.
      await notices.getByText(PICKUP_TIME_WITHOUT_MAIL, { exact: false }).waitFor();
      await field(page, 'Correo electrónico').fill('lucia@example.com');
      await notices.getByText(PICKUP_TIME, { exact: false }).waitFor();
      await field(page, 'Correo electrónico').fill('');
      await notices.getByText(PICKUP_TIME_WITHOUT_MAIL, { exact: false }).waitFor();
      assert.equal(
        await page
          .getByRole('button', { name: 'Confirmar pedido con obligación de pago', exact: true })
          .count(),
        1,
      );
      await shot(page, 'datos-recogida');

      await field(page, 'Nombre completo').fill('Lucía Martín Ruiz');
      await page.getByRole('button', { name: 'Confirmar pedido con obligación de pago' }).click();
      await page.waitForURL('**/pedido/confirmacion');
      await pageHeading(page).filter({ hasText: 'Tu pedido' }).waitFor();
      await page.getByRole('heading', { name: '¡La operación se ha realizado con éxito!' }).waitFor();
      await page.getByText('Hemos tramitado tu pedido, puedes volver a tu tienda:').waitFor();
      const confirmation = page.getByRole('region', { name: '¡La operación se ha realizado con éxito!' });
      await confirmation.getByText(store.name, { exact: true }).waitFor();
      const listed = await confirmation
        .locator('dl > div')
        .evaluateAll((rows) =>
          rows.map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]),
        );
      assert.deepEqual(listed, [
        ['Dirección', store.address],
        ['Localidad', store.town],
        ['Provincia', store.province],
        ['Código postal', store.postalCode],
      ]);
      await confirmation.getByText(`Pagarás ${formatEuros(order.total)} al recoger tu funda.`).waitFor();
      // Placed with a name only: no mail will come, so the page is the customer's copy.
      await confirmation
        .getByText('No nos has dado un correo electrónico, así que no te escribiremos', { exact: false })
        .waitFor();
      await confirmation.getByRole('button', { name: 'Imprimir o guardar en PDF' }).waitFor();
      await confirmation.getByRole('link', { name: 'Sigue tu pedido' }).waitFor();
      await shot(page, 'confirmacion');

      const placed = await serverOrder(tab, id);
      assert.equal(placed.status, 'to_pay_at_store');
      assert.equal(placed.shipping, 0);
      assert.equal(placed.isHomeDelivery, false);
      assert.equal(placed.customerName, 'Lucía Martín Ruiz');

      // A reload, or Back to the data form, shows the placed order's confirmation again.
      await page.reload();
      await page.getByRole('heading', { name: '¡La operación se ha realizado con éxito!' }).waitFor();
      await page.goBack();
      await page.waitForURL('**/pedido/confirmacion');
      await page.getByRole('button', { name: 'Volver a la tienda' }).click();
      await page.waitForURL(`**/store/${storeUrl}`);
      await page.getByRole('link', { name: '¡Empezar! con Apple' }).waitFor();
      assert.equal(await session(page, 'order_id'), null);
      assert.deepEqual(tab.errors, []);
    } finally {
      await tab.context.close();
    }
  });

  test('pay now with home delivery: card accepted, price plus 5,00 € charged once', async () => {
    const tab = await newPage(browser, 'phone');
    const { page } = tab;
    try {
      const { id, order } = await openCheckout(tab);
      await page.getByRole('button', { name: 'Prefiero pagar ahora con tarjeta o Bizum' }).click();
      await page.waitForURL('**/pedido/pagar-ahora');
      assert.equal(await session(page, 'payment_method'), 'paynow');
      await page.getByText('Confirma que vas a pagar tu pedido ahora:').waitFor();
      const delivery = page.getByRole('radio', { name: 'Envío a domicilio 5,00 €' });
      assert.equal(await delivery.isChecked(), true, 'home delivery is the default');
      await expectBreakdown(page, order.total, 5);
      const marks = page.getByRole('list', { name: 'Formas de pago aceptadas' });
      await marks.getByRole('img', { name: 'Visa' }).waitFor();
      await marks.getByRole('img', { name: 'Mastercard' }).waitFor();
      await marks.getByText('Bizum', { exact: true }).waitFor();
      await shot(page, 'pagar-ahora');
      await page.getByRole('radio', { name: /^Recogida en tienda/ }).check();
      await expectBreakdown(page, order.total, 0);
      await delivery.check();
      await expectBreakdown(page, order.total, 5);

      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.waitForURL('**/pedido/datos');
      assert.equal(await session(page, 'delivery_method'), 'delivery');
      await page.getByRole('group', { name: 'Datos de envío' }).waitFor();
      await page.getByText('Correo electrónico*').waitFor();
      await page.getByText('Teléfono*').waitFor();
      const expected: [string, string, string | null][] = [
        ['Nombre completo', 'name', null],
        ['Correo electrónico', 'email', 'email'],
        ['Teléfono', 'tel', 'tel'],
        ['Dirección', 'street-address', null],
        ['Ciudad', 'address-level2', null],
        ['Código postal', 'postal-code', 'numeric'],
      ];
      for (const [label, autocomplete, inputmode] of expected) {
        assert.equal(await field(page, label).getAttribute('autocomplete'), autocomplete, label);
        assert.equal(await field(page, label).getAttribute('inputmode'), inputmode, label);
      }
      await field(page, 'Nombre completo').fill('Lucía Martín Ruiz');
      await field(page, 'Correo electrónico').fill('lucia@example.com');
      await field(page, 'Teléfono').fill('600123456');
      await field(page, 'Dirección').fill('Calle Larios, 5, 2.º B');
      await field(page, 'Ciudad').fill('Málaga');
      await field(page, 'Código postal').fill('29005');
      assert.equal(await page.getByRole('radio', { name: 'Tarjeta' }).isChecked(), true);
      const notices = page.getByRole('list', { name: 'Antes de confirmar' });
      await expectNotices(page, notices);
      await notices.getByText(`llega ${DELIVERY_TIME} desde el pago`, { exact: false }).waitFor();
      await expectBreakdown(page, order.total, 5);
      const pay = page.getByRole('button', { name: `Pagar ${formatEuros(order.total + 5)}`, exact: true });
      await pay.waitFor();
      await shot(page, 'datos-envio');

      // The islands, Ceuta and Melilla: the form says so before typing, and refuses with pickup offered.
      await page.getByText(DELIVERY_AREA_NOTE, { exact: false }).waitFor();
      await field(page, 'Código postal').fill('07001');
      await pay.click();
      await page.getByRole('alert').filter({ hasText: messages.postalCodeNotDelivered }).waitFor();
      assert.equal(await field(page, 'Código postal').getAttribute('aria-invalid'), 'true');
      await page.getByRole('button', { name: 'Recoger en', exact: false }).first().waitFor();
      assert.equal(new URL(page.url()).pathname, '/pedido/datos');
      assert.equal((await serverOrder(tab, id)).customerAddress, null, 'nothing sent for an island address');
      await shot(page, 'datos-envio-islas');
      await field(page, 'Código postal').fill('29005');

      await pay.click();
      await page.waitForURL(at('/simulator/redsys'));
      await page.getByText(formatEuros(order.total + 5), { exact: true }).waitFor();
      assert.equal(await session(page, 'delivery_method'), null, 'cleared once the delivery data is in');
      await page.getByRole('button', { name: 'Pagar con tarjeta (aceptar)' }).click();
      await page.waitForURL(at('/payment-success'));
      await pageHeading(page).filter({ hasText: 'Pago realizado' }).waitFor();
      await page
        .getByText(`Hemos recibido tu pago de ${formatEuros(order.total + 5)}.`, { exact: false })
        .waitFor();
      assert.equal(await session(page, 'order_id'), null, 'a paid order leaves the session');
      assert.equal(new URL(page.url()).search, '', 'the gateway fields are dropped from the address');
      // The success page shows the whole order, and still does after a reload.
      for (const when of ['first', 'after a reload']) {
        if (when !== 'first') await page.reload();
        await page.getByText(`Número de pedido: ${order.orderNumber}`).waitFor();
        const design = page.getByRole('img', { name: 'Tu funda personalizada para Apple iPhone 15' });
        assert.equal(await design.getAttribute('src'), order.design, `the design (${when})`);
        await expectBreakdown(page, order.total, 5);
        await page.getByRole('heading', { name: 'Envío a domicilio' }).waitFor();
        await page.getByText('Calle Larios, 5, 2.º B').waitFor();
        await page.getByText(`Llega ${DELIVERY_TIME}.`).waitFor();
        // Where the receipt and the invoice went.
        await page
          .getByText('Te hemos enviado el justificante del pago y la factura a lucia@example.com.')
          .waitFor();
        const invoice = page.getByRole('link', { name: /^Descargar la factura .+ \(PDF\)$/ });
        const href = await invoice.getAttribute('href');
        assert.ok(href, `the invoice link (${when})`);
        const pdf = await page.context().request.get(`${server.url}${href}`);
        assert.equal(pdf.headers()['content-type'], 'application/pdf');
      }
      await shot(page, 'payment-success');
      // Back to the data page (as Back from the bank's page lands): the paid order's page, not 'no order'.
      await page.goto(`${server.url}/pedido/datos`);
      await page.waitForURL(at('/payment-success'));
      await page.getByText(`Número de pedido: ${order.orderNumber}`).waitFor();
      assert.equal(await page.getByText(messages.noOrderInSession).count(), 0);

      const status = await paymentStatus(tab, id);
      assert.equal(status.status, 'paid');
      assert.equal(status.attempts.length, 1, 'one trip to the gateway');
      assert.equal(status.attempts[0]?.amount, order.total + 5);
      assert.equal(status.attempts[0]?.method, 'card');
      const paid = await serverOrder(tab, id);
      assert.equal(paid.status, 'paid');
      assert.equal(paid.total, order.total);
      assert.equal(paid.shipping, 5);
      assert.equal(paid.isHomeDelivery, true);
      assert.deepEqual(
        [
          paid.customerEmail,
          paid.customerPhone,
          paid.customerAddress,
          paid.customerCity,
          paid.customerPostalCode,
        ],
        ['lucia@example.com', '+34600123456', 'Calle Larios, 5, 2.º B', 'Málaga', '29005'],
      );
      await page.getByRole('link', { name: 'Volver a la tienda' }).click();
      await page.waitForURL(`${server.url}/store`);
      assert.deepEqual(tab.errors, []);
    } finally {
      await tab.context.close();
    }
  });

  test('a denied card ends on payment-failure and leaves the order unpaid; Back from the bank works', async () => {
    const tab = await newPage(browser, 'desktop');
    const { page } = tab;
    try {
      const { id } = await openCheckout(tab);
      await toDataPayingNow(page, 'Recogida en tienda');
      await field(page, 'Nombre completo').fill('Pablo Romero');
      await field(page, 'Correo electrónico').fill('pablo@example.com');
      await page.getByRole('button', { name: 'Pagar' }).click();
      await page.waitForURL(at('/simulator/redsys'));

      // Back from the bank's page: the form is there again, filled in and ready to pay.
      await page.goBack();
      await page.waitForURL('**/pedido/datos');
      await eventually(async () =>
        assert.equal(await field(page, 'Nombre completo').inputValue(), 'Pablo Romero'),
      );
      await page.getByRole('button', { name: 'Pagar' }).waitFor();

      // Landing on payment-success proves nothing: with the bank silent, the page keeps asking and
      // then says the payment is not confirmed yet; the order stays in the session, unpaid.
      await page.goto(`${server.url}/payment-success`);
      await page.getByText('Estamos confirmando el pago con el banco…').waitFor();
      await page.getByText('El banco todavía no nos ha confirmado el pago.', { exact: false }).waitFor();
      assert.equal(await session(page, 'order_id'), id);
      assert.equal((await paymentStatus(tab, id)).status, 'pending');
      await page.goto(`${server.url}/pedido/datos`);
      await page.getByRole('button', { name: 'Pagar' }).click();
      await page.waitForURL(at('/simulator/redsys'));

      await page.getByRole('button', { name: 'Denegar' }).click();
      await page.waitForURL(at('/payment-failure'));
      await pageHeading(page).filter({ hasText: 'Se ha producido un error en el pago' }).waitFor();
      await page.getByText('No se ha podido procesar tu pago, inténtalo de nuevo más tarde').waitFor();
      await shot(page, 'payment-failure');
      const status = await paymentStatus(tab, id);
      assert.equal(status.status, 'failed');
      assert.notEqual((await serverOrder(tab, id)).status, 'paid');
      assert.equal((await serverOrder(tab, id)).status, 'awaiting_payment');
      assert.equal(
        await page.getByRole('link', { name: 'Volver a la tienda' }).getAttribute('href'),
        '/store',
      );

      // The order is still open: the customer may try again.
      await page.getByRole('link', { name: 'Intentar el pago de nuevo' }).click();
      await page.waitForURL('**/pedido/datos');
      await page.getByRole('button', { name: 'Pagar' }).waitFor();

      // This time the customer cancels at the bank's page: no error, nothing charged, pay when ready.
      await page.getByRole('button', { name: 'Pagar' }).click();
      await page.waitForURL(at('/simulator/redsys'));
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await page.waitForURL(at('/payment-failure'));
      await pageHeading(page).filter({ hasText: messages.paymentCancelledTitle }).waitFor();
      await page.getByText(messages.paymentCancelledText).waitFor();
      assert.equal(await page.getByText(messages.paymentFailedText).count(), 0);
      await shot(page, 'payment-cancelled');
      await page.getByRole('link', { name: 'Volver al pedido y pagar' }).click();
      await page.waitForURL('**/pedido/datos');
      await page.getByRole('button', { name: 'Pagar' }).waitFor();
      assert.deepEqual(tab.errors, []);
    } finally {
      await tab.context.close();
    }
  });

  test('Bizum: the gateway offers Bizum only, and accepting pays the order', async () => {
    const tab = await newPage(browser, 'phone');
    const { page } = tab;
    try {
      const { id, order } = await openCheckout(tab);
      await toDataPayingNow(page, 'Recogida en tienda');
      await field(page, 'Nombre completo').fill('Marta Gil');
      await field(page, 'Correo electrónico').fill('marta@example.com');
      await page.getByRole('radio', { name: 'Bizum' }).check();
      await page.getByRole('button', { name: 'Pagar' }).click();
      await page.waitForURL(at('/simulator/redsys'));
      await page.getByRole('button', { name: 'Pagar con Bizum' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Pagar con tarjeta (aceptar)' }).count(), 0);
      await page.getByText(formatEuros(order.total), { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Pagar con Bizum' }).click();
      await page.waitForURL(at('/payment-success'));
      await page
        .getByText(`Hemos recibido tu pago de ${formatEuros(order.total)}.`, { exact: false })
        .waitFor();
      const status = await paymentStatus(tab, id);
      assert.equal(status.status, 'paid');
      assert.equal(status.attempts[0]?.method, 'bizum');
      const paid = await serverOrder(tab, id);
      assert.equal(paid.status, 'paid');
      assert.equal(paid.shipping, 0);
      assert.deepEqual(tab.errors, []);
    } finally {
      await tab.context.close();
    }
  });

  test('every contact and delivery rule is checked in the browser, with nothing sent to the server', async () => {
    const tab = await newPage(browser, 'phone');
    const { page } = tab;
    try {
      const { id } = await openCheckout(tab);
      await toDataPayingNow(page, 'Envío a domicilio');
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.method() !== 'GET') sent.push(`${request.method()} ${request.url()}`);
      });

      const values = {
        'Nombre completo': 'Lucía Martín',
        'Correo electrónico': 'lucia@example.com',
        Teléfono: '600123456',
        Dirección: 'Calle Larios, 5',
        Ciudad: 'Málaga',
        'Código postal': '29005',
      };
      type Label = keyof typeof values;
      const cases: { what: string; change: Partial<Record<Label, string>>; message: string; focus: Label }[] =
        [
          {
            what: 'name empty',
            change: { 'Nombre completo': '' },
            message: messages.nameRequired,
            focus: 'Nombre completo',
          },
          {
            what: 'no e-mail',
            change: { 'Correo electrónico': '' },
            message: messages.contactFieldsRequired,
            focus: 'Correo electrónico',
          },
          {
            what: 'no phone',
            change: { Teléfono: '' },
            message: messages.contactFieldsRequired,
            focus: 'Teléfono',
          },
          {
            what: 'e-mail without @',
            change: { 'Correo electrónico': 'lucia.example.com' },
            message: messages.invalidEmail,
            focus: 'Correo electrónico',
          },
          {
            what: 'e-mail without a domain',
            change: { 'Correo electrónico': 'antonio@' },
            message: messages.invalidEmail,
            focus: 'Correo electrónico',
          },
          {
            what: 'phone with letters',
            change: { Teléfono: '600 12a' },
            message: messages.invalidPhone,
            focus: 'Teléfono',
          },
          {
            what: 'phone too short to be Spanish',
            change: { Teléfono: '60012' },
            message: messages.invalidPhone,
            focus: 'Teléfono',
          },
          {
            what: 'no address',
            change: { Dirección: '' },
            message: messages.deliveryFieldsRequired,
            focus: 'Dirección',
          },
          {
            what: 'no city',
            change: { Ciudad: '' },
            message: messages.deliveryFieldsRequired,
            focus: 'Ciudad',
          },
          {
            what: 'no postal code',
            change: { 'Código postal': '' },
            message: messages.deliveryFieldsRequired,
            focus: 'Código postal',
          },
          {
            what: 'postal code of 4 digits',
            change: { 'Código postal': '2900' },
            message: messages.invalidPostalCode,
            focus: 'Código postal',
          },
          {
            what: 'postal code 00000 (no province)',
            change: { 'Código postal': '00000' },
            message: messages.invalidPostalCode,
            focus: 'Código postal',
          },
          {
            what: 'postal code 99999 (no province)',
            change: { 'Código postal': '99999' },
            message: messages.invalidPostalCode,
            focus: 'Código postal',
          },
        ];
      for (const { what, change, message, focus } of cases) {
        for (const [label, value] of Object.entries({ ...values, ...change }))
          await field(page, label).fill(value);
        await page.getByRole('button', { name: 'Pagar' }).click();
        const alert = page.getByRole('alert');
        await eventually(async () => assert.equal(await alertText(page), message, what));
        assert.equal(await alert.count(), 1, `${what}: one alert`);
        assert.match((await alert.getAttribute('class')) ?? '', /alert--error/, `${what}: a red alert`);
        const wrong = field(page, focus);
        assert.equal(await wrong.getAttribute('aria-invalid'), 'true', `${what}: ${focus} is marked`);
        assert.equal(
          await wrong.evaluate((el) => el === document.activeElement),
          true,
          `${what}: ${focus} has the focus`,
        );
        if (what === 'no e-mail') await shot(page, 'datos-error');
      }
      // With nothing in the form, every required field is marked.
      for (const label of Object.keys(values)) await field(page, label).fill('');
      await page.getByRole('button', { name: 'Pagar' }).click();
      for (const label of ['Nombre completo', 'Correo electrónico', 'Teléfono'] as const) {
        assert.equal(await field(page, label).getAttribute('aria-invalid'), 'true', label);
      }
      // Fixing the problem takes the alert away.
      for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
      assert.equal(await page.getByRole('alert').count(), 0);
      assert.deepEqual(sent, [], 'no request left the browser');
      assert.equal((await serverOrder(tab, id)).customerName, null);
      assert.deepEqual(tab.errors, []);
    } finally {
      await tab.context.close();
    }
  });

  test('Spanish phone numbers as people and autofill type them are accepted, and stored in E.164', async () => {
    // The same table as the API test (apps/server/test/checkout.test.ts), typed into the form.
    const formats: [typed: string, stored: string][] = [
      ['612 345 678', '+34612345678'],
      ['+34 612 345 678', '+34612345678'],
      ['612-345-678', '+34612345678'],
      ['0034612345678', '+34612345678'],
      ['612345678', '+34612345678'],
    ];
    const tab = await newPage(browser, 'phone');
    const { page } = tab;
    try {
      for (const [typed, stored] of formats) {
        const { id } = await openCheckout(tab);
        await page.getByRole('button', { name: 'Continuar' }).click();
        await page.waitForURL('**/pedido/datos');
        await field(page, 'Nombre completo').fill('Pablo Romero');
        await field(page, 'Teléfono').fill(typed);
        await page.getByRole('button', { name: 'Confirmar pedido con obligación de pago' }).click();
        await page.waitForURL('**/pedido/confirmacion');
        assert.equal((await serverOrder(tab, id)).customerPhone, stored, typed);
      }
      assert.deepEqual(tab.errors, []);
    } finally {
      await tab.context.close();
    }
  });

  test('an island address is refused by the server too, and one button turns the order into a free pickup', async () => {
    const tab = await newPage(browser, 'phone');
    const { page } = tab;
    try {
      const { id, order, store } = await openCheckout(tab);
      await toDataPayingNow(page, 'Envío a domicilio');
      // Straight to the server, as a stale or hand-made form would: refused with its own code.
      const xsrf = (await tab.context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
      const res = await tab.context.request.post(`${server.url}/api/orders/${id}/confirmDelivery`, {
        headers: { 'x-xsrf-token': xsrf },
        data: { address: 'Calle Triana, 1', city: 'Las Palmas', postalCode: '35002' },
      });
      const refused = { status: res.status(), body: await res.json() };
      assert.deepEqual(refused, {
        status: 400,
        body: { error: 'DELIVERY_AREA', message: messages.postalCodeNotDelivered, field: 'postalCode' },
      });

      await field(page, 'Nombre completo').fill('Carmen Vega');
      await field(page, 'Correo electrónico').fill('carmen@example.com');
      await field(page, 'Teléfono').fill('600123456');
      await field(page, 'Dirección').fill('Calle Triana, 1');
      await field(page, 'Ciudad').fill('Las Palmas');
      await field(page, 'Código postal').fill('35002');
      await page.getByRole('button', { name: `Pagar ${formatEuros(order.total + 5)}` }).click();
      await page.getByRole('alert').filter({ hasText: messages.postalCodeNotDelivered }).waitFor();
      await page.getByRole('button', { name: `Recoger en ${store.name} (gratis)` }).click();
      await page.getByRole('group', { name: 'Datos de envío' }).waitFor({ state: 'detached' });
      await expectBreakdown(page, order.total, 0);
      await page.getByRole('button', { name: `Pagar ${formatEuros(order.total)}`, exact: true }).waitFor();
      await page
        .getByRole('list', { name: 'Antes de confirmar' })
        .getByText(`Recogida en ${store.name}`, { exact: false })
        .waitFor();
      const now = await serverOrder(tab, id);
      assert.deepEqual([now.isHomeDelivery, now.shipping, now.customerPostalCode], [false, 0, null]);
      assert.deepEqual(tab.errors, []);
    } finally {
      await tab.context.close();
    }
  });

  test('retrying after a failed payment finds the form as the customer filled it', async () => {
    const tab = await newPage(browser, 'desktop');
    const { page } = tab;
    try {
      await openCheckout(tab);
      await toDataPayingNow(page, 'Envío a domicilio');
      const typed = {
        'Nombre completo': 'Lucía Martín Ruiz',
        'Correo electrónico': 'lucia@example.com',
        Teléfono: '+34 612 345 678',
        Dirección: 'Calle Larios, 5, 2.º B',
        Ciudad: 'Málaga',
        'Código postal': '29005',
      };
      for (const [label, value] of Object.entries(typed)) await field(page, label).fill(value);
      await page.getByRole('radio', { name: 'Bizum' }).check();
      await page.getByRole('button', { name: 'Pagar' }).click();
      await page.waitForURL(at('/simulator/redsys'));
      await page.getByRole('button', { name: 'Denegar' }).click();
      await page.waitForURL(at('/payment-failure'));
      await page.getByRole('link', { name: 'Intentar el pago de nuevo' }).click();
      await page.waitForURL('**/pedido/datos');
      await page.getByRole('button', { name: 'Pagar' }).waitFor();
      for (const [label, value] of Object.entries(typed)) {
        await eventually(async () => assert.equal(await field(page, label).inputValue(), value, label));
      }
      assert.equal(await page.getByRole('radio', { name: 'Bizum' }).isChecked(), true, 'the way to pay too');
      assert.deepEqual(tab.errors, []);
    } finally {
      await tab.context.close();
    }
  });

  test('the data page of a pickup order requires the name only, and still checks a wrong e-mail', async () => {
    const tab = await newPage(browser, 'desktop');
    const { page } = tab;
    try {
      await openCheckout(tab);
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.waitForURL('**/pedido/datos');
      await page.getByRole('button', { name: 'Confirmar pedido con obligación de pago' }).click();
      await eventually(async () => assert.equal(await alertText(page), messages.nameRequired));
      assert.equal(await field(page, 'Correo electrónico').getAttribute('aria-invalid'), null);
      await field(page, 'Nombre completo').fill('Ana');
      await field(page, 'Correo electrónico').fill('ana');
      await page.getByRole('button', { name: 'Confirmar pedido con obligación de pago' }).click();
      await eventually(async () => assert.equal(await alertText(page), messages.invalidEmail));
      assert.equal(page.url(), `${server.url}/pedido/datos`);
      assert.deepEqual(tab.errors, []);
    } finally {
      await tab.context.close();
    }
  });

  test('a kiosk order pays at the store: no way to pay now', async () => {
    const tab = await newPage(browser, 'kiosk');
    const { page } = tab;
    try {
      await openCheckout(tab, { storeId: KIOSK_STORE_ID, origin: 'screen' });
      await page.getByRole('button', { name: 'Continuar' }).waitFor();
      assert.equal(await page.getByRole('button', { name: /pagar ahora/i }).count(), 0);
      // The pay-now address sends a kiosk order back to paying at the store.
      await page.goto(`${server.url}/pedido/pagar-ahora`);
      await page.waitForURL('**/pedido/pagar-tienda');
      await pageHeading(page).filter({ hasText: 'Pago en tienda' }).waitFor();
      await page.screenshot({ path: join(screenshotDir, 'kiosk-pagar-tienda.png'), fullPage: true });
      assert.deepEqual(tab.errors, []);
    } finally {
      await tab.context.close();
    }
  });

  test('without an order in the session each page says so', async () => {
    const tab = await newPage(browser, 'phone');
    const { page } = tab;
    try {
      await rememberCookieConsent(tab.context);
      const pages: [string, string][] = [
        ['/pedido/pagar-tienda', messages.noOrderInSession],
        ['/pedido/pagar-ahora', messages.noOrderToContinue],
        ['/pedido/datos', messages.noOrderInSession],
        ['/pedido/confirmacion', messages.noOrderInSession],
      ];
      for (const [path, message] of pages) {
        await page.goto(`${server.url}${path}`);
        await eventually(async () => assert.equal(await alertText(page), message, path));
        await page.getByRole('link', { name: 'Volver a la tienda' }).waitFor();
      }
      await shot(page, 'sin-pedido');
      assert.deepEqual([...tab.errors], []);

      // An order the shop does not know (a stale session) counts as no order, and is forgotten.
      const unknownOrder = '00000000-0000-4000-8000-000000000000';
      await page.evaluate((id) => sessionStorage.setItem('order_id', id), unknownOrder);
      await page.goto(`${server.url}/pedido/datos`);
      await eventually(async () => assert.equal(await alertText(page), messages.noOrderInSession));
      assert.equal(await session(page, 'order_id'), null);
      // The browser itself reports the 404 in the console; nothing else may go wrong.
      assert.deepEqual(
        tab.errors.filter((error) => !error.includes(`/api/orders/${unknownOrder}`)),
        [],
      );
    } finally {
      await tab.context.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Accessibility of every checkout page
// ---------------------------------------------------------------------------------------------

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

async function seriousViolations(page: Page): Promise<string> {
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
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`)
    .join('\n');
}

for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
  test(`axe-core finds nothing serious on the checkout pages (${viewport})`, async () => {
    const tab = await newPage(browser, viewport);
    const { page } = tab;
    const found: string[] = [];
    const check = async (name: string) => {
      await page.waitForLoadState('networkidle');
      await shot(page, `a11y-${name.replaceAll(' ', '-')}`);
      const problems = await seriousViolations(page);
      if (problems) found.push(`${name}:\n${problems}`);
    };
    try {
      await openCheckout(tab);
      await check('pagar-tienda');
      await page.getByRole('button', { name: 'Prefiero pagar ahora con tarjeta o Bizum' }).click();
      await page.getByRole('radio', { name: /^Envío a domicilio/ }).waitFor();
      await check('pagar-ahora');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByRole('button', { name: 'Pagar' }).waitFor();
      await check('datos');
      await page.getByRole('button', { name: 'Pagar' }).click();
      await page.getByRole('alert').waitFor();
      await check('datos with an error');
      await page.goto(`${server.url}/payment-failure`);
      await pageHeading(page).waitFor();
      await check('payment-failure');
      await page.goto(`${server.url}/pedido/pagar-tienda`);
      await page.getByRole('button', { name: 'Continuar' }).click();
      await field(page, 'Nombre completo').fill('Lucía');
      await page.getByRole('button', { name: 'Confirmar pedido con obligación de pago' }).click();
      await page.getByRole('heading', { name: '¡La operación se ha realizado con éxito!' }).waitFor();
      await check('confirmacion');
      await page.goto(`${server.url}/payment-success`);
      await pageHeading(page).waitFor();
      await check('payment-success');
      assert.deepEqual(found, [], found.join('\n\n'));
      assert.deepEqual(tab.errors, []);
    } finally {
      await tab.context.close();
    }
  });
}
