// The editor's screen as a native design app's: on a phone (390x844) and at 320x640 the case, the
// tools and '¡OK, pedir!' are on one screen with nothing to scroll, with each panel open (a sheet
// over the lower part of the stage); on a tablet (1024x768) and a laptop (1280x800) the case and
// the order button fit the window too. Choosing a layer and letting it go moves the case by 0 px.
// axe finds nothing serious with each panel open. Screenshots go to SCREENSHOT_DIR.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Model } from '@shop/contracts/catalogue';
import type { Browser, Page } from 'playwright-core';
import { editorCanvas, editorModel, fourColourPhoto, openEditor, orderWithPhoto } from './editor-support.ts';
import { rememberCookieConsent } from './storefront-support.ts';
import { axeViolations, blockingViolations, describeViolations } from './support/axe.ts';
import { launchBrowser, newPage, type Viewport } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const screenshotDir = process.env.SCREENSHOT_DIR || '/tmp/screens-editor-layout';
const PANELS = ['Diseño', 'Filtros', 'Texto', 'Pegatinas'] as const;

let server: RunningServer;
let browser: Browser;
let model: Model;
let photo: Buffer;

before(async () => {
  [server, browser, photo] = await Promise.all([
    startServer(),
    launchBrowser(),
    fourColourPhoto(1600, 1200),
    mkdir(screenshotDir, { recursive: true }),
  ]);
  ({ model } = await editorModel(server.url));
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const boxOf = (locator: ReturnType<Page['locator']>): Promise<Box> =>
  locator.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });

/** The element lies wholly inside the window, as it is (nothing scrolled). */
async function assertInView(page: Page, what: string, box: Box): Promise<void> {
  const { width, height } = page.viewportSize()!;
  assert.ok(
    box.top >= 0 && box.left >= 0 && box.bottom <= height + 0.5 && box.right <= width + 0.5,
    `${what} ${JSON.stringify(box)} is not inside ${width}x${height}`,
  );
}

const orderButton = (page: Page) => page.getByRole('button', { name: '¡OK, pedir!' });

async function openWithPhoto(viewport: 'phone' | Viewport) {
  const opened = await newPage(browser, viewport);
  await rememberCookieConsent(opened.context);
  const made = await orderWithPhoto(opened.context, server.url, model.id, photo);
  await openEditor(opened.page, server.url, { id: made.order.id, image: made.image });
  await editorCanvas(opened.page).waitFor();
  await orderButton(opened.page).waitFor();
  return opened;
}

const sizes: [string, 'phone' | Viewport, boolean][] = [
  ['phone 390x844', 'phone', true],
  ['phone 320x640', { width: 320, height: 640 }, true],
  ['tablet 1024x768', { width: 1024, height: 768 }, false],
  ['laptop 1280x800', { width: 1280, height: 800 }, false],
];

describe('the editor on one screen', () => {
  for (const [name, viewport, phone] of sizes) {
    test(`${name}: the case and '¡OK, pedir!' in view with every panel open`, async () => {
      const { page, context, errors } = await openWithPhoto(viewport);
      try {
        const size = page.viewportSize()!;
        const file = (panel: string) =>
          join(screenshotDir, `editor-${size.width}x${size.height}-${panel}.png`);
        const canvasAt = await boxOf(editorCanvas(page));
        // Every tab shows whole, with nothing to scroll to find one.
        for (const tab of PANELS) {
          await assertInView(
            page,
            `the tab ${tab}`,
            await boxOf(page.getByRole('button', { name: tab, exact: true })),
          );
        }
        const tabRow = page.getByRole('button', { name: PANELS[0], exact: true }).locator('..');
        const row = await tabRow.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
        assert.ok(row.scroll <= row.client, `the tabs need ${row.scroll} px in ${row.client}`);
        for (const panel of [null, ...PANELS]) {
          if (panel) await page.getByRole('button', { name: panel, exact: true }).click();
          if (panel) await page.getByRole('region', { name: panel, exact: true }).waitFor();
          await assertInView(page, `${panel ?? 'no panel'}: the case`, await boxOf(editorCanvas(page)));
          await assertInView(page, `${panel ?? 'no panel'}: ¡OK, pedir!`, await boxOf(orderButton(page)));
          assert.deepEqual(await boxOf(editorCanvas(page)), canvasAt, `${panel}: the case did not move`);
          if (phone) {
            // Nothing to scroll while designing: the page is the window, in both directions.
            const scroll = await page.evaluate(() => ({
              height: document.documentElement.scrollHeight,
              width: document.documentElement.scrollWidth,
            }));
            assert.ok(scroll.height <= size.height && scroll.width <= size.width, JSON.stringify(scroll));
          }
          await page.screenshot({ path: file(panel ?? 'sin-panel') });
          if (panel) {
            const blocking = blockingViolations(await axeViolations(page));
            assert.deepEqual(blocking, [], `${panel}:\n${describeViolations(blocking)}`);
            await page.getByRole('button', { name: panel, exact: true }).click();
            await page.getByRole('region', { name: panel, exact: true }).waitFor({ state: 'detached' });
          }
        }
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }

  test('choosing a text and letting it go moves the case by 0 px (390x844)', async () => {
    const { page, context, errors } = await openWithPhoto('phone');
    try {
      const canvas = editorCanvas(page);
      const before = await boxOf(canvas);
      await page.getByRole('button', { name: 'Texto', exact: true }).click();
      await page.getByLabel('Tu texto').fill('Hola');
      await page.getByRole('button', { name: 'Añadir texto' }).click();
      // The new text is chosen: its tools show in their row, under the case.
      const remove = page.getByRole('button', { name: 'Quitar', exact: true });
      await remove.waitFor();
      assert.deepEqual(await boxOf(canvas), before, 'with the text chosen');
      await page.getByRole('button', { name: 'Texto', exact: true }).click();
      // A tap on the photo away from the text chooses the photo again.
      const b = await boxOf(canvas);
      await canvas.tap({ position: { x: (b.right - b.left) / 2, y: (b.bottom - b.top) * 0.85 } });
      await remove.waitFor({ state: 'detached' });
      assert.deepEqual(await boxOf(canvas), before, 'with the text let go');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
