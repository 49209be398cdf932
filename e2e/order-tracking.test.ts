// After the order: a customer follows the tracking link from the mails (read from a real SMTP
// server on loopback) while staff move the order on; a pickup order through printed, ready and
// delivered, and a home-delivery order paid through the gateway simulator, shipped with a carrier
// whose tracking link the page shows. Screenshots go to SCREENSHOT_DIR (default /tmp/screens-tracking).
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import type { Order } from '@shop/contracts/orders';
import type { PaymentInitiation } from '@shop/contracts/payments';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { startSmtp, type TestSmtp } from '../apps/server/test/mail-support.ts';
import { eventually, rememberCookieConsent } from './storefront-support.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const screenshotDir = process.env.SCREENSHOT_DIR || '/tmp/screens-tracking';
const ADMIN = { email: 'admin@e2e.local', password: 'seguimiento-admin-1' };
let smtp: TestSmtp;
let server: RunningServer;
let browser: Browser;

before(async () => {
  smtp = await startSmtp();
  const port = smtp.port;
  [server, browser] = await Promise.all([
    startServer({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
    }),
    launchBrowser(),
    mkdir(screenshotDir, { recursive: true }),
  ]);
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** A MIME message's text parts (quoted-printable or base64) decoded, one after the other. */
function decoded(raw: string): string {
  const out: string[] = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    if (!/^Content-Type: text\/(plain|html)/im.test(head)) continue;
    const body = rest.join('\n\n').replace(/\r?\n--[^\r\n]*--\s*$/, '');
    const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
    if (encoding === 'base64') out.push(Buffer.from(body, 'base64').toString('utf8'));
    else if (encoding === 'quoted-printable') {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      out.push(Buffer.from(bytes, 'latin1').toString('utf8'));
    } else out.push(body);
  }
  return out.join('\n');
}

/** Waits for the mail to `to` whose subject matches, and returns the tracking link in it. */
async function trackingLinkFrom(to: string, subject: RegExp): Promise<string> {
  let link = '';
  await eventually(() => {
    const mail = smtp.messages
      .map((m) => ({ ...m, text: decoded(m.raw) }))
      .find((m) => m.rcptTo.includes(to) && subject.test(m.text));
    assert.ok(mail, `the mail ${subject} to ${to} has not arrived yet`);
    const found = /href="(https?:\/\/[^"]+\/seguimiento\/[A-Za-z0-9_-]{22})"/.exec(mail.text);
    assert.ok(found, 'the mail links to the tracking page');
    link = found[1]!;
  });
  return link;
}

/** A customer's API calls in a browser context (cookies and the forgery token as the SPA sends them). */
async function caller(request: APIRequestContext) {
  await request.get(`${server.url}/api/health`);
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const headers = { 'x-xsrf-token': xsrf };
  return {
    async call<T>(method: string, path: string, data?: unknown): Promise<T> {
      const res = await request.fetch(`${server.url}${path}`, { method, headers, data });
      assert.ok(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`);
      return (await res.json()) as T;
    },
    async upload(buffer: Buffer, name: string, mimeType: string): Promise<string> {
      const res = await request.post(`${server.url}/api/images`, {
        headers,
        multipart: { file: { name, mimeType, buffer } },
      });
      return ((await res.json()) as { uri: string }).uri;
    },
  };
}

async function designedOrder(
  api: Awaited<ReturnType<typeof caller>>,
  method: 'paystore' | 'paynow',
): Promise<string> {
  const model = (await api.call<ModelPage>('GET', '/api/models?store=1&size=1')).items[0]!;
  const { id } = await api.call<{ id: string }>('POST', '/api/orders', {
    store: { id: 1 },
    brand: { id: model.brand.id },
    model: { id: model.id },
  });
  const jpeg = await sharp({ create: { width: 900, height: 1400, channels: 3, background: '#db2777' } })
    .jpeg()
    .toBuffer();
  await api.call('PUT', `/api/orders/${id}`, { image: await api.upload(jpeg, 'foto.jpg', 'image/jpeg') });
  const png = await sharp({ create: { width: 400, height: 800, channels: 4, background: '#db2777' } })
    .png()
    .toBuffer();
  await api.call('PUT', `/api/orders/${id}/design`, {
    design: await api.upload(png, 'design.png', 'image/png'),
    transform: { centerX: 0.5, centerY: 0.5, scale: 3.5, quarterTurns: 0, flipX: false },
  });
  await api.call('POST', `/api/orders/${id}/confirmPaymentMethod?paymentMethod=${method}`);
  return id;
}

/** The timeline's line for a step: its label and date (or "Pendiente"). */
async function step(page: Page, label: string): Promise<string> {
  const item = page
    .getByRole('list', { name: 'Estado del pedido' })
    .getByRole('listitem')
    .filter({ hasText: label });
  return (await item.textContent()) ?? '';
}

test('pickup: the customer follows the mail link through printed, ready and delivered', async () => {
  const customer = await newPage(browser, 'phone');
  const staffTab = await newPage(browser, 'desktop');
  try {
    await rememberCookieConsent(customer.context);
    const api = await caller(customer.context.request);
    const id = await designedOrder(api, 'paystore');
    await api.call('POST', `/api/orders/${id}/confirmUserDetails`, {
      name: 'Marta Gil',
      email: 'marta@example.com',
      phone: '600222333',
    });
    const staff = await caller(staffTab.context.request);
    await staff.call('POST', '/api/auth/login', ADMIN);
    const staffApi = await caller(staffTab.context.request);

    // 1. The order-received mail links to the tracking page: the customer opens it.
    const link = await trackingLinkFrom('marta@example.com', /Hemos recibido tu pedido/);
    // The link is the order's tracking token (the one the customer's own read carries), never its id.
    const own = await api.call<Order>('GET', `/api/orders/${id}`);
    assert.equal(link, `${server.url}/seguimiento/${own.trackingToken}`);
    assert.ok(!link.includes(id), 'the order id is not in the link');
    const { page } = customer;
    const response = await page.goto(link);
    assert.match(response?.headers()['x-robots-tag'] ?? '', /noindex/);
    await page.getByRole('heading', { level: 1, name: /^Pedido n\.º \d{6}$/ }).waitFor();
    assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex, nofollow');
    assert.match(await step(page, 'Recibido'), /\d{4}/);
    assert.match(await step(page, 'Pagado'), /Pendiente/);
    await page.getByText('Calle Nueva', { exact: false }).first().waitFor();
    await page.getByText(/Pagarás .* al recoger tu funda/).waitFor();
    await page.screenshot({ path: join(screenshotDir, 'movil-recibido.png'), fullPage: true });

    // 2. Staff print it and mark it ready: the mail says so and links back; the page shows the dates.
    await staffApi.call('POST', `/api/orders/${id}/print`);
    await staffApi.call('POST', `/api/orders/${id}/status`, { status: 'ready' });
    const readyLink = await trackingLinkFrom('marta@example.com', /Tu funda ya está lista/);
    assert.equal(readyLink, link);
    await page.goto(readyLink);
    await page.getByRole('heading', { level: 1, name: /^Pedido n\.º/ }).waitFor();
    assert.match(await step(page, 'En producción'), /\d{4}/);
    assert.match(await step(page, 'Listo para recoger'), /\d{4}/);
    assert.match(await step(page, 'Entregado'), /Pendiente/);
    await page.getByText('Al recogerla, indica el número de pedido', { exact: false }).waitFor();
    await page.screenshot({ path: join(screenshotDir, 'movil-listo.png'), fullPage: true });

    // 3. Paid at the counter and handed over: the last mail, every step dated, the invoice.
    await staffApi.call('POST', `/api/orders/${id}/confirmPayment`);
    await staffApi.call('POST', `/api/orders/${id}/status`, { status: 'delivered' });
    const doneLink = await trackingLinkFrom('marta@example.com', /Pedido entregado/);
    await page.goto(doneLink);
    await page.getByRole('heading', { level: 1, name: /^Pedido n\.º/ }).waitFor();
    for (const label of ['Recibido', 'Pagado', 'En producción', 'Listo para recoger', 'Entregado']) {
      assert.match(await step(page, label), /\d{4}/, label);
    }
    await page.getByRole('link', { name: /Descargar la factura/ }).waitFor();
    // Collected: nothing is left to pick up, so the page no longer asks for the number at the counter.
    assert.equal(
      await page.getByText('Al recogerla, indica el número de pedido', { exact: false }).count(),
      0,
    );
    await page.screenshot({ path: join(screenshotDir, 'movil-entregado.png'), fullPage: true });

    // 4. Forwarded: another browser with only the link sees the same page and gets the invoice,
    //    and nothing more: the order itself is the customer's browser's.
    const forwarded = await newPage(browser, 'desktop');
    try {
      await forwarded.page.goto(doneLink);
      await forwarded.page.getByRole('heading', { level: 1, name: /^Pedido n\.º/ }).waitFor();
      const href = await forwarded.page
        .getByRole('link', { name: /Descargar la factura/ })
        .getAttribute('href');
      assert.match(href ?? '', /^\/api\/tracking\/[A-Za-z0-9_-]{22}\/invoices\/[^/]+\/pdf$/);
      const pdf = await forwarded.context.request.get(`${server.url}${href}`);
      assert.equal(pdf.status(), 200);
      assert.equal((await pdf.body()).subarray(0, 5).toString(), '%PDF-');
      assert.equal((await forwarded.context.request.get(`${server.url}/api/orders/${id}`)).status(), 403);
    } finally {
      await forwarded.context.close();
    }
  } finally {
    await customer.context.close();
    await staffTab.context.close();
  }
});

test('home delivery: paid at the gateway, shipped by staff from the back office, the carrier link shown', async () => {
  const customer = await newPage(browser, 'desktop');
  const staffTab = await newPage(browser, 'desktop');
  try {
    await rememberCookieConsent(customer.context);
    const api = await caller(customer.context.request);
    const id = await designedOrder(api, 'paynow');
    await api.call('POST', `/api/orders/${id}/addDelivery`);
    await api.call('POST', `/api/orders/${id}/confirmUserDetails`, {
      name: 'Pablo Ruiz',
      email: 'pablo@example.com',
      phone: '600444555',
    });
    await api.call('POST', `/api/orders/${id}/confirmDelivery`, {
      address: 'Avenida de Andalucía, 10',
      city: 'Málaga',
      postalCode: '29002',
    });
    // Paid through the built-in gateway simulator, as the browser would post the signed fields.
    const init = await api.call<PaymentInitiation>('POST', `/api/payment/initiate/${id}`);
    const { page } = customer;
    await page.goto(`${server.url}/general-conditions`);
    await page.evaluate((fields) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = fields.url;
      for (const [name, value] of Object.entries({
        Ds_SignatureVersion: fields.ds_SignatureVersion,
        Ds_MerchantParameters: fields.ds_MerchantParameters,
        Ds_Signature: fields.ds_Signature,
      })) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    }, init);
    await page.getByRole('button', { name: 'Pagar con tarjeta (aceptar)' }).click();
    const link = await trackingLinkFrom('pablo@example.com', /Pago recibido/);

    // Staff: print, then 'Enviado' from the order page with carrier and tracking number.
    const staffPage = staffTab.page;
    await staffPage.goto(`${server.url}/admin`);
    await staffPage.getByRole('heading', { level: 1, name: 'Acceso del personal' }).waitFor();
    await staffPage.getByLabel('Correo electrónico').fill(ADMIN.email);
    await staffPage.getByLabel('Contraseña').fill(ADMIN.password);
    await staffPage.getByRole('button', { name: 'Entrar' }).click();
    await staffPage.getByRole('heading', { level: 1, name: 'Inicio' }).waitFor();
    await staffPage.goto(`${server.url}/admin/pedidos/${id}`);
    await staffPage.getByRole('button', { name: 'Imprimir' }).click();
    await staffPage.getByRole('button', { name: 'Enviado' }).click();
    const dialog = staffPage.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Transportista' }).fill('Correos');
    await dialog.getByRole('textbox', { name: 'Número de seguimiento' }).fill('PK123456789ES');
    await dialog.getByRole('button', { name: 'Marcar como enviado' }).click();
    await staffPage.getByText('Enviado con Correos, número de seguimiento PK123456789ES').waitFor();
    await staffPage.screenshot({
      path: join(screenshotDir, 'escritorio-enviado-personal.png'),
      fullPage: true,
    });

    const shippedLink = await trackingLinkFrom('pablo@example.com', /Tu funda va de camino/);
    assert.equal(shippedLink, link);
    await page.goto(shippedLink);
    await page.getByRole('heading', { level: 1, name: /^Pedido n\.º/ }).waitFor();
    assert.match(await step(page, 'Enviado'), /\d{4}/);
    assert.match(await step(page, 'Entregado'), /Pendiente/);
    const carrier = page.getByRole('link', { name: 'Seguir el envío en la web de Correos' });
    assert.equal(
      await carrier.getAttribute('href'),
      'https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=PK123456789ES',
    );
    await page.getByText('Avenida de Andalucía, 10').waitFor();
    await page.screenshot({ path: join(screenshotDir, 'escritorio-enviado.png'), fullPage: true });
  } finally {
    await customer.context.close();
    await staffTab.context.close();
  }
});
