// Case types in the back office: the resource (list, form with its colours, delete refused while
// orders are made in it), the types a model is sold in (model form) and the types a store hides
// (store form), each checked through what a customer then sees.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { CaseType } from '@shop/contracts/case-types';
import type { Brand, Model } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import type { Browser, Page } from 'playwright-core';
import { adminApi, getJson } from './storefront-support.ts';
import { axeViolations, blockingViolations, describeViolations } from './support/axe.ts';
import { launchBrowser, newPage, viewports } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const ADMIN = { email: 'jefe@fundas.test', password: 'clave-del-jefe-2026' };
const screenshotDir = process.env.SCREENSHOT_DIR || '/tmp/screens-backoffice';

let server: RunningServer;
let browser: Browser;
let api: Awaited<ReturnType<typeof adminApi>>;

before(async () => {
  [server, browser] = await Promise.all([
    startServer({
      env: {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      },
    }),
    launchBrowser(),
    mkdir(screenshotDir, { recursive: true }),
  ]);
  api = await adminApi(server.url, ADMIN.email, ADMIN.password);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/admin`);
  await page.getByLabel('Correo electrónico').fill(ADMIN.email);
  await page.getByLabel('Contraseña').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('heading', { level: 1, name: 'Inicio' }).waitFor();
}

const toast = (page: Page, text: string) =>
  page.getByRole('status').getByText(text, { exact: true }).waitFor();

/** The types a customer of `storeId` sees for the model. */
const customerTypes = async (modelId: number, storeId: number) =>
  (await getJson<Model>(`${server.url}/api/models/${modelId}?store=${storeId}`)).caseTypes;

describe('case types in the back office', () => {
  test('a type with colours is created, sold for a model, hidden by a store, and taken down when in use', async () => {
    const t = await newPage(browser, viewports.desktop);
    const { page } = t;
    try {
      const template = (await api<Model>('GET', '/api/models/1')).template!;
      const brand = await api<Brand>('POST', '/api/brands', { name: unique('Marca') });
      const model = await api<Model>('POST', '/api/models', {
        name: unique('Modelo'),
        brand: { id: brand.id },
        price: 21.9,
        template,
        stores: [1, 2],
      });
      await signIn(page);

      // The list: the demo's types with what each adds to the model's price.
      await page.getByRole('link', { name: 'Tipos de funda' }).click();
      await page.getByRole('heading', { level: 1, name: 'Tipos de funda' }).waitFor();
      const shockproof = page.getByRole('row', { name: /Antigolpes/ });
      await shockproof.getByText('+7,00 €').waitFor();
      const blocking = blockingViolations(await axeViolations(page));
      assert.equal(blocking.length, 0, describeViolations(blocking));

      // A new type: a negative difference and two colours.
      const name = unique('Cuero');
      await page.getByRole('link', { name: 'Nuevo tipo de funda' }).click();
      await page.getByRole('heading', { level: 1, name: 'Nuevo tipo de funda' }).waitFor();
      await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(name);
      await page.getByLabel('Descripción breve').fill('Piel vegana con el interior de microfibra.');
      await page.getByLabel('Material').fill('Poliuretano');
      await page.getByLabel('Diferencia sobre el precio del modelo').fill('-2,50');
      await page.getByRole('button', { name: 'Añadir color' }).click();
      await page.getByRole('button', { name: 'Añadir color' }).click();
      await page.getByLabel('Nombre del color 1').fill('Coñac');
      await page.getByLabel('Color Coñac').fill('#8a4b2a');
      await page.getByLabel('Nombre del color 2').fill('Negro');
      await page.getByLabel('Color Negro').fill('#1a1a1a');
      const blockingForm = blockingViolations(await axeViolations(page));
      assert.equal(blockingForm.length, 0, describeViolations(blockingForm));
      await page.screenshot({ path: join(screenshotDir, 'case-type-form-desktop.png'), fullPage: true });
      await page.getByRole('button', { name: 'Crear tipo de funda' }).click();
      await toast(page, 'Tipo de funda creado.');
      await page.waitForURL(/\/admin\/tipos-de-funda\/\d+$/);
      const created = (await api<CaseType[]>('GET', '/api/case-types')).find((c) => c.name === name);
      assert.ok(created);
      assert.equal(created.priceDifference, -2.5);
      assert.deepEqual(
        created.colours.map((c) => [c.name, c.hex]),
        [
          ['Coñac', '#8a4b2a'],
          ['Negro', '#1a1a1a'],
        ],
      );
      assert.ok(!(await customerTypes(model.id, 1)).some((c) => c.id === created.id), 'not sold yet');

      // The model form: the model is sold in it too.
      await page.goto(`${server.url}/admin/modelos/${model.id}`);
      const types = page.getByRole('group', { name: 'Tipos de funda en que se vende' });
      assert.ok(await types.getByRole('checkbox', { name: /^Rígida/ }).isChecked(), 'the default type');
      await types.getByRole('checkbox', { name: new RegExp(`^${name}`) }).check();
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await toast(page, 'Modelo guardado.');
      const sold = (await customerTypes(model.id, 1)).find((c) => c.id === created.id);
      assert.equal(sold?.price, 19.4, 'the model price less 2,50 €');
      assert.deepEqual(
        sold?.colours.map((c) => c.name),
        ['Coñac', 'Negro'],
      );

      // The store form: store 1 hides it; store 2 still sells it.
      await page.goto(`${server.url}/admin/tiendas/1`);
      const hidden = page.getByRole('group', { name: 'Tipos de funda que no vende' });
      assert.equal(await hidden.getByRole('checkbox', { name: /^Rígida/ }).count(), 0, 'the default stays');
      await hidden.getByRole('checkbox', { name: new RegExp(`^${name}`) }).check();
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await toast(page, 'Tienda guardada.');
      assert.ok(!(await customerTypes(model.id, 1)).some((c) => c.id === created.id), 'hidden in store 1');
      assert.ok(
        (await customerTypes(model.id, 2)).some((c) => c.id === created.id),
        'sold in store 2',
      );

      // An order made in it: the delete is refused and the type can be hidden instead.
      await api('POST', '/api/orders', {
        store: { id: 2 },
        brand: { id: brand.id },
        model: { id: model.id },
        caseType: { id: created.id },
      });
      await page.goto(`${server.url}/admin/tipos-de-funda/${created.id}`);
      await page.getByRole('button', { name: 'Eliminar tipo de funda' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Eliminar tipo de funda' }).click();
      const alert = page.getByRole('alert');
      await alert.getByText(messages.caseTypeInUse).waitFor();
      await alert.getByRole('button', { name: 'Ocultarlo a los clientes en su lugar' }).click();
      await toast(page, 'El tipo de funda ya no se muestra a los clientes.');
      assert.equal((await api<CaseType>('GET', `/api/case-types/${created.id}`)).isPublic, false);
      assert.ok(!(await customerTypes(model.id, 2)).some((c) => c.id === created.id), 'hidden for all');

      // Back to how the demo was: store 1 hides nothing.
      await page.goto(`${server.url}/admin/tiendas/1`);
      await hidden.getByRole('checkbox', { name: new RegExp(`^${name}`) }).uncheck();
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await toast(page, 'Tienda guardada.');

      const allowed = [/401 .*\/api\/auth\/me\b/, /409 \(Conflict\)/];
      assert.deepEqual(
        t.errors.filter((e) => !allowed.some((pattern) => pattern.test(e))),
        [],
      );
    } finally {
      await t.context.close();
    }
  });
});
