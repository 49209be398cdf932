// The back office's stores, brands, models and staff accounts as a clerk and an admin use them, in
// a real browser against the built server: deleting from the form, 'dar de baja' when the thing is
// in use, a public model that cannot be sold refused next to the field at fault, a server refusal
// about a field shown at that field, a clerk's own store read-only, and the customer's way back
// from a model that broke. Each screen is saved at 1280x800 and 390x844 (SCREENSHOT_DIR, default
// /tmp/screens-backoffice) to be looked at.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Brand, Model } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import type { Store } from '@shop/contracts/stores';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { adminApi, rememberCookieConsent } from './storefront-support.ts';
import { launchBrowser, newPage, type TestPage, viewports } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const ADMIN = { email: 'jefe@fundas.test', password: 'clave-del-jefe-2026' };
const CLERK = { email: 'luis@tienda-dos.test', password: 'clave-de-luis-2026' };
const screenshotDir = process.env.SCREENSHOT_DIR || '/tmp/screens-backoffice';

let server: RunningServer;
let browser: Browser;
let api: Awaited<ReturnType<typeof adminApi>>;
/** A case template that exists (the demo's first model's), for models that must be public. */
let template: string;

before(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } }),
    launchBrowser(),
    mkdir(screenshotDir, { recursive: true }),
  ]);
  api = await adminApi(server.url, ADMIN.email, ADMIN.password);
  template = (await api<Model>('GET', '/api/models/1')).template!;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

async function withPage(run: (t: TestPage) => Promise<void>, expected: RegExp[] = []): Promise<void> {
  const t = await newPage(browser, viewports.desktop);
  try {
    await run(t);
    // The session check of a first visit answers 401 before signing in; nothing else may fail.
    const allowed = [/401 .*\/api\/auth\/me\b/, ...expected];
    assert.deepEqual(
      t.errors.filter((e) => !allowed.some((pattern) => pattern.test(e))),
      [],
    );
  } finally {
    await t.context.close();
  }
}

async function signIn(page: Page, who: { email: string; password: string } = ADMIN): Promise<void> {
  await page.goto(`${server.url}/admin`);
  await page.getByLabel('Correo electrónico').fill(who.email);
  await page.getByLabel('Contraseña').fill(who.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  // The back office opens on its dashboard.
  await page.getByRole('heading', { level: 1, name: 'Inicio' }).waitFor();
}

const toast = (page: Page, text: string) =>
  page.getByRole('status').getByText(text, { exact: true }).waitFor();

/** Both sizes of the screen as it is now, then back to the desktop. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(100);
    await page.screenshot({ path: join(screenshotDir, `${name}-${size}.png`), fullPage: true });
  }
}

async function newBrand(): Promise<Brand> {
  return api<Brand>('POST', '/api/brands', { name: unique('Marca') });
}

async function newModel(brandId: number, over: Partial<Model> = {}): Promise<Model> {
  return api<Model>('POST', '/api/models', {
    name: unique('Modelo'),
    brand: { id: brandId },
    price: 21.9,
    template,
    stores: [1, 2],
    ...over,
  });
}

describe('deleting from the form', () => {
  test('a brand, a model, a store and an account that nothing uses are deleted, after asking', async () => {
    const brand = await newBrand();
    const model = await newModel(1, { isPublic: false });
    const store = await api<Store>('POST', '/api/stores', {
      name: unique('Tienda'),
      address: 'Calle Sol, 1',
      postalCode: '29001',
      town: 'Málaga',
      province: 'Málaga',
    });
    const account = await api<{ id: number; name: string }>('POST', '/api/staff', {
      email: `${Date.now()}@borrar.test`,
      name: unique('Cuenta'),
      password: 'una-clave-bien-larga-2026',
      role: 'store',
      storeId: 2,
    });
    const cases = [
      {
        path: `/admin/marcas/${brand.id}`,
        list: '/admin/marcas',
        what: 'marca',
        done: 'Marca eliminada.',
        api: `/api/brands/${brand.id}`,
        name: brand.name,
      },
      {
        path: `/admin/modelos/${model.id}`,
        list: '/admin/modelos',
        what: 'modelo',
        done: 'Modelo eliminado.',
        api: `/api/models/${model.id}`,
        name: model.name,
      },
      {
        path: `/admin/tiendas/${store.id}`,
        list: '/admin/tiendas',
        what: 'tienda',
        done: 'Tienda eliminada.',
        api: `/api/stores/${store.id}`,
        name: store.name,
      },
      {
        path: `/admin/personal/${account.id}`,
        list: '/admin/personal',
        what: 'cuenta',
        done: 'Cuenta eliminada.',
        api: `/api/staff/${account.id}`,
        name: account.name,
      },
    ];

    await withPage(async ({ page }) => {
      await signIn(page);
      for (const c of cases) {
        await page.goto(`${server.url}${c.path}`);
        await page.getByRole('heading', { level: 1, name: c.name }).waitFor();
        // An edit in progress is not lost by opening the dialog and going back.
        await page.getByLabel('Nombre').fill(`${c.name} (cambiado)`);
        await page.getByRole('button', { name: `Eliminar ${c.what}` }).click();
        const dialog = page.getByRole('dialog', { name: new RegExp(`^¿Eliminar (la|el) ${c.what}`) });
        await dialog.waitFor();
        if (c.what === 'marca') await screenshots(page, 'delete-dialog');
        await dialog.getByRole('button', { name: 'Volver' }).click();
        await dialog.waitFor({ state: 'hidden' });
        assert.equal(await page.getByLabel('Nombre').inputValue(), `${c.name} (cambiado)`);
        assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, c.path, 'no reload');

        await page.getByRole('button', { name: `Eliminar ${c.what}` }).click();
        await dialog.getByRole('button', { name: `Eliminar ${c.what}` }).click();
        await toast(page, c.done);
        await page.waitForURL(`${server.url}${c.list}`);
        const gone = await fetch(`${server.url}${c.api}`);
        assert.ok(gone.status === 404 || gone.status === 401, `${c.api} answered ${gone.status}`);
      }
      const staff = await api<{ id: number }[]>('GET', '/api/staff');
      assert.ok(!staff.some((a) => a.id === account.id), 'the account is gone');
    });
  });

  test('what is in use is not deleted: the form says why and offers to take it down instead', async () => {
    const brand = await newBrand();
    const model = await newModel(brand.id);
    const order = await api<{ id: string }>('POST', '/api/orders', {
      store: { id: 1 },
      brand: { id: brand.id },
      model: { id: model.id },
    });
    assert.ok(order.id);

    await withPage(
      async ({ page }) => {
        await signIn(page);
        await page.goto(`${server.url}/admin/modelos/${model.id}`);
        await page.getByRole('button', { name: 'Eliminar modelo' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Eliminar modelo' }).click();
        const alert = page.getByRole('alert');
        await alert.getByText(messages.modelInUse).waitFor();
        await screenshots(page, 'model-in-use');
        await alert.getByRole('button', { name: 'Dar de baja el modelo en su lugar' }).click();
        await toast(page, 'Modelo dado de baja.');
        assert.equal(await page.getByRole('switch', { name: 'De baja' }).isChecked(), true);
        assert.equal((await api<Model>('GET', `/api/models/${model.id}`)).isDown, true);

        await page.goto(`${server.url}/admin/marcas/${brand.id}`);
        // The switch's help says what 'on' does (it used to describe the hidden state).
        const visible = page.getByRole('switch', { name: 'Visible para los clientes' });
        assert.equal(await visible.isChecked(), true);
        const help = await visible.evaluate(
          (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
        );
        assert.match(help, /^Activado, la marca aparece en las tiendas/);
        await page.getByRole('button', { name: 'Eliminar marca' }).click();
        await page.getByRole('dialog').getByText('Si no, dele de baja.').waitFor();
        await page.getByRole('dialog').getByRole('button', { name: 'Eliminar marca' }).click();
        await page.getByRole('alert').getByText(messages.brandHasModels).waitFor();
        await page.getByRole('button', { name: 'Dar de baja la marca en su lugar' }).click();
        await toast(page, 'Marca dada de baja.');
        assert.equal((await api<Brand>('GET', `/api/brands/${brand.id}`)).down, true);
      },
      [/409 \(Conflict\)/],
    );
  });
});

describe('the field kit', () => {
  test('a public model without a template or a price is refused next to the field', async () => {
    await withPage(async ({ page }) => {
      await signIn(page);
      await page.goto(`${server.url}/admin/modelos/nuevo`);
      await page.getByLabel('Nombre').fill('Sin plantilla');
      await page.getByLabel('Marca').selectOption({ label: 'Apple' });
      await page.getByLabel('Precio').fill('0');
      await page.getByRole('button', { name: 'Crear modelo' }).click();
      await page.getByText(messages.modelPublicNeedsPrice).waitFor();
      const price = page.getByLabel('Precio');
      assert.equal(await price.getAttribute('aria-invalid'), 'true');
      assert.ok(
        await price.evaluate((el) => el === document.activeElement),
        'the first field at fault has the focus',
      );
      await page.getByLabel('Precio').fill('19,90');
      await page.getByRole('button', { name: 'Crear modelo' }).click();
      await page.getByText(messages.modelPublicNeedsTemplate).waitFor();
      await screenshots(page, 'model-form-refused');
      // Hidden, an unfinished model may be saved.
      await page.getByRole('switch', { name: 'Visible para los clientes' }).uncheck();
      await page.getByRole('button', { name: 'Crear modelo' }).click();
      await toast(page, 'Modelo creado.');
      await page.waitForURL(/\/admin\/modelos\/\d+$/);
    });
  });

  test('a refusal the server ties to a field (a weak password, say) shows at that field', async () => {
    await withPage(
      async ({ page }) => {
        await signIn(page);
        const refusal = 'La contraseña es demasiado fácil de adivinar: añada palabras poco comunes.';
        await page.route('**/api/staff', (route) =>
          route.request().method() === 'POST'
            ? route.fulfill({
                status: 422,
                contentType: 'application/json',
                body: JSON.stringify({ error: 'VALIDATION_FAILED', message: refusal, field: 'password' }),
              })
            : route.continue(),
        );
        await page.goto(`${server.url}/admin/personal`);
        await page.getByRole('link', { name: 'Nueva cuenta' }).click();
        await page.getByRole('button', { name: 'Crear cuenta' }).waitFor();
        await page.getByLabel('Nombre').fill('Rosa Tienda Dos');
        await page.getByLabel('Correo electrónico').fill('rosa@tienda-dos.test');
        await page.getByLabel('Contraseña').fill('contraseña1');
        await page.getByLabel('Tienda').selectOption({ index: 2 });
        await page.getByRole('button', { name: 'Crear cuenta' }).click();
        const password = page.getByLabel('Contraseña');
        await page.getByText(refusal).waitFor();
        assert.equal(await password.getAttribute('aria-invalid'), 'true');
        const describedBy = (await password.getAttribute('aria-describedby')) ?? '';
        const said = await page.evaluate(
          (ids) => ids.split(' ').map((id) => document.getElementById(id)?.textContent ?? ''),
          describedBy,
        );
        assert.ok(said.includes(refusal), `the field's description: ${JSON.stringify(said)}`);
        assert.equal(await page.getByRole('alert').count(), 0, 'not in the form-wide alert');
        await screenshots(page, 'staff-form-field-error');
      },
      [/422 \(Unprocessable Entity\)/],
    );
  });
});

describe('store staff and customers', () => {
  test("a clerk sees their own store read-only, and is sent back from anybody else's", async () => {
    await api('POST', '/api/staff', { ...CLERK, name: 'Luis Tienda Dos', role: 'store', storeId: 2 });
    await withPage(async ({ page }) => {
      await signIn(page, CLERK);
      await page
        .getByRole('navigation', { name: 'Secciones' })
        .getByRole('link', { name: 'Mi tienda' })
        .click();
      await page.getByLabel('Enlace para clientes').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Guardar cambios' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Eliminar tienda' }).count(), 0);
      assert.equal(await page.getByLabel('Nombre').getAttribute('readonly'), '');
      await screenshots(page, 'clerk-own-store');
      await page.goto(`${server.url}/admin/tiendas/1`);
      await page.waitForURL(`${server.url}/admin/tiendas/2`);
      await page.goto(`${server.url}/admin/marcas`);
      await page.getByRole('heading', { level: 1, name: 'Pedidos' }).waitFor();
    });
  });

  test('a customer whose model broke on the way gets a message and a way to another model', async () => {
    const brand = await newBrand();
    const model = await newModel(brand.id);
    await newModel(brand.id);
    await withPage(async ({ page, context }) => {
      await rememberCookieConsent(context);
      await page.goto(`${server.url}/`);
      const xsrf = async () => (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
      const headers = async () => ({ 'x-xsrf-token': decodeURIComponent(await xsrf()) });
      const order = (await (
        await page.request.post(`${server.url}/api/orders`, {
          headers: await headers(),
          data: { store: { id: 1 }, brand: { id: brand.id }, model: { id: model.id } },
        })
      ).json()) as Order;
      const photo = await sharp({ create: { width: 900, height: 1400, channels: 3, background: '#3a7bd5' } })
        .jpeg()
        .toBuffer();
      const uploaded = await page.request.post(`${server.url}/api/images`, {
        headers: await headers(),
        multipart: { file: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo } },
      });
      const { uri } = (await uploaded.json()) as { uri: string };
      assert.equal(
        (
          await page.request.put(`${server.url}/api/orders/${order.id}`, {
            headers: await headers(),
            data: { image: uri },
          })
        ).status(),
        200,
      );
      // Meanwhile the shop hides the model and takes its template away.
      await api('PUT', `/api/models/${model.id}`, {
        name: model.name,
        brand: { id: brand.id },
        price: model.price,
        isPublic: false,
        template: null,
      });
      // The tab as the storefront leaves it before the editor: its store and its order. (Without a
      // store, the models page would send the customer on to choose one.)
      await page.evaluate((id) => {
        sessionStorage.setItem('store_id', '1');
        sessionStorage.setItem('order_id', id);
      }, order.id);
      await page.goto(`${server.url}/editor-edicion`);
      await page.getByText(messages.modelNotDesignable).waitFor();
      await screenshots(page, 'editor-model-broke');
      await page.getByRole('link', { name: 'Elegir otro modelo' }).click();
      await page.getByRole('heading', { name: 'Selecciona un modelo' }).waitFor();
      assert.equal(page.url(), `${server.url}/models/${brand.id}`);
    });
  });

  test("an order with no payment method chosen shows '—', not a way of delivery", async () => {
    const model = (await api<{ items: Model[] }>('GET', '/api/models?store=3&size=1')).items[0]!;
    const order = await api<{ id: string; orderNumber: string }>('POST', '/api/orders', {
      store: { id: 3 },
      brand: { id: model.brand.id },
      model: { id: model.id },
    });
    await withPage(async ({ page }) => {
      await signIn(page);
      await page.goto(`${server.url}/admin/pedidos?orderId=${order.orderNumber}`);
      const row = page
        .getByRole('region', { name: 'Lista de pedidos' })
        .getByRole('row', { name: new RegExp(order.orderNumber) });
      await row.getByText('Sin forma de entrega todavía').waitFor();
      assert.doesNotMatch((await row.textContent()) ?? '', /Recogida en tienda|Envío a domicilio/);
      await screenshots(page, 'orders-list');
      await row.getByRole('link', { name: order.orderNumber }).click();
      await page.getByRole('heading', { level: 1, name: `Pedido ${order.orderNumber}` }).waitFor();
      const delivery = page.getByRole('region', { name: 'Entrega' });
      assert.doesNotMatch((await delivery.textContent()) ?? '', /Recogida en tienda|Envío a domicilio/);
      await screenshots(page, 'order-detail-unplaced');
    });
  });
});
