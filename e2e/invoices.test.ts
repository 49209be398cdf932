// The invoice a customer gets on paying: 'Necesito factura completa' in the data form (a wrong
// check digit refused in Spanish, then a valid NIF), paying now through the built-in gateway
// simulator, the 'Pago recibido' mail read from a real SMTP server on loopback with the invoice PDF
// attached, and the same PDF downloaded from the confirmation page. Screenshots go to
// SCREENSHOT_DIR (default /tmp/screens-invoices).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import type { Browser } from 'playwright-core';
import { type Arrived, startSmtp, type TestSmtp } from '../apps/server/test/mail-support.ts';
import {
  customerApi,
  eventually,
  getJsonAs,
  pageHeading,
  payNowPickupOrder,
  rememberCookieConsent,
} from './storefront-support.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const screenshotDir = process.env.SCREENSHOT_DIR || '/tmp/screens-invoices';
let smtp: TestSmtp;
let server: RunningServer;
let browser: Browser;

before(async () => {
  smtp = await startSmtp();
  const port = smtp.port;
  [server, browser] = await Promise.all([
    startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } }),
    launchBrowser(),
    mkdir(screenshotDir, { recursive: true }),
  ]);
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
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
    const shop = await customerApi(context, server.url);
    const id = await payNowPickupOrder(shop, '#2563eb');
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
      headers: shop.headers,
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

    const order = await getJsonAs<Order>(page, `${server.url}/api/orders/${id}`);
    assert.equal(order.status, 'paid');
    assert.match(order.invoice!.number, /^F\d{4}-\d{6}$/, 'a full invoice, in its own series');

    const link = page.getByRole('link', { name: `Descargar la factura ${order.invoice!.number} (PDF)` });
    await link.waitFor();
    await page.screenshot({ path: join(screenshotDir, 'desktop-pago-realizado.png'), fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const downloaded = await readFile((await download.path())!);
    assert.equal(downloaded.subarray(0, 5).toString(), '%PDF-');

    // The 'Pago recibido' mail, through the real SMTP server, with that very PDF attached.
    let mail: Arrived | undefined;
    await eventually(() => {
      mail = smtp.messages.find((m) => m.rcptTo.includes('lucia@example.com') && /Pago recibido/.test(m.raw));
      assert.ok(mail, 'the paid mail has not arrived yet');
    });
    // The invoice, and the general conditions that go with the customer's first confirmation.
    const pdfs = attachments(mail!.raw, 'application/pdf');
    assert.equal(pdfs.length, 2);
    const invoicePdf = pdfs.find((p) => p.filename === `factura-${order.invoice!.number}.pdf`);
    assert.ok(invoicePdf, pdfs.map((p) => p.filename).join(', '));
    assert.ok(invoicePdf.bytes.equals(downloaded), 'the mail and the confirmation page give the same PDF');
    assert.ok(
      pdfs.some((p) => /^condiciones-[0-9a-f]+\.pdf$/.test(p.filename)),
      'the conditions PDF',
    );
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
