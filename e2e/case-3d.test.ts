// 'Ver en 3D' in the editor on a phone (390x844): the dialog loads the 3D view (software WebGL,
// SwiftShader, as a machine without a GPU has it), a finger dragged across it turns the case (its
// angle and its picture change), axe finds nothing serious in the open dialog, Escape closes it and
// focus returns to the button. With WebGL switched off the flat mock-up shows instead, with no error.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Model } from '@shop/contracts/catalogue';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { editorCanvas, editorModel, fourColourPhoto, openEditor, orderWithPhoto } from './editor-support.ts';
import { rememberCookieConsent } from './storefront-support.ts';
import { axeViolations, blockingViolations, describeViolations } from './support/axe.ts';
import { chromiumArgs, chromiumPath, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/** WebGL drawn on the CPU: explicit, rather than whatever the machine's Chromium falls back to. */
const SOFTWARE_WEBGL = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
const NO_WEBGL = ['--disable-webgl', '--disable-3d-apis'];

let server: RunningServer;
let withWebgl: Browser;
let withoutWebgl: Browser;
let model: Model;
let photo: Buffer;

const launch = (extra: string[]) =>
  chromium.launch({ executablePath: chromiumPath, headless: true, args: [...chromiumArgs, ...extra] });

before(async () => {
  [server, withWebgl, withoutWebgl, photo] = await Promise.all([
    startServer(),
    launch(SOFTWARE_WEBGL),
    launch(NO_WEBGL),
    fourColourPhoto(1600, 1200),
  ]);
  ({ model } = await editorModel(server.url));
});

after(async () => {
  await Promise.all([withWebgl?.close(), withoutWebgl?.close()]);
  await server?.stop();
});

async function editorOnPhone(browser: Browser) {
  const opened = await newPage(browser, 'phone');
  await rememberCookieConsent(opened.context);
  const made = await orderWithPhoto(opened.context, server.url, model.id, photo);
  await openEditor(opened.page, server.url, { id: made.order.id, image: made.image });
  await editorCanvas(opened.page).waitFor();
  return opened;
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Tu funda en 3D' });
const view3d = (page: Page) => dialog(page).getByRole('img', { name: /^Funda en 3D/ });

/** A finger dragged across the element, as touch events (the phone context has a touch screen). */
async function touchDrag(page: Page, selector: ReturnType<Page['locator']>, dx: number, dy: number) {
  const box = await selector.boundingBox();
  assert.ok(box, 'the 3D view has a box');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const point = (px: number, py: number) => [{ x: px, y: py, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(x, y) });
  for (let i = 1; i <= 8; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: point(x + (dx * i) / 8, y + (dy * i) / 8),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('phone 390x844: Ver en 3D opens the case in 3D, a drag turns it, axe passes, Escape closes it', async () => {
  const { page, context, errors } = await editorOnPhone(withWebgl);
  try {
    const button = page.getByRole('button', { name: 'Ver en 3D' });
    await button.click();
    await dialog(page).waitFor();
    const canvas = view3d(page);
    await canvas.waitFor();
    // Drawn with the design as its texture.
    await page.locator('.case-3d__canvas[data-ready="true"]').waitFor();
    assert.equal(await canvas.getAttribute('data-yaw'), '0', 'the case shows its back first');
    const before = await canvas.screenshot();

    await touchDrag(page, canvas, 120, 0);
    const yaw = Number(await canvas.getAttribute('data-yaw'));
    assert.ok(yaw >= 30 && yaw <= 90, `a 120 px drag turns the case by about 60 degrees, not ${yaw}`);
    const after = await canvas.screenshot();
    assert.notDeepEqual(after, before, 'the drawn case changed with the drag');

    const blocking = blockingViolations(await axeViolations(page));
    assert.deepEqual(blocking, [], describeViolations(blocking));

    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    assert.ok(await button.evaluate((b) => b === document.activeElement), 'focus is back on Ver en 3D');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('without WebGL, Ver en 3D shows the flat mock-up, with no error', async () => {
  const { page, context, errors } = await editorOnPhone(withoutWebgl);
  try {
    await page.getByRole('button', { name: 'Ver en 3D' }).click();
    const flat = dialog(page).getByRole('img', { name: 'Tu funda vista por detrás' });
    await flat.waitFor();
    // The flat mock-up: a picture of the editor's case, loaded.
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.case-3d__flat');
      return img?.complete && img.naturalWidth > 0;
    });
    assert.equal(await dialog(page).locator('canvas').count(), 0, 'no 3D canvas');
    assert.equal(await dialog(page).getByRole('alert').count(), 0, 'no error shown');
    const blocking = blockingViolations(await axeViolations(page));
    assert.deepEqual(blocking, [], describeViolations(blocking));
    await dialog(page).getByRole('button', { name: 'Cerrar' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('laptop 1280x800: the order confirmation has Ver en 3D too, with the ordered design', async () => {
  const { page, context, errors } = await newPage(withWebgl, 'desktop');
  try {
    await rememberCookieConsent(context);
    const made = await orderWithPhoto(context, server.url, model.id, photo);
    await openEditor(page, server.url, { id: made.order.id, image: made.image });
    await page.getByRole('button', { name: '¡OK, pedir!', exact: true }).click();
    await page.waitForURL('**/pedido/pagar-tienda');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/pedido/datos');
    await page.getByRole('textbox', { name: 'Nombre completo', exact: true }).fill('Lucía Martín Ruiz');
    await page.getByRole('button', { name: 'Confirmar pedido con obligación de pago' }).click();
    await page.waitForURL('**/pedido/confirmacion');

    const button = page.getByRole('button', { name: 'Ver en 3D' });
    await button.click();
    await view3d(page).waitFor();
    // The order's design PNG loaded as the back's texture.
    await page.locator('.case-3d__canvas[data-ready="true"]').waitFor();
    await dialog(page).getByRole('button', { name: 'Girar a la derecha' }).click();
    assert.equal(await view3d(page).getAttribute('data-yaw'), '30');
    await dialog(page).getByRole('button', { name: 'Cerrar' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    assert.ok(await button.evaluate((b) => b === document.activeElement), 'focus is back on Ver en 3D');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
