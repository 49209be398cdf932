// Case types in the storefront: the editor's type and colour picker, the price that follows the
// choice in the editor, the checkout's breakdown and the confirmation, and the way on when the
// order's type stops being sold while the customer is ordering.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CaseType, CaseTypeInput, ModelCaseType } from '@shop/contracts/case-types';
import type { Model } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import { eurosToCents, formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import type { Browser, Locator, Page } from 'playwright-core';
import { editorModel, fourColourPhoto, openEditor, orderWithPhoto } from './editor-support.ts';
import { adminApi, eventually, getJsonAs, rememberCookieConsent } from './storefront-support.ts';
import { axeViolations, blockingViolations, describeViolations } from './support/axe.ts';
import { launchBrowser, newPage, type TestPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const ADMIN = { email: 'jefe@fundas.test', password: 'clave-del-jefe-2026' };

let server: RunningServer;
let browser: Browser;
let admin: Awaited<ReturnType<typeof adminApi>>;
let model: Model;
let photo: Buffer;

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
  ]);
  admin = await adminApi(server.url, ADMIN.email, ADMIN.password);
  ({ model } = await editorModel(server.url));
  photo = await fourColourPhoto(1200, 900);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const typeOf = (name: string): ModelCaseType => {
  const type = model.caseTypes.find((t) => t.name === name);
  assert.ok(type, `the demo iPhone 15 is sold as '${name}'`);
  return type;
};

/** Euros added in cents, as the shop adds them. */
const plus = (a: number, b: number) => (eurosToCents(a) + eurosToCents(b)) / 100;

const editorPrice = (page: Page) => page.locator('.editor-price strong');
const typeRadio = (within: Page | Locator, name: string) =>
  within.getByRole('group', { name: 'Tipo de funda' }).getByRole('radio', { name: new RegExp(`^${name} `) });

async function orderFromServer(page: Page, id: string): Promise<Order> {
  return getJsonAs<Order>(page.context(), `${server.url}/api/orders/${id}`);
}

/** The breakdown's first line (the case), as the order preview shows it. */
const casePrice = (page: Page) =>
  page
    .getByRole('region', { name: 'Resumen del pedido' })
    .locator('.price-breakdown > div')
    .first()
    .locator('dd');

/** A type made public or hidden for every customer, as staff do it in the back office. */
async function setPublic(name: string, isPublic: boolean): Promise<void> {
  const types = await admin<CaseType[]>('GET', '/api/case-types');
  const type = types.find((t) => t.name === name);
  assert.ok(type, `the demo catalogue has '${name}'`);
  const input: CaseTypeInput = {
    name: type.name,
    description: type.description,
    material: type.material,
    priceDifference: type.priceDifference,
    clear: type.clear,
    isPublic,
    isDefault: type.isDefault,
    colours: type.colours,
  };
  await admin<CaseType>('PUT', `/api/case-types/${type.id}`, input);
}

async function openOrderInEditor(t: TestPage): Promise<string> {
  await rememberCookieConsent(t.context);
  const { order, image } = await orderWithPhoto(t.context, server.url, model.id, photo);
  await openEditor(t.page, server.url, { id: order.id, image });
  await typeRadio(t.page, 'Rígida').waitFor();
  return order.id;
}

describe('case types in the storefront', () => {
  test("choosing 'Antigolpes' adds 7,00 € in the editor, the checkout and the confirmation; the picker passes axe", async () => {
    const t = await newPage(browser, 'desktop');
    const { page } = t;
    try {
      const shockproof = typeOf('Antigolpes');
      assert.equal(eurosToCents(shockproof.price), eurosToCents(model.price) + 700);
      assert.equal(model.caseTypes[0]?.name, 'Rígida', 'the default type comes first');
      const id = await openOrderInEditor(t);

      // The default type is chosen, at the model's price; each type says what it adds.
      assert.ok(await typeRadio(page, 'Rígida').isChecked());
      assert.equal(await editorPrice(page).textContent(), formatEuros(model.price));
      const label = page.locator('label.case-type', {
        has: page.getByRole('radio', { name: /^Antigolpes / }),
      });
      // Spaces of any kind (the euro sign comes after a no-break space) count as one.
      const words = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
      assert.equal(
        words(await label.textContent()),
        words(`Antigolpes ${formatEuros(shockproof.price)} (+7,00 €)`),
      );

      await typeRadio(page, 'Antigolpes').check();
      await eventually(async () =>
        assert.equal(await editorPrice(page).textContent(), formatEuros(plus(model.price, 7))),
      );
      await eventually(async () => {
        const order = await orderFromServer(page, id);
        assert.equal(order.caseType.name, 'Antigolpes');
        assert.equal(order.total, plus(model.price, 7));
      });

      // A type with colours shows its swatches, a radio group with the colours' names.
      const silicone = typeOf('Silicona');
      assert.ok(silicone.colours.length > 1, 'the demo silicone case comes in colours');
      const second = silicone.colours[1]!;
      await typeRadio(page, 'Silicona').check();
      const colours = page.getByRole('group', { name: /^Color/ });
      await colours.getByRole('radio', { name: silicone.colours[0]!.name, exact: true }).waitFor();
      await colours.getByRole('radio', { name: second.name, exact: true }).check();
      await colours.getByText(`: ${second.name}`).waitFor();
      await eventually(async () => {
        const order = await orderFromServer(page, id);
        assert.equal(order.caseType.name, 'Silicona');
        assert.equal(order.colour?.name, second.name);
        assert.equal(order.total, silicone.price);
      });
      await eventually(async () =>
        assert.equal(await editorPrice(page).textContent(), formatEuros(silicone.price)),
      );

      const blocking = blockingViolations(await axeViolations(page));
      assert.equal(blocking.length, 0, describeViolations(blocking));

      // Back to 'Antigolpes' (no colours: the swatches go), then '¡OK, pedir!'.
      await typeRadio(page, 'Antigolpes').check();
      await eventually(async () => assert.equal(await colours.count(), 0));
      await eventually(async () =>
        assert.equal(await editorPrice(page).textContent(), formatEuros(plus(model.price, 7))),
      );
      await page.getByRole('button', { name: '¡OK, pedir!', exact: true }).click();
      await page.waitForURL('**/pedido/pagar-tienda');
      await page.getByText('Tipo de funda: Antigolpes').waitFor();
      await eventually(async () =>
        assert.equal(await casePrice(page).textContent(), formatEuros(plus(model.price, 7))),
      );

      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.waitForURL('**/pedido/datos');
      await eventually(async () =>
        assert.equal(await casePrice(page).textContent(), formatEuros(plus(model.price, 7))),
      );
      await page.getByRole('textbox', { name: 'Nombre completo', exact: true }).fill('Lucía Martín Ruiz');
      await page.getByRole('button', { name: 'Confirmar pedido con obligación de pago' }).click();
      await page.waitForURL('**/pedido/confirmacion');
      await page
        .getByText(`Pagarás ${formatEuros(plus(model.price, 7))} al recoger tu funda.`, { exact: true })
        .waitFor();
      assert.equal(await casePrice(page).textContent(), formatEuros(plus(model.price, 7)));
      await page.getByText('Tipo de funda: Antigolpes').waitFor();
      const placed = await orderFromServer(page, id);
      assert.equal(placed.status, 'to_pay_at_store');
      assert.equal(placed.total, plus(model.price, 7));
      assert.deepEqual(t.errors, []);
    } finally {
      await t.context.close();
    }
  });

  test('a type that stops being sold: the editor says so and offers the types sold now', async () => {
    const t = await newPage(browser, 'phone');
    const { page } = t;
    try {
      const id = await openOrderInEditor(t);
      await typeRadio(page, 'Transparente').check();
      await eventually(async () =>
        assert.equal((await orderFromServer(page, id)).caseType.name, 'Transparente'),
      );
      await setPublic('Transparente', false);
      try {
        await page.getByRole('button', { name: '¡OK, pedir!', exact: true }).click();
        await page.getByRole('alert').getByText(messages.caseTypeNoLongerAvailable).waitFor();
        // The way on: the picker lists what is sold now.
        await eventually(async () => assert.equal(await typeRadio(page, 'Transparente').count(), 0));
        await typeRadio(page, 'Rígida').check();
        await eventually(async () =>
          assert.equal(await editorPrice(page).textContent(), formatEuros(model.price)),
        );
        await page.getByRole('button', { name: '¡OK, pedir!', exact: true }).click();
        await page.waitForURL('**/pedido/pagar-tienda');
        assert.equal(await casePrice(page).textContent(), formatEuros(model.price));
      } finally {
        await setPublic('Transparente', true);
      }
      // A console error is the refused call itself (409), nothing else.
      assert.deepEqual(
        t.errors.filter((e) => !/409/.test(e)),
        [],
      );
    } finally {
      await t.context.close();
    }
  });

  test('a type that stops being sold at checkout: the data form says so and the picker changes it', async () => {
    const t = await newPage(browser, 'desktop');
    const { page } = t;
    try {
      const id = await openOrderInEditor(t);
      await typeRadio(page, 'Transparente').check();
      await eventually(async () =>
        assert.equal((await orderFromServer(page, id)).caseType.name, 'Transparente'),
      );
      await page.getByRole('button', { name: '¡OK, pedir!', exact: true }).click();
      await page.waitForURL('**/pedido/pagar-tienda');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.waitForURL('**/pedido/datos');
      await setPublic('Transparente', false);
      try {
        await page.getByRole('textbox', { name: 'Nombre completo', exact: true }).fill('Lucía Martín Ruiz');
        const confirm = page.getByRole('button', { name: 'Confirmar pedido con obligación de pago' });
        await confirm.click();
        await page.getByRole('alert').getByText(messages.caseTypeNoLongerAvailable).waitFor();
        const way = page.getByRole('region', { name: 'Elegir otro tipo de funda' });
        await typeRadio(way, 'Rígida').waitFor();
        assert.equal(await typeRadio(way, 'Transparente').count(), 0);
        await typeRadio(way, 'Antigolpes').check();
        await eventually(async () =>
          assert.equal(await casePrice(page).textContent(), formatEuros(plus(model.price, 7))),
        );
        await confirm.click();
        await page.waitForURL('**/pedido/confirmacion');
        await page
          .getByText(`Pagarás ${formatEuros(plus(model.price, 7))} al recoger tu funda.`, { exact: true })
          .waitFor();
      } finally {
        await setPublic('Transparente', true);
      }
      assert.deepEqual(
        t.errors.filter((e) => !/409/.test(e)),
        [],
      );
    } finally {
      await t.context.close();
    }
  });
});
