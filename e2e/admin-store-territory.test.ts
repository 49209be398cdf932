// The back office refuses a store in Canarias, Ceuta or Melilla, outside the IVA territory
// (docs/product.md §5.1, ADR 26): the message shows next to the postal code and nothing is saved.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Store } from '@shop/contracts/stores';
import { STORE_OUTSIDE_IVA_TERRITORY_MESSAGE } from '@shop/contracts/tax-territory';
import type { Browser } from 'playwright-core';
import { adminApi } from './storefront-support.ts';
import { launchBrowser, newPage, viewports } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const ADMIN = { email: 'jefe@fundas.test', password: 'clave-del-jefe-2026' };

let server: RunningServer;
let browser: Browser;

before(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } }),
    launchBrowser(),
  ]);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('a store moved to Las Palmas is refused at its postal code, and stays where it was', async () => {
  const api = await adminApi(server.url, ADMIN.email, ADMIN.password);
  const before = await api<Store>('GET', '/api/stores/1');
  const t = await newPage(browser, viewports.desktop);
  try {
    const { page } = t;
    await page.goto(`${server.url}/admin`);
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel('Contraseña').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Inicio' }).waitFor();

    await page.goto(`${server.url}/admin/tiendas/1`);
    const postalCode = page.getByLabel('Código postal');
    await postalCode.fill('35002');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(STORE_OUTSIDE_IVA_TERRITORY_MESSAGE).waitFor();
    assert.equal(await postalCode.getAttribute('aria-invalid'), 'true');
    assert.equal((await api<Store>('GET', '/api/stores/1')).postalCode, before.postalCode);
    // The session check of a first visit answers 401 before signing in; nothing else may fail.
    assert.deepEqual(
      t.errors.filter((e) => !/401 .*\/api\/auth\/me\b/.test(e)),
      [],
    );
  } finally {
    await t.context.close();
  }
});
