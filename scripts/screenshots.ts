/**
 * `npm run screenshots`: the storefront as a customer sees it, saved to docs/screenshots/ at a
 * phone (390x844), a laptop (1280x800) and a kiosk or desktop screen (1920x1080). Runs the built
 * server (npm run build first) with the demo catalogue and walks a real order through it: landing,
 * store page, models, editor with a photo, its case type picker with 'Silicona' in a colour (phone
 * and laptop: `editor-tipo-funda-<size>.png`), the case in 3D in that type ('Ver en 3D', phone and
 * laptop: `editor-3d-<size>.png`), checkout data and the order's confirmation. Then the
 * editor with each of its panels open ('Diseño', 'Filtros', 'Texto', 'Pegatinas') at 390x844,
 * 320x640, 1024x768 and 1280x800 (`editor-<panel>-<size>.png`).
 *
 *   npm run build && npm run screenshots
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { Context2D } from '@shop/case-render/context';
import { SAMPLE_DESIGNS } from '@shop/case-render/designs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { pageHeading, rememberCookieConsent, storeCode } from '../e2e/storefront-support.ts';
import { launchBrowser, newPage, type Viewport } from '../e2e/support/browser.ts';
import { repoRoot, startServer } from '../e2e/support/server.ts';

const outDir = path.join(repoRoot, 'docs', 'screenshots');
const STORE_ID = 1;

const sizes: Record<string, Viewport> = {
  phone: { width: 390, height: 844 },
  laptop: { width: 1280, height: 800 },
  desktop: { width: 1920, height: 1080 },
};

/** The editor's panels, each shot open, at these sizes. */
const editorSizes: Viewport[] = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
];
const PANELS: [string, string][] = [
  ['Diseño', 'diseno'],
  ['Filtros', 'filtros'],
  ['Texto', 'texto'],
  ['Pegatinas', 'pegatinas'],
];

/** A customer's photo: one of the sample designs, drawn large as a JPEG from a phone would be. */
async function samplePhoto(): Promise<Buffer> {
  const canvas = createCanvas(1200, 1600);
  const design = SAMPLE_DESIGNS.find((d) => d.id === 'atardecer')!;
  design.paint(canvas.getContext('2d') as unknown as Context2D, { x: 0, y: 0, width: 1200, height: 1600 });
  return sharp(await canvas.encode('png'))
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Waits for every picture on screen to have loaded, so none is caught half-drawn. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    const pending = Array.from(document.images).filter((img) => img.loading !== 'lazy' && !img.complete);
    await Promise.all(pending.map((img) => img.decode().catch(() => undefined)));
  });
}

/** From the models page: an iPhone 15 order with the sample photo, open in the editor. */
async function editorWithPhoto(page: Page, photo: Buffer): Promise<void> {
  await page.getByRole('button', { name: 'Personalizar iPhone 15', exact: true }).click();
  await page.waitForURL('**/editor-modelo');
  await page.locator('input[type="file"]').first().setInputFiles({
    name: 'atardecer.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  await page.waitForURL('**/editor-edicion', { timeout: 60_000 });
  await page.getByRole('button', { name: '¡OK, pedir!' }).waitFor();
}

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const [server, browser, photo] = await Promise.all([startServer(), launchBrowser(), samplePhoto()]);
  const saved: string[] = [];
  try {
    const code = await storeCode(server.url, STORE_ID);
    for (const [name, size] of Object.entries(sizes)) {
      const phone = name === 'phone';
      const { page, context } = await newPage(browser, phone ? 'phone' : size);
      await rememberCookieConsent(context);
      const shot = async (screen: string) => {
        await settle(page);
        const file = path.join(outDir, `${screen}-${size.width}x${size.height}.png`);
        await page.screenshot({ path: file });
        saved.push(path.relative(repoRoot, file));
      };

      await page.goto(`${server.url}/`);
      await pageHeading(page).filter({ hasText: 'Tu foto favorita' }).waitFor();
      await shot('landing');

      await page.goto(`${server.url}/store/${code}`);
      await page.getByRole('link', { name: '¡Empezar! con Apple' }).waitFor();
      await shot('store');

      await page.getByRole('link', { name: '¡Empezar! con Apple' }).click();
      await page.getByRole('button', { name: 'Personalizar iPhone 15', exact: true }).waitFor();
      await shot('models');

      await editorWithPhoto(page, photo);
      await shot('editor');

      // The case type picker with a type that has colours chosen (phone and laptop sizes).
      if (name !== 'desktop') {
        await page.getByRole('radio', { name: /^Silicona / }).check();
        await page.getByRole('radio', { name: 'Azul marino', exact: true }).check();
        await page.getByText(': Azul marino').waitFor();
        await shot('editor-tipo-funda');
      }

      // 'Ver en 3D': the case in the chosen type and colour, turned a little (phone and laptop).
      if (name !== 'desktop') {
        await page.getByRole('button', { name: 'Ver en 3D' }).click();
        await page.locator('.case-3d__canvas[data-ready="true"]').waitFor();
        await page.getByRole('button', { name: 'Girar a la derecha' }).click();
        await shot('editor-3d');
        await page.getByRole('button', { name: 'Cerrar' }).click();
      }

      await page.getByRole('button', { name: '¡OK, pedir!' }).click();
      await page.waitForURL('**/pedido/pagar-tienda', { timeout: 60_000 });
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.waitForURL('**/pedido/datos');
      await page.getByRole('textbox', { name: 'Nombre completo', exact: true }).fill('Lucía Martín Ruiz');
      await shot('checkout');

      await page.getByRole('button', { name: 'Confirmar pedido con obligación de pago' }).click();
      await page.waitForURL('**/pedido/confirmacion');
      await page.getByRole('heading', { name: '¡La operación se ha realizado con éxito!' }).waitFor();
      await shot('success');
      await context.close();
    }

    for (const size of editorSizes) {
      const phone = size.width < 500;
      const { page, context } = await newPage(
        browser,
        size,
        phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {},
      );
      await rememberCookieConsent(context);
      await page.goto(`${server.url}/store/${code}`);
      await page.getByRole('link', { name: '¡Empezar! con Apple' }).click();
      await editorWithPhoto(page, photo);
      for (const [panel, slug] of PANELS) {
        await page.getByRole('button', { name: panel, exact: true }).click();
        await page.getByRole('region', { name: panel, exact: true }).waitFor();
        await settle(page);
        const file = path.join(outDir, `editor-${slug}-${size.width}x${size.height}.png`);
        await page.screenshot({ path: file });
        saved.push(path.relative(repoRoot, file));
        await page.getByRole('button', { name: panel, exact: true }).click();
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.info(`${saved.length} screenshots in docs/screenshots/:\n  ${saved.join('\n  ')}`);
}

await main();
