// The invoice a customer gets on paying: 'Necesito factura completa' in the data form (a wrong
// check digit refused in Spanish, then a valid NIF), paying now through the built-in gateway
// simulator, the 'Pago recibido' mail read from a real SMTP server on loopback with the invoice PDF
// attached, and the same PDF downloaded from the confirmation page. Screenshots go to
// SCREENSHOT_DIR (default /tmp/screens-invoices).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { eventually, getJson, pageHeading, rememberCookieConsent } from './storefront-support.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const screenshotDir = process.env.SCREENSHOT_DIR || '/tmp/screens-invoices';
const arrived: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let server: RunningServer;
let browser: Browser;

before(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        arrived.push({
          to: session.envelope.rcptTo.map((a) => a.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  [server, browser] = await Promise.all([
    startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } }),
    launchBrowser(),
    mkdir(screenshotDir, { recursive: true }),
  ]);
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

/** The base64 parts of a MIME message whose Content-Type is `type`, decoded. */
function attachments(raw: string, type: string): { filename: string; bytes: Buffer }[] {
  const out: { filename: string; bytes: Buffer }[] = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const [head = '', ...body] = part.split(/\r?\n\r?\n/);
    if (!new RegExp(`^Content-Type: ${type}`, 'im').test(head)) continue;
    const filename = /filename="?([^";\r\n]+)/i.exec(head)?.[1] ?? '';
    out.push({ filename, bytes: Buffer.from(body.join('\n').replace(/--[\s\S]*$/, ''), 'base64') });
  }
  return out;
}

test('pay now with a full invoice: NIF checked, the paid mail carries the PDF, the confirmation page downloads it', async () => {
  const tab = await newPage(browser, 'desktop');
  const { page, context } = tab;
  try {
    await rememberCookieConsent(context);
    // An order brought to 'design confirmed' through the API, as the editor leaves it.
    await context.request.get(`${server.url}/api/health`);
    const xsrf = (await context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')!.value;
    const headers = { 'x-xsrf-token': xsrf };
    const call = async <T>(method: string, path: string, data?: unknown) => {
      const res = await context.request.fetch(`${server.url}${path}`, { method, headers, data });
      assert.ok(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const upload = async (buffer: Buffer, name: string, mimeType: string) => {
      const res = await context.request.post(`${server.url}/api/images`, {
        headers,
        multipart: { file: { name, mimeType, buffer } },
      });
      return ((await res.json()) as { uri: string }).uri;
    };
    const model = (await call<ModelPage>('GET', '/api/models?store=1&size=1')).items[0]!;
    const { id } = await call<{ id: string }>('POST', '/api/orders', {
      store: { id: 1 },
      brand: { id: model.brand.id },
      model: { id: model.id },
    });
    const jpeg = await sharp({ create: { width: 900, height: 1400, channels: 3, background: '#2563eb' } })
      .jpeg()
      .toBuffer();
    await call('PUT', `/api/orders/${id}`, { image: await upload(jpeg, 'foto.jpg', 'image/jpeg') });
    const png = await sharp({ create: { width: 400, height: 800, channels: 4, background: '#2563eb' } })
      .png()
      .toBuffer();
    await call('PUT', `/api/orders/${id}/design`, {
      design: await upload(png, 'design.png', 'image/png'),
      transform: { centerX: 0.5, centerY: 0.5, scale: 3.5, quarterTurns: 0, flipX: false },
    });
    await call('POST', `/api/orders/${id}/confirmPaymentMethod?paymentMethod=paynow`);
    await call('POST', `/api/orders/${id}/confirmInStorePickup`);
    await page.goto(`${server.url}/general-conditions`);
    await page.evaluate((orderId) => {
      sessionStorage.setItem('order_id', orderId);
      sessionStorage.setItem('store_id', '1');
      sessionStorage.setItem('from_url', 'false');
      sessionStorage.setItem('payment_method', 'paynow');
    }, id);
    await page.goto(`${server.url}/pedido/datos`);
    await page.getByRole('button', { name: 'Pagar' }).waitFor();

    const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
    await field('Nombre completo').fill('Lucía Martín Ruiz');
    await field('Correo electrónico').fill('lucia@example.com');
    await field('Teléfono').fill('600123456');
    await page.getByRole('checkbox', { name: 'Necesito factura completa' }).check();
    await field('NIF, NIE o CIF').fill('12345678A');
    await field('Nombre o razón social').fill('Lucía Martín Ruiz');
    await field('Dirección fiscal').fill('Calle Larios, 5');
    await field('Código postal').fill('29005');
    await field('Localidad').fill('Málaga');

    // A wrong check letter: refused in the browser, in Spanish, with nothing paid.
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.getByRole('alert').filter({ hasText: messages.taxIdInvalid }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/pedido/datos');
    await page.screenshot({ path: join(screenshotDir, 'desktop-nif-incorrecto.png'), fullPage: true });
    // ... and by the server, whatever the browser says.
    const forged = await context.request.put(`${server.url}/api/orders/${id}/invoiceRequest`, {
      headers,
      data: { fullInvoice: true, taxId: '12345678A', name: 'X', address: 'X', postalCode: '1', city: 'X' },
    });
    assert.equal(forged.status(), 400);
    assert.equal(((await forged.json()) as { message: string }).message, messages.taxIdInvalid);

    await field('NIF, NIE o CIF').fill('12345678Z');
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL((url) => url.pathname === '/simulator/redsys');
    await page.getByRole('button', { name: 'Pagar con tarjeta (aceptar)' }).click();
    await page.waitForURL((url) => url.pathname === '/payment-success');
    await pageHeading(page).filter({ hasText: 'Pago realizado' }).waitFor();

    const order = await getJson<Order>(`${server.url}/api/orders/${id}`);
    assert.equal(order.status, 'paid');
    assert.match(order.invoice!.number, /^F\d{4}-\d{6}$/, 'a full invoice, in its own series');

    const link = page.getByRole('link', { name: `Descargar la factura ${order.invoice!.number} (PDF)` });
    await link.waitFor();
    await page.screenshot({ path: join(screenshotDir, 'desktop-pago-realizado.png'), fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const downloaded = await readFile((await download.path())!);
    assert.equal(downloaded.subarray(0, 5).toString(), '%PDF-');

    // The 'Pago recibido' mail, through the real SMTP server, with that very PDF attached.
    let mail: { to: string[]; raw: string } | undefined;
    await eventually(() => {
      mail = arrived.find((m) => m.to.includes('lucia@example.com') && /Pago recibido/.test(m.raw));
      assert.ok(mail, 'the paid mail has not arrived yet');
    }, 30_000);
    const pdfs = attachments(mail!.raw, 'application/pdf');
    assert.equal(pdfs.length, 1);
    assert.equal(pdfs[0]!.filename, `factura-${order.invoice!.number}.pdf`);
    assert.ok(pdfs[0]!.bytes.equals(downloaded), 'the mail and the confirmation page give the same PDF');
    assert.match(mail!.raw.replace(/=\r?\n/g, ''), /Te adjuntamos la factura n\.(º|=C2=BA) F\d{4}-\d{6}/);

    // The PDF is a full invoice to that NIF.
    const dir = await mkdtemp(join(tmpdir(), 'e2e-invoice-'));
    try {
      await writeFile(join(dir, 'f.pdf'), downloaded);
      const text = execFileSync('pdftotext', [join(dir, 'f.pdf'), '-'], { encoding: 'utf8' }).replace(
        /\s+/g,
        ' ',
      );
      for (const s of [
        'Factura',
        order.invoice!.number,
        'NIF: 12345678Z',
        'Lucía Martín Ruiz',
        'Calle Larios, 5',
      ]) {
        assert.ok(text.includes(s), `the PDF lacks "${s}": ${text}`);
      }
      assert.ok(!text.includes('Factura simplificada'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    assert.deepEqual(tab.errors, []);
  } finally {
    await context.close();
  }
});
