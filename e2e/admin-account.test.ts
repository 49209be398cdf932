// 'Mi cuenta' in the back office, in a real browser against the built server: a store clerk
// changes their own password. A guessable one is refused with the reason in Spanish; a good one
// replaces the old, the clerk's other session ends, and the next sign-in takes the new password.
// The screen is saved as a screenshot (SCREENSHOT_DIR, default /tmp/screens-admin), desktop and phone.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, viewports } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const ADMIN = { email: 'jefa@fundas.test', password: 'clave-de-la-jefa-2026' };
const CLERK = { email: 'luis@tienda-dos.test', password: 'clave-de-luis-2026' };
const NEW_PASSWORD = 'ciruela-lámpara-vapor-9';
const screenshotDir = process.env.SCREENSHOT_DIR || '/tmp/screens-admin';

let server: RunningServer;
let browser: Browser;

/** A signed-in API session (the clerk's second device): cookies kept, forgery token echoed. */
async function apiSession(who: { email: string; password: string }) {
  const cookies = new Map<string, string>();
  const send = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = {
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return res;
  };
  await send('GET', '/api/health');
  const login = await send('POST', '/api/auth/login', who);
  assert.equal(login.status, 200, await login.text());
  return send;
}

before(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } }),
    launchBrowser(),
    mkdir(screenshotDir, { recursive: true }),
  ]);
  const admin = await apiSession(ADMIN);
  const created = await admin('POST', '/api/staff', { ...CLERK, name: 'Luis', role: 'store', storeId: 2 });
  assert.equal(created.status, 201, await created.text());
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${server.url}/admin`);
  await page.getByRole('heading', { level: 1, name: 'Acceso del personal' }).waitFor();
  await page.getByLabel('Correo electrónico').fill(who.email);
  await page.getByLabel('Contraseña').fill(who.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  // The back office opens on its dashboard.
  await page.getByRole('heading', { level: 1, name: 'Inicio' }).waitFor();
}

describe('back office: my account', () => {
  test('a store clerk changes their own password; a weak one is refused in Spanish', async () => {
    const otherDevice = await apiSession(CLERK);
    const t = await newPage(browser, 'desktop');
    try {
      const { page } = t;
      await signIn(page, CLERK);
      await page
        .getByRole('navigation', { name: 'Secciones' })
        .getByRole('link', { name: 'Mi cuenta' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Mi cuenta' }).waitFor();

      await page.getByLabel('Contraseña actual').fill(CLERK.password);
      await page.getByRole('textbox', { name: 'Contraseña nueva', exact: true }).fill('password12');
      await page.getByLabel('Repita la contraseña nueva').fill('password12');
      await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
      await page
        .getByRole('alert')
        .getByText(/demasiado fácil de adivinar/)
        .waitFor();
      await page.screenshot({ path: join(screenshotDir, 'account-weak-desktop.png'), fullPage: true });

      await page.getByRole('textbox', { name: 'Contraseña nueva', exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Repita la contraseña nueva').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
      await page
        .getByRole('status')
        .getByText(/Contraseña cambiada/)
        .waitFor();
      assert.equal(await page.getByLabel('Contraseña actual').inputValue(), '', 'the form is emptied');
      assert.equal((await otherDevice('GET', '/api/auth/me')).status, 401, 'the other session has ended');
      assert.deepEqual(
        t.errors.filter((e) => !/(401|422) .*\/api\/auth\/(me|password)\b/.test(e)),
        [],
      );
    } finally {
      await t.context.close();
    }

    // The next sign-in takes the new password (here on a phone, whose screen is saved).
    const phone = await newPage(browser, viewports.phone);
    try {
      await signIn(phone.page, { email: CLERK.email, password: NEW_PASSWORD });
      await phone.page.goto(`${server.url}/admin/cuenta`);
      await phone.page.getByRole('heading', { level: 1, name: 'Mi cuenta' }).waitFor();
      await phone.page.screenshot({ path: join(screenshotDir, 'account-phone.png'), fullPage: true });
    } finally {
      await phone.context.close();
    }
  });
});
