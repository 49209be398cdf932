// The payments screen of the back office, in a real browser against the built server: a customer
// pays now through the built-in gateway simulator, then an admin finds the payment on the
// payments screen, refunds part of it through the gateway (Redsys REST on the simulator) and sees
// the new state. Screenshots go to SCREENSHOT_DIR (default /tmp/screens-payments).
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import type { PaymentInitiation } from '@shop/contracts/payments';
import type { PaymentPage } from '@shop/contracts/payments-admin';
import type { Browser } from 'playwright-core';
import { adminApi, customerApi, getJsonAs, payNowPickupOrder } from './storefront-support.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const screenshotDir = process.env.SCREENSHOT_DIR || '/tmp/screens-payments';
const ADMIN = { email: 'caja@fundas.test', password: 'clave-de-caja-2026' };
let server: RunningServer;
let browser: Browser;

before(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } }),
    launchBrowser(),
    mkdir(screenshotDir, { recursive: true }),
  ]);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('an admin refunds part of a card payment from the payments screen and sees the new state', async () => {
  const customer = await newPage(browser, 'desktop');
  const admin = await newPage(browser, 'desktop');
  try {
    // A pay-now pickup order brought to 'details confirmed' through the customer's own calls.
    const { page, context } = customer;
    const shop = await customerApi(context, server.url);
    const id = await payNowPickupOrder(shop, '#16a34a');
    const { call } = shop;
    const order = await call<Order>('POST', `/api/orders/${id}/confirmUserDetails`, {
      name: 'Marta Gil',
      email: 'marta@example.com',
      phone: '600123123',
    });
    const init = await call<PaymentInitiation>('POST', `/api/payment/initiate/${id}`, { method: 'card' });

    // The browser posts the signed request to the gateway, as the checkout page does.
    await page.goto(`${server.url}/general-conditions`);
    await page.evaluate((i) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = i.url;
      for (const [name, value] of [
        ['Ds_SignatureVersion', i.ds_SignatureVersion],
        ['Ds_MerchantParameters', i.ds_MerchantParameters],
        ['Ds_Signature', i.ds_Signature],
      ] as const) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    }, init);
    await page.waitForURL((url) => url.pathname === '/simulator/redsys');
    await page.getByRole('button', { name: 'Pagar con tarjeta (aceptar)' }).click();
    await page.waitForURL((url) => url.pathname === '/payment-success');
    assert.equal((await getJsonAs<Order>(page, `${server.url}/api/orders/${id}`)).status, 'paid');
    const paid = order.total + order.shipping;

    // The admin finds it on the payments screen.
    const a = admin.page;
    await a.goto(`${server.url}/admin`);
    await a.getByLabel('Correo electrónico').fill(ADMIN.email);
    await a.getByLabel('Contraseña').fill(ADMIN.password);
    await a.getByRole('button', { name: 'Entrar' }).click();
    // The back office opens on its dashboard.
    await a.getByRole('heading', { level: 1, name: 'Inicio' }).waitFor();
    await a.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Pagos' }).click();
    await a.getByRole('heading', { level: 1, name: 'Pagos' }).waitFor();
    const table = a.getByRole('region', { name: 'Lista de pagos' });
    const gatewayOrder = (
      JSON.parse(Buffer.from(init.ds_MerchantParameters, 'base64').toString('utf8')) as {
        DS_MERCHANT_ORDER: string;
      }
    ).DS_MERCHANT_ORDER;
    const row = table.getByRole('row').filter({ hasText: gatewayOrder });
    await row.waitFor();
    assert.ok((await row.textContent())?.includes('Operación autorizada'));
    await a.screenshot({ path: join(screenshotDir, 'desktop-pagos.png'), fullPage: true });

    await row.getByRole('button', { name: `Devolver el pago ${gatewayOrder}` }).click();
    const dialog = a.getByRole('dialog', { name: `Devolver el pago ${gatewayOrder}` });
    await dialog.getByLabel('Importe a devolver (€)').fill('5,00');
    await dialog.getByLabel('Motivo').fill('Un arañazo en la funda');
    await a.screenshot({ path: join(screenshotDir, 'desktop-devolver.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Devolver', exact: true }).click();
    await a
      .getByRole('status')
      .getByText(`Devolución de ${formatEuros(5)} aceptada. Devuelto en total: ${formatEuros(5)}.`, {
        exact: true,
      })
      .waitFor();
    await row.getByText(`Devuelto: ${formatEuros(5)}`).waitFor();
    await row.getByText(`${formatEuros(5)} devuelto`).waitFor();
    await a.screenshot({ path: join(screenshotDir, 'desktop-devuelto.png'), fullPage: true });

    // The same state through the API: 5 € back, the rest still refundable.
    const api = await adminApi(server.url, ADMIN.email, ADMIN.password);
    const listed = await api<PaymentPage>('GET', '/api/payments?state=paid');
    const mine = listed.items.find((r) => r.gatewayOrder === gatewayOrder)!;
    assert.equal(mine.refundedTotal, 5);
    assert.equal(mine.refundable, Math.round((paid - 5) * 100) / 100);
    assert.deepEqual(customer.errors, []);
    assert.deepEqual(
      admin.errors.filter((e) => !/401 .*\/api\/auth\/me\b/.test(e)),
      [],
    );
  } finally {
    await customer.context.close();
    await admin.context.close();
  }
});
