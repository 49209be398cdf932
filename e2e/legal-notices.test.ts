// What the law asks the shop to tell a customer where it matters (docs/product.md §2.7, §2.11, §2.14):
// the photo's privacy notice where the photo is collected (the editor's photo step and the phone's
// upload page), and the legal guarantee above the order button. Checked with axe-core too.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import type { Company } from '@shop/contracts/config';
import { DEFECT_NOTICE_REMINDER, GUARANTEE_REMINDER } from '@shop/contracts/consumer-terms';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { company, customerApi, pageHeading, rememberCookieConsent, storeCode } from './storefront-support.ts';
import { axeViolations, blockingViolations, describeViolations } from './support/axe.ts';
import { launchBrowser, newPage, type TestPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const STORE_ID = 1;

let server: RunningServer;
let browser: Browser;
let shop: Company;

before(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  shop = await company(server.url);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function withPage(viewport: 'desktop' | 'phone', body: (tp: TestPage) => Promise<void>) {
  const tp = await newPage(browser, viewport);
  await rememberCookieConsent(tp.context);
  try {
    await body(tp);
    assert.deepEqual(tp.errors, [], 'no console error, no exception');
  } finally {
    await tp.context.close();
  }
}

async function expectAccessible(page: Page) {
  const blocking = blockingViolations(await axeViolations(page));
  assert.deepEqual(blocking, [], describeViolations(blocking));
}

/** The notice a person reads where the photo is asked for: who, why, how long, and the policy. */
async function expectPhotoNotice(page: Page) {
  const notice = page.getByRole('region', { name: 'Protección de datos de tu foto' });
  await notice
    .getByText(`${shop.legalName} (${shop.email}) es responsable de tu foto`, { exact: false })
    .waitFor();
  const text = (await notice.textContent()) ?? '';
  assert.match(text, /diseñar, imprimir y entregarte tu funda/);
  assert.match(text, /necesaria para el contrato/);
  assert.match(
    text,
    new RegExp(`garantía legal \\(${shop.retention.warrantyYears} años desde la entrega\\)`),
  );
  assert.equal(
    await notice.getByRole('link', { name: 'política de privacidad' }).getAttribute('href'),
    '/privacy',
  );
}

/** A model of the store with a photo-less order made by this browser's visitor. */
async function newOrder(tp: TestPage) {
  const api = await customerApi(tp.context, server.url);
  const model = (await api.call<ModelPage>('GET', `/api/models?store=${STORE_ID}&size=1`)).items[0]!;
  const { id } = await api.call<{ id: string }>('POST', '/api/orders', {
    store: { id: STORE_ID },
    brand: { id: model.brand.id },
    model: { id: model.id },
  });
  return { api, id };
}

async function intoSession(page: Page, values: Record<string, string>) {
  await page.goto(`${server.url}/general-conditions`);
  await page.evaluate((v) => {
    for (const [key, value] of Object.entries(v)) sessionStorage.setItem(key, value);
  }, values);
}

describe('the photo privacy notice', () => {
  test("the editor's photo step says who keeps the photo, why and how long", async () => {
    await withPage('desktop', async (tp) => {
      const { id } = await newOrder(tp);
      await intoSession(tp.page, {
        order_id: id,
        store_id: String(STORE_ID),
        from_url: 'false',
        store_url: await storeCode(server.url, STORE_ID),
      });
      await tp.page.goto(`${server.url}/editor-modelo`);
      await pageHeading(tp.page).filter({ hasText: 'Añade tu imagen' }).waitFor();
      await expectPhotoNotice(tp.page);
      await expectAccessible(tp.page);
    });
  });

  test("the phone's upload page, reached by the QR code, says it too", async () => {
    let uploadUrl = '';
    await withPage('desktop', async (tp) => {
      const { api, id } = await newOrder(tp);
      uploadUrl = (await api.call<{ url: string }>('GET', `/api/orders/${id}/screen/getUrl`)).url;
    });
    await withPage('phone', async (tp) => {
      await tp.page.goto(uploadUrl);
      await pageHeading(tp.page).filter({ hasText: 'Sube tu foto' }).waitFor();
      await tp.page.getByRole('button', { name: 'Hacer una foto o elegir de la galería' }).waitFor();
      await expectPhotoNotice(tp.page);
      await expectAccessible(tp.page);
    });
  });
});

describe('the checkout', () => {
  test('the legal guarantee, and that the 72-hour notice does not limit it, sit above the order button', async () => {
    await withPage('desktop', async (tp) => {
      const { api, id } = await newOrder(tp);
      const jpeg = await sharp({ create: { width: 900, height: 1400, channels: 3, background: '#2864c8' } })
        .jpeg()
        .toBuffer();
      await api.call('PUT', `/api/orders/${id}`, { image: await api.upload(jpeg, 'foto.jpg', 'image/jpeg') });
      const png = await sharp({ create: { width: 400, height: 800, channels: 4, background: '#2864c8' } })
        .png()
        .toBuffer();
      await api.call('PUT', `/api/orders/${id}/design`, {
        design: await api.upload(png, 'design.png', 'image/png'),
        transform: { centerX: 0.5, centerY: 0.5, scale: 3.5, quarterTurns: 0, flipX: false },
      });
      await api.call('POST', `/api/orders/${id}/confirmPaymentMethod?paymentMethod=paystore`);
      await intoSession(tp.page, {
        order_id: id,
        store_id: String(STORE_ID),
        from_url: 'false',
        store_url: await storeCode(server.url, STORE_ID),
        payment_method: 'paystore',
      });
      await tp.page.goto(`${server.url}/pedido/pagar-tienda`);
      await pageHeading(tp.page).filter({ hasText: 'Pago en tienda' }).waitFor();
      await tp.page.getByRole('button', { name: 'Continuar' }).click();
      await tp.page.waitForURL('**/pedido/datos');
      const notices = tp.page.getByRole('list', { name: 'Antes de confirmar' });
      await notices.getByText(GUARANTEE_REMINDER, { exact: false }).waitFor();
      await notices.getByText(DEFECT_NOTICE_REMINDER, { exact: false }).waitFor();
      assert.match(DEFECT_NOTICE_REMINDER, /no es un plazo de tu garantía legal/);
      assert.equal(
        await notices.getByRole('link', { name: 'condiciones de garantía' }).getAttribute('href'),
        '/return-conditions-2',
      );
      const next = await notices.evaluate((list) => list.nextElementSibling?.getAttribute('type'));
      assert.equal(next, 'submit', 'right above the order button');
      await expectAccessible(tp.page);
    });
  });
});
