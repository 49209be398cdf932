// The staff back office under /admin, in a real browser against the built server: catalogue
// management reaching the storefront, store staff confined to their store, the order life cycle
// from the order page, and axe-core on every admin screen (desktop, tablet upright and sideways),
// none wider than its screen. Each screen is
// also saved as a screenshot (SCREENSHOT_DIR, default /tmp/screens-admin) to be looked at.
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import type { Order } from '@shop/contracts/orders';
import { caseProductName } from '@shop/contracts/product';
import type { Store } from '@shop/contracts/stores';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { editorModel } from './editor-support.ts';
import { buildScene } from './scene-support.ts';
import { eventually, getJson, getJsonAs, rememberCookieConsent, storeCode } from './storefront-support.ts';
import { launchBrowser, newPage, type TestPage, type Viewport, viewports } from './support/browser.ts';
import { type RunningServer, repoRoot, startServer } from './support/server.ts';

const ADMIN = { email: 'jefa@fundas.test', password: 'clave-de-la-jefa-2026' };
const CLERK = { email: 'ana@tienda-uno.test', password: 'clave-de-ana-2026' };
const screenshotDir = process.env.SCREENSHOT_DIR || '/tmp/screens-admin';
const tablet: Viewport = { width: 820, height: 1180 };
/** A tablet held sideways: the width at which the back office's widest tables must still fit. */
const tabletLandscape: Viewport = { width: 1024, height: 768 };
const VIEWPORTS = { desktop: viewports.desktop, tablet, 'tablet-landscape': tabletLandscape } as const;

let server: RunningServer;
let browser: Browser;
let axeSource: string;
let stores: Store[];

before(async () => {
  [server, browser, axeSource] = await Promise.all([
    // WEB_DIST, when set, reaches the server through the inherited environment.
    startServer({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } }),
    launchBrowser(),
    readFile(join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8'),
    mkdir(screenshotDir, { recursive: true }),
  ]);
  stores = await getJson<Store[]>(`${server.url}/api/stores`);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const storeName = (id: number) => stores.find((s) => s.id === id)!.name;

/** A visitor of the API (customer or staff): keeps its cookies and echoes the CSRF token. */
class ApiVisitor {
  private readonly cookies = new Map<string, string>();

  async send(method: string, path: string, body?: unknown, form?: FormData): Promise<Response> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.send('GET', '/api/health');
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    if (method !== 'GET') headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }

  async json<T>(method: string, path: string, body?: unknown, form?: FormData): Promise<T> {
    const res = await this.send(method, path, body, form);
    assert.ok(res.ok, `${method} ${path} answered ${res.status}: ${await res.clone().text()}`);
    return (await res.json()) as T;
  }

  async upload(bytes: Buffer, filename: string, type: string): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
    return (await this.json<{ uri: string }>('POST', '/api/images', undefined, form)).uri;
  }
}

/** A new customer's order at `storeId`, as it is right after choosing a model. */
async function newOrder(storeId: number): Promise<{ customer: ApiVisitor; order: Order }> {
  const customer = new ApiVisitor();
  const model = (await customer.json<ModelPage>('GET', `/api/models?store=${storeId}&size=1`)).items[0]!;
  const { id } = await customer.json<{ id: string }>('POST', '/api/orders', {
    store: { id: storeId },
    brand: { id: model.brand.id },
    model: { id: model.id },
    origin: 'false',
  });
  return { customer, order: await customer.json<Order>('GET', `/api/orders/${id}`) };
}

/** A holiday photo: sky, sun and sea, as a JPEG. */
const holidayPhoto = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
      <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#4a90d9"/><stop offset="1" stop-color="#f6c28b"/></linearGradient></defs>
      <rect width="1600" height="1200" fill="url(#s)"/><circle cx="1150" cy="420" r="140" fill="#fff3c4"/>
      <rect y="760" width="1600" height="440" fill="#1f5f99"/>
      <path d="M0 1040q400-90 800 0t800 0V1200H0Z" fill="#f2d3a2"/></svg>`),
  )
    .jpeg()
    .toBuffer();

/** What the editor renders on '¡OK, pedir!': the photo inside the case outline, white around. */
const designPng = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="760">
      <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#4a90d9"/><stop offset="1" stop-color="#f6c28b"/></linearGradient>
        <clipPath id="c"><rect x="20" y="20" width="440" height="720" rx="60"/></clipPath></defs>
      <rect width="480" height="760" fill="#fff"/>
      <g clip-path="url(#c)"><rect width="480" height="760" fill="url(#s)"/><circle cx="330" cy="260" r="60" fill="#fff3c4"/>
        <rect y="470" width="480" height="290" fill="#1f5f99"/><path d="M0 650q120-40 240 0t240 0V760H0Z" fill="#f2d3a2"/></g>
      <rect x="20" y="20" width="440" height="720" rx="60" fill="none" stroke="#555" stroke-width="2"/>
      <rect x="44" y="44" width="150" height="160" rx="36" fill="#d9d9d9" stroke="#a6a6a6" stroke-width="2"/></svg>`),
  )
    .png()
    .toBuffer();

/** An order placed to be paid at the store (photo, design, pickup, contact data), as the storefront does it. */
async function payAtStoreOrder(storeId: number): Promise<Order> {
  const { customer, order } = await newOrder(storeId);
  const image = await customer.upload(await holidayPhoto(), 'foto.jpg', 'image/jpeg');
  await customer.json('PUT', `/api/orders/${order.id}`, { image });
  const design = await customer.upload(await designPng(), 'design.png', 'image/png');
  const transform = { centerX: 0.5, centerY: 0.5, scale: 3.5, quarterTurns: 0, flipX: false };
  await customer.json('PUT', `/api/orders/${order.id}/design`, { design, transform });
  await customer.json('POST', `/api/orders/${order.id}/confirmPaymentMethod?paymentMethod=paystore`);
  await customer.json('POST', `/api/orders/${order.id}/confirmInStorePickup`);
  return customer.json<Order>('POST', `/api/orders/${order.id}/confirmUserDetails`, {
    name: 'Lucía Pérez Gómez',
    email: 'lucia@example.com',
    phone: '600111222',
  });
}

/** A pay-at-store order of the demo iPhone 15 whose design puts two photos side by side, with a full invoice asked for. */
async function twoPhotoOrder(): Promise<Order> {
  const { model, box } = await editorModel(server.url);
  const customer = new ApiVisitor();
  const { id } = await customer.json<{ id: string }>('POST', '/api/orders', {
    store: { id: 1 },
    brand: { id: model.brand.id },
    model: { id: model.id },
    origin: 'false',
  });
  const size = { width: 1600, height: 1200 };
  const first = await customer.upload(await holidayPhoto(), 'playa.jpg', 'image/jpeg');
  await customer.json('PUT', `/api/orders/${id}`, { image: first });
  const mirrored = await sharp(await holidayPhoto())
    .flop()
    .jpeg()
    .toBuffer();
  const second = await customer.upload(mirrored, 'atardecer.jpg', 'image/jpeg');
  await customer.json('POST', `/api/orders/${id}/photos`, { image: second });
  const scene = buildScene(
    model.id,
    box,
    [
      { uri: first, size },
      { uri: second, size },
    ],
    'two-side',
    [
      { photo: 0, filter: 'none' },
      { photo: 1, filter: 'none' },
    ],
    [],
  );
  const design = await customer.upload(await designPng(), 'design.png', 'image/png');
  await customer.json('PUT', `/api/orders/${id}/design`, { design, scene });
  await customer.json('POST', `/api/orders/${id}/confirmPaymentMethod?paymentMethod=paystore`);
  await customer.json('POST', `/api/orders/${id}/confirmInStorePickup`);
  // 'Necesito factura completa', saved before the contact as the data form does.
  await customer.json('PUT', `/api/orders/${id}/invoiceRequest`, {
    fullInvoice: true,
    taxId: 'B12345674',
    name: 'Talleres Pérez, S.L.',
    address: 'Calle Larios 5',
    postalCode: '29005',
    city: 'Málaga',
  });
  return customer.json<Order>('POST', `/api/orders/${id}/confirmUserDetails`, { name: 'Marta Ruiz' });
}

/** A case template as a designer draws it: white sheet, transparent body, grey outline, camera island. */
function templatePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="1180">
    <defs><mask id="body"><rect width="600" height="1180" fill="#fff"/>
      <rect x="16" y="16" width="568" height="1148" rx="84" fill="#000"/></mask></defs>
    <rect width="600" height="1180" fill="#fff" mask="url(#body)"/>
    <rect x="16" y="16" width="568" height="1148" rx="84" fill="none" stroke="#555" stroke-width="3"/>
    <rect x="48" y="48" width="210" height="230" rx="52" fill="#d9d9d9" stroke="#a6a6a6" stroke-width="2"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A wordmark on a transparent background, as brand logos are. */
const brandLogo = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="360" height="120">
      <text x="180" y="78" font-family="sans-serif" font-size="56" font-weight="700" text-anchor="middle"
        letter-spacing="6" fill="#111">NOTHING</text></svg>`),
  )
    .png()
    .toBuffer();

/** Page errors except the 401 of the session check that every first visit makes, and `expected` ones. */
const unexpected = (errors: string[], expected: RegExp[]) =>
  errors.filter((e) => !/401 .*\/api\/auth\/me\b/.test(e) && !expected.some((pattern) => pattern.test(e)));

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${server.url}/admin`);
  await page.getByRole('heading', { level: 1, name: 'Acceso del personal' }).waitFor();
  await page.getByLabel('Correo electrónico').fill(who.email);
  await page.getByLabel('Contraseña').fill(who.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  // The first page is the dashboard; these tests go on from the orders.
  await page.getByRole('heading', { level: 1, name: 'Inicio' }).waitFor();
  await nav(page, 'Pedidos');
  await page.getByRole('heading', { level: 1, name: 'Pedidos' }).waitFor();
}

const nav = (page: Page, section: string) =>
  page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: section }).click();

/** A success notice: announced in a status region. */
const toast = (page: Page, text: string) =>
  page.getByRole('status').getByText(text, { exact: true }).waitFor();

async function withPage(
  viewport: Viewport,
  run: (t: TestPage) => Promise<void>,
  expected: RegExp[] = [],
): Promise<void> {
  const t = await newPage(browser, viewport);
  try {
    await run(t);
    assert.deepEqual(unexpected(t.errors, expected), []);
  } finally {
    await t.context.close();
  }
}

describe('back office', () => {
  test('an admin adds a brand and a model for stores 1 and 2; it sells there, then hides', async () => {
    await withPage(
      viewports.desktop,
      async ({ page }) => {
        // Any admin page asks for the session first, then comes back.
        await page.goto(`${server.url}/admin/modelos`);
        await page.getByRole('heading', { level: 1, name: 'Acceso del personal' }).waitFor();
        await page.getByLabel('Correo electrónico').fill(ADMIN.email);
        await page.getByLabel('Contraseña').fill('no-es-la-clave');
        await page.getByRole('button', { name: 'Entrar' }).click();
        await page.getByRole('alert').getByText('Correo electrónico o contraseña incorrectos.').waitFor();
        await page.getByLabel('Contraseña').fill(ADMIN.password);
        await page.getByRole('button', { name: 'Entrar' }).click();
        await page.getByRole('heading', { level: 1, name: 'Modelos' }).waitFor();

        await nav(page, 'Marcas');
        await page.getByRole('link', { name: 'Nueva marca' }).click();
        await page.getByRole('button', { name: 'Crear marca' }).waitFor();
        await page.getByLabel('Nombre').fill('Nothing');
        await page
          .getByLabel(/Imagen de la marca/)
          .setInputFiles({ name: 'nothing.png', mimeType: 'image/png', buffer: await brandLogo() });
        await page.getByRole('img', { name: 'Logotipo de Nothing' }).waitFor();
        await page.getByRole('button', { name: 'Crear marca' }).click();
        await toast(page, 'Marca creada.');
        await page.waitForURL(/\/admin\/marcas\/\d+$/);
        const brandId = Number(page.url().split('/').pop());

        await nav(page, 'Modelos');
        await page.getByRole('link', { name: 'Nuevo modelo' }).click();
        // The list has its own 'Nombre' and 'Marca' filters: fill the form only once it is there.
        await page.getByRole('button', { name: 'Crear modelo' }).waitFor();
        await page.getByLabel('Nombre').fill('Phone (3)');
        await page.getByLabel('Marca').selectOption({ label: 'Nothing' });
        await page.getByLabel('Precio').fill('24,9');
        await page
          .getByLabel(/Plantilla de la funda/)
          .setInputFiles({ name: 'plantilla.png', mimeType: 'image/png', buffer: await templatePng() });
        await page.getByRole('img', { name: 'Vista previa de la funda con una foto de ejemplo' }).waitFor();
        await page
          .getByText(/^Plantilla procesada\. Zona de la funda \(recuadro\): \d+ × \d+ px\.$/)
          .waitFor();
        await page
          .getByRole('group', { name: 'Tiendas que lo ofrecen' })
          .getByRole('button', { name: 'Ninguna' })
          .click();
        await page.getByRole('checkbox', { name: storeName(1) }).check();
        await page.getByRole('checkbox', { name: storeName(2) }).check();
        await page.getByText(`2 de ${stores.length} tiendas`).waitFor();
        await page.getByLabel('Precio').blur();
        assert.equal(await page.getByLabel('Precio').inputValue(), '24,90');
        await page.getByRole('button', { name: 'Crear modelo' }).click();
        await toast(page, 'Modelo creado.');
        await page.waitForURL(/\/admin\/modelos\/\d+$/);
        await page.getByRole('heading', { level: 1, name: 'Phone (3)' }).waitFor();

        // The storefront of store 1 sells it; store 3 does not show the brand at all.
        const shop = await newPage(browser, viewports.desktop);
        await rememberCookieConsent(shop.context);
        try {
          await shop.page.goto(`${server.url}/store/${await storeCode(server.url, 1)}`);
          await shop.page.getByRole('link', { name: '¡Empezar! con Nothing' }).click();
          await shop.page.waitForURL(`${server.url}/models/${brandId}`);
          await shop.page.getByRole('heading', { level: 2, name: 'Phone (3)' }).waitFor();
          await shop.page.getByText('24,90 €').waitFor();

          await shop.page.goto(`${server.url}/store/${await storeCode(server.url, 3)}`);
          await shop.page.getByRole('link', { name: '¡Empezar! con Apple' }).waitFor();
          assert.equal(await shop.page.getByRole('link', { name: '¡Empezar! con Nothing' }).count(), 0);

          // Hidden with the visibility toggle of the model list: gone from the storefront.
          await nav(page, 'Modelos');
          await page.getByLabel('Marca').selectOption({ label: 'Nothing' });
          await page.getByRole('button', { name: 'Ocultar Phone (3)' }).click();
          await toast(page, 'Phone (3) ya no se muestra a los clientes.');
          await page.getByRole('button', { name: 'Mostrar Phone (3)' }).waitFor();

          await shop.page.goto(`${server.url}/store/${await storeCode(server.url, 1)}`);
          await shop.page.getByRole('link', { name: '¡Empezar! con Apple' }).waitFor();
          assert.equal(await shop.page.getByRole('link', { name: '¡Empezar! con Nothing' }).count(), 0);
          const visible = await getJson<ModelPage>(`${server.url}/api/models?store=1&brand=${brandId}`);
          assert.equal(visible.total, 0);
          assert.deepEqual(shop.errors, []);
        } finally {
          await shop.context.close();
        }
      },
      [/401 .*\/api\/auth\/login\b/],
    );
  });

  test("store staff see their own store's orders only, in the list and in the API", async () => {
    const ours = [(await newOrder(1)).order, (await newOrder(1)).order];
    const theirs = (await newOrder(2)).order;

    await withPage(viewports.desktop, async ({ page }) => {
      await signIn(page, ADMIN);
      await nav(page, 'Personal');
      await page.getByRole('link', { name: 'Nueva cuenta' }).click();
      const form = page.getByRole('form', { name: 'Nueva cuenta' });
      await form.getByLabel('Nombre').fill('Ana Tienda Uno');
      await form.getByLabel('Correo electrónico').fill(CLERK.email);
      await form.getByLabel('Contraseña').fill(CLERK.password);
      await form.getByLabel('Rol').selectOption({ label: 'Personal de tienda' });
      await form.getByLabel('Tienda').selectOption({ label: storeName(1) });
      await form.getByRole('button', { name: 'Crear cuenta' }).click();
      await toast(page, 'Cuenta creada.');
      await page.getByRole('heading', { level: 1, name: 'Ana Tienda Uno' }).waitFor();
      await nav(page, 'Personal');
      await page
        .getByRole('row', { name: /Ana Tienda Uno/ })
        .getByText(storeName(1))
        .waitFor();
    });

    await withPage(viewports.desktop, async ({ page }) => {
      await signIn(page, CLERK);
      const list = page.getByRole('region', { name: 'Lista de pedidos' });
      for (const order of ours) await list.getByRole('link', { name: order.orderNumber }).waitFor();
      assert.equal(await list.getByRole('link', { name: theirs.orderNumber }).count(), 0);
      // Nothing to choose: the clerk's list is their store's.
      assert.equal(await page.getByLabel('Tienda').count(), 0);
      const nav = page.getByRole('navigation', { name: 'Secciones' });
      assert.deepEqual(await nav.getByRole('link').allTextContents(), [
        'Inicio',
        'Pedidos',
        'Impresión',
        'Informes',
        'Mi tienda',
        'Mi cuenta',
      ]);

      // The API says the same, with the clerk's own session.
      const timeline = await page.request.get(`${server.url}/api/orders/${theirs.id}/timeline`);
      assert.equal(timeline.status(), 403);
      const otherStore = await page.request.get(`${server.url}/api/orders?storeId=2`);
      assert.equal(otherStore.status(), 403);
      const own = await page.request.get(`${server.url}/api/orders/${ours[0]!.id}/timeline`);
      assert.equal(own.status(), 200);
      // Admin pages send the clerk back to the orders.
      await page.goto(`${server.url}/admin/personal`);
      await page.getByRole('heading', { level: 1, name: 'Pedidos' }).waitFor();
    });
  });

  test('an order paid at the store is printed and ready before it is cashed, then delivered and invoiced', async () => {
    const order = await payAtStoreOrder(1);
    assert.equal(order.status, 'to_pay_at_store');

    await withPage(viewports.desktop, async ({ page }) => {
      await signIn(page, ADMIN);
      await page.getByLabel('Nº de pedido').fill(order.orderNumber);
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await page.waitForURL(/orderId=/);
      const list = page.getByRole('region', { name: 'Lista de pedidos' });
      await eventually(async () => assert.equal(await list.getByRole('row').count(), 2));
      await list.getByRole('link', { name: order.orderNumber }).click();
      await page.getByRole('heading', { level: 1, name: `Pedido ${order.orderNumber}` }).waitFor();
      await page.getByRole('region', { name: 'Cliente' }).getByText('Lucía Pérez Gómez').waitFor();
      // The product is named as everywhere else (mails, invoices), in the case type it is made in.
      await page
        .getByText(caseProductName(order.brand, order.model, order.caseType, order.colour), { exact: true })
        .waitFor();
      await page
        .getByRole('region', { name: 'Importe y pago' })
        .getByText('Pendiente', { exact: true })
        .waitFor();

      // The customer pays on collection: the case is printed first.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Imprimir' }).click();
      const file = await download;
      assert.equal(file.suggestedFilename(), `pedido-${order.orderNumber}.pdf`);
      const pdf = await readFile((await file.path())!);
      assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
      await toast(page, 'Archivo de impresión generado. El pedido está impreso.');

      await page.getByRole('button', { name: 'Listo para recoger' }).click();
      await toast(page, 'Pedido listo para recoger. Se ha avisado al cliente.');
      // Not handed over unpaid: 'Entregado' waits for the payment, which asks first.
      await page
        .getByText('El cliente paga al recoger: márquelo como cobrado antes de entregarlo.')
        .waitFor();
      assert.equal(await page.getByRole('button', { name: 'Entregado' }).count(), 0);
      await page.getByRole('button', { name: 'Marcar como cobrado' }).click();
      const cash = page.getByRole('dialog', { name: `¿Marcar el pedido ${order.orderNumber} como cobrado?` });
      await cash.getByText(/Confirme que el cliente ha pagado \d+,\d{2}\s€ en la tienda\./).waitFor();
      await cash.getByRole('button', { name: 'Volver' }).click();
      await cash.waitFor({ state: 'hidden' });
      assert.equal(
        (await getJsonAs<Order>(page, `${server.url}/api/orders/${order.id}`)).paidAt,
        null,
        'not before confirming',
      );
      await page.getByRole('button', { name: 'Marcar como cobrado' }).click();
      await cash.getByRole('button', { name: 'Marcar como cobrado' }).click();
      await toast(page, 'Pedido marcado como cobrado.');
      await page
        .getByRole('region', { name: 'Importe y pago' })
        .getByText(new RegExp(`^Cobrado el .* · ${ADMIN.email.replace('.', '\\.')}$`))
        .waitFor();
      await page.getByRole('button', { name: 'Entregado' }).click();
      await toast(page, 'Pedido marcado como entregado.');
      assert.equal(await page.getByRole('button', { name: 'Cancelar pedido' }).count(), 0);

      await page.getByRole('button', { name: 'Factura' }).click();
      const link = page.getByRole('link', { name: /^Ver la factura T\d{4}-\d{6} \(PDF\)$/ });
      await link.waitFor();
      const invoice = await page.request.get(
        new URL((await link.getAttribute('href'))!, server.url).toString(),
      );
      assert.equal(invoice.status(), 200);
      assert.equal(invoice.headers()['content-type'], 'application/pdf');
      assert.equal((await invoice.body()).subarray(0, 5).toString('latin1'), '%PDF-');

      const history = page.getByRole('region', { name: 'Historial' }).getByRole('listitem');
      await eventually(async () => {
        const states = (await history.allInnerTexts()).map((text) => text.split('\n')[0]);
        assert.deepEqual(states.slice(-5), [
          'Pago en tienda',
          'Impreso',
          'Listo para recoger',
          'Cobrado',
          'Entregado',
        ]);
      });
      await page.getByRole('region', { name: 'Historial' }).getByText(`${ADMIN.email}`).first().waitFor();
    });
  });

  test('cancelling asks first, in a dialog that Escape closes, and keeps the reason', async () => {
    const { order } = await newOrder(2);
    await withPage(viewports.desktop, async ({ page }) => {
      await signIn(page, ADMIN);
      await page.goto(`${server.url}/admin/pedidos/${order.id}`);
      await page.getByRole('button', { name: 'Cancelar pedido' }).click();
      const dialog = page.getByRole('dialog', { name: `¿Cancelar el pedido ${order.orderNumber}?` });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      assert.equal((await getJsonAs<Order>(page, `${server.url}/api/orders/${order.id}`)).status, 'created');

      await page.getByRole('button', { name: 'Cancelar pedido' }).click();
      // The clerk is told that the reason is printed on the customer's rectificativa.
      const reason = dialog.getByLabel('Motivo (opcional)');
      const described = await reason.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
      assert.match(described, /se imprime en la factura rectificativa que recibe el cliente/);
      await reason.fill('El cliente ya no lo quiere');
      await dialog.getByRole('button', { name: 'Cancelar pedido' }).click();
      await toast(page, 'Pedido cancelado.');
      await page.getByText('Este pedido está cancelado: no admite más cambios.').waitFor();
      await page.getByRole('region', { name: 'Historial' }).getByText('El cliente ya no lo quiere').waitFor();
    });
  });

  test('the order page offers every photo of a two-photo design and shows the full invoice asked for', async () => {
    const order = await twoPhotoOrder();
    assert.equal(new Set(order.designPhotos).size, 2);
    await withPage(viewports.desktop, async ({ page }) => {
      await signIn(page, ADMIN);
      await page.goto(`${server.url}/admin/pedidos/${order.id}`);
      const links = page.getByRole('link', { name: 'Descargar original' });
      await links.nth(1).waitFor();
      assert.equal(await links.count(), 2);
      const targets = await links.evaluateAll((as) =>
        as.map((a) => [a.getAttribute('href'), a.getAttribute('download')]),
      );
      assert.deepEqual(targets, [
        [`${order.designPhotos[0]}?variant=original`, `foto-pedido-${order.orderNumber}-1.jpg`],
        [`${order.designPhotos[1]}?variant=original`, `foto-pedido-${order.orderNumber}-2.jpg`],
      ]);
      for (const [i, name] of ['Foto 1 que subió el cliente', 'Foto 2 que subió el cliente'].entries()) {
        const shown = page.getByRole('img', { name });
        await shown.waitFor();
        assert.ok(
          await shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
          `photo ${i + 1}`,
        );
      }
      const request = page.getByRole('region', { name: 'Factura completa solicitada' });
      await request.getByText('B12345674').waitFor();
      await request.getByText('Talleres Pérez, S.L.').waitFor();
      await request.getByText('Calle Larios 5, 29005 Málaga').waitFor();
      // Each original is the customer's file, readable by staff.
      for (const uri of order.designPhotos) {
        const res = await page.request.get(`${server.url}${uri}?variant=original`);
        assert.equal(res.status(), 200, uri);
        assert.equal(res.headers()['content-type'], 'image/jpeg');
      }
    });
  });

  test('an admin writes to a customer, sees the outbox and checks the invoice chain', async () => {
    await withPage(viewports.desktop, async ({ page }) => {
      await signIn(page, ADMIN);
      await nav(page, 'Correo');
      await page.getByRole('button', { name: 'Escribir un correo' }).click();
      const form = page.getByRole('form', { name: 'Escribir un correo' });
      await form.getByLabel('Para').fill('lucia@example.com, pedro@example.com');
      await form.getByLabel('Asunto').fill('Tu funda está en camino');
      await form.getByLabel('Mensaje').fill('Hola, te escribimos desde la tienda.');
      await form.getByRole('button', { name: 'Enviar' }).click();
      await toast(page, 'Correo puesto en la cola de envío.');
      const outbox = page.getByRole('region', { name: 'Correos de la bandeja de salida' });
      await outbox
        .getByRole('row', { name: /pedro@example\.com.*Tu funda está en camino.*Escrito a mano/ })
        .waitFor();
      await outbox.getByRole('row', { name: /lucia@example\.com.*Tu funda está en camino/ }).waitFor();

      await nav(page, 'Facturas');
      const invoices = page.getByRole('region', { name: 'Lista de facturas' });
      await invoices
        .getByRole('link', { name: /^PDF de la factura T\d{4}-\d{6}$/ })
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'Comprobar la cadena VERI*FACTU' }).click();
      await page.getByText(/^Cadena VERI\*FACTU correcta: \d+ registros?$/).waitFor();
    });
  });
});

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Through the DevTools protocol, so the page's CSP (script-src 'self') does not apply.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
}

const describeViolations = (violations: AxeViolation[]) =>
  violations
    .map(
      (v) =>
        `${v.impact}: ${v.id} (${v.help})\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('\n')}`,
    )
    .join('\n');

interface Screen {
  name: string;
  path: () => Promise<string>;
  ready: (page: Page) => Promise<void>;
  /** Screenshot of the viewport only, scrolled to this element (sticky bars stay where they are). */
  focus?: (page: Page) => ReturnType<Page['getByRole']>;
  /** What else must hold on the screen once it is ready. */
  check?: (page: Page) => Promise<void>;
}

/** An amount as the back office writes it ('1.234,50 €'), in cents. */
const centsOf = (text: string): number =>
  Math.round(Number(text.replace(/[^\d,-]/g, '').replace(',', '.')) * 100);

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { level: 1, name }).waitFor();

describe('accessibility and screenshots of the back office', () => {
  let paidOrder: Order;
  let modelId: number;

  before(async () => {
    // Orders in several states for the list, and one with everything for the detail page.
    paidOrder = await payAtStoreOrder(1);
    await payAtStoreOrder(3);
    await newOrder(4);
    const admin = new ApiVisitor();
    await admin.json('POST', '/api/auth/login', ADMIN);
    await admin.json('POST', `/api/orders/${paidOrder.id}/confirmPayment`);
    // A sale paid at the counter and then cancelled: its rectificativa is a refund in the report.
    const refunded = await payAtStoreOrder(3);
    await admin.json('POST', `/api/orders/${refunded.id}/confirmPayment`);
    await admin.json('POST', `/api/orders/${refunded.id}/status`, { status: 'cancelled' });
    modelId = (await admin.json<ModelPage>('GET', '/api/models?size=1')).items[0]!.id;
  });

  const screens: Screen[] = [
    { name: 'dashboard', path: async () => '/admin/inicio', ready: heading('Inicio') },
    { name: 'orders', path: async () => '/admin/pedidos', ready: heading('Pedidos') },
    {
      name: 'print-queue',
      path: async () => '/admin/impresion',
      ready: async (page) => {
        await heading('Impresión')(page);
        await page.getByRole('region', { name: 'Pedidos por imprimir' }).waitFor();
      },
    },
    {
      name: 'reports',
      path: async () => '/admin/informes',
      ready: async (page) => {
        await heading('Informes de ventas')(page);
        await page.getByRole('img', { name: 'Gráfico de ventas netas por tienda' }).waitFor();
      },
      check: async (page) => {
        // Each row adds up: sales without VAT, less refunds without VAT, is the net without VAT.
        const rows = await page
          .getByRole('table', { name: 'Ventas por tienda' })
          .locator('tbody tr, tfoot tr')
          .evaluateAll((trs) =>
            trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.firstChild?.textContent ?? '')),
          );
        let refunds = 0;
        for (const [, , sales = '', refund = '', net = ''] of rows) {
          assert.equal(centsOf(sales) - centsOf(refund), centsOf(net), `${sales} − ${refund} ≠ ${net}`);
          refunds += centsOf(refund);
        }
        assert.ok(refunds > 0, 'the cancelled sale shows as a refund');
        // The same sales per case type add up to the total: units to orders, net to net.
        const types = await page
          .getByRole('table', { name: 'Ventas por tipo de funda' })
          .locator('tbody tr')
          .evaluateAll((trs) =>
            trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')),
          );
        assert.ok(types.length > 0, 'a row per case type sold');
        const total = rows.at(-1) ?? [];
        assert.equal(
          types.reduce((n, [units = '0']) => n + Number(units), 0),
          Number(total[0]),
        );
        assert.equal(
          types.reduce((n, t) => n + centsOf(t[4] ?? ''), 0),
          centsOf(total[4] ?? ''),
        );
      },
    },
    {
      name: 'order-detail',
      path: async () => `/admin/pedidos/${paidOrder.id}`,
      ready: async (page) => {
        await heading(`Pedido ${paidOrder.orderNumber}`)(page);
        await page.getByRole('img', { name: /Diseño de la funda/ }).waitFor();
        await page.getByRole('region', { name: 'Historial' }).getByRole('listitem').first().waitFor();
      },
    },
    {
      name: 'model-form',
      path: async () => `/admin/modelos/${modelId}`,
      ready: async (page) => {
        await page.getByRole('img', { name: 'Vista previa de la funda con una foto de ejemplo' }).waitFor();
      },
      focus: (page) => page.getByRole('heading', { level: 2, name: 'Imágenes' }),
    },
    { name: 'models', path: async () => '/admin/modelos', ready: heading('Modelos') },
    { name: 'brands', path: async () => '/admin/marcas', ready: heading('Marcas') },
    { name: 'account', path: async () => '/admin/cuenta', ready: heading('Mi cuenta') },
    { name: 'brand-form', path: async () => '/admin/marcas/1', ready: heading('Apple') },
    { name: 'stores', path: async () => '/admin/tiendas', ready: heading('Tiendas') },
    {
      name: 'store-form',
      path: async () => '/admin/tiendas/1',
      ready: async (page) => {
        await page.getByLabel('Enlace para clientes').waitFor();
      },
    },
    { name: 'mail', path: async () => '/admin/correo', ready: heading('Correo') },
    { name: 'invoices', path: async () => '/admin/facturas', ready: heading('Facturas') },
    { name: 'payments', path: async () => '/admin/pagos', ready: heading('Pagos') },
    { name: 'staff', path: async () => '/admin/personal', ready: heading('Personal') },
    { name: 'privacy', path: async () => '/admin/datos-personales', ready: heading('Datos personales') },
  ];

  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    test(`every admin screen on a ${viewportName}`, async () => {
      await withPage(viewport, async ({ page }) => {
        await page.goto(`${server.url}/admin`);
        await heading('Acceso del personal')(page);
        await page.screenshot({ path: join(screenshotDir, `${viewportName}-sign-in.png`) });
        let blocking = await axeViolations(page);
        blocking = blocking.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        assert.deepEqual(blocking, [], `sign-in\n${describeViolations(blocking)}`);
        await signIn(page, ADMIN);

        for (const screen of screens) {
          await page.goto(`${server.url}${await screen.path()}`);
          await screen.ready(page);
          await page.waitForLoadState('networkidle');
          await screen.check?.(page);
          // Nothing wider than the screen: wide tables scroll inside their own box.
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          assert.ok(
            overflow <= 0,
            `${viewportName} ${screen.name}: the page is ${overflow} px wider than the screen`,
          );
          const focus = screen.focus?.(page);
          if (focus) {
            await focus.scrollIntoViewIfNeeded();
            await page.evaluate(() => window.scrollBy(0, -80));
          }
          await page.screenshot({
            path: join(screenshotDir, `${viewportName}-${screen.name}.png`),
            fullPage: !focus,
          });
          const violations = await axeViolations(page);
          const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          if (violations.length > serious.length) {
            console.info(
              `${viewportName} ${screen.name}, minor findings:\n${describeViolations(violations)}`,
            );
          }
          assert.deepEqual(serious, [], `${screen.name}\n${describeViolations(serious)}`);
        }

        // The cancel dialog, open.
        await page.goto(`${server.url}/admin/pedidos/${paidOrder.id}`);
        await page.getByRole('button', { name: 'Cancelar pedido' }).click();
        await page.getByRole('dialog').waitFor();
        const inDialog = (await axeViolations(page)).filter(
          (v) => v.impact === 'serious' || v.impact === 'critical',
        );
        assert.deepEqual(inDialog, [], `cancel dialog\n${describeViolations(inDialog)}`);
      });
    });
  }
});
