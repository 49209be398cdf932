// The design editor (/editor-edicion): every control changes the stored transform exactly as the
// shared geometry commands say; mouse, wheel, pinch and keyboard-only use; '¡OK, pedir!' stores
// the design and the transform on the order; 'Cambiar foto' takes the photo off it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fitToTemplate } from '@shop/case-geometry/commands/fit';
import { flipHorizontal } from '@shop/case-geometry/commands/flip';
import { move } from '@shop/case-geometry/commands/move';
import { rotate90 } from '@shop/case-geometry/commands/rotate';
import { zoomBy, zoomIn, zoomOut } from '@shop/case-geometry/commands/zoom';
import { type EditorState, ZOOM, zoomOf } from '@shop/case-geometry/editor-state';
import { effectiveDpi, LOW_RESOLUTION_DPI } from '@shop/case-geometry/print-size';
import { coverTransform, displayedSize, toBoxFraction } from '@shop/case-geometry/transform';
import { mm } from '@shop/case-geometry/units';
import type { Model } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import type { Browser, Page } from 'playwright-core';
import { stageLayout } from '../apps/web/src/features/editor/lib/stage-layout.ts';
import { storedTransformKey } from '../apps/web/src/features/editor/lib/stored-transform.ts';
import {
  assertSameTransform,
  captureDesignUpload,
  editorCanvas,
  editorModel,
  expectTransform,
  fourColourPhoto,
  openEditor,
  orderWithPhoto,
  shownTransform,
  visitorApi,
} from './editor-support.ts';
import { company, eventually, getJsonAs, pageHeading, rememberCookieConsent } from './storefront-support.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/** Below the editor derivative's 2048 px cap, so the editor knows it is the original's size. */
const PHOTO = { width: 1200, height: 900 };

let server: RunningServer;
let browser: Browser;
let model: Model;
let box: { width: number; height: number };
let photo: Buffer;

before(async () => {
  server = await startServer({ env: process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {} });
  browser = await launchBrowser();
  ({ model, box } = await editorModel(server.url));
  photo = await fourColourPhoto(PHOTO.width, PHOTO.height);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The order as the browser that made it reads it (an order is its session's). */
const getOrder = (owner: Page, id: string) => getJsonAs<Order>(owner, `${server.url}/api/orders/${id}`);

/** The case's box on the stage, in page coordinates (what the mouse and fingers aim at). */
async function boxOnPage(page: Page) {
  const rect = await editorCanvas(page).boundingBox();
  assert.ok(rect);
  const layout = stageLayout(rect, 1, box);
  return { ...layout.box, x: rect.x + layout.box.x, y: rect.y + layout.box.y };
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
  });
}

describe('design editor', () => {
  test('every control, the mouse, the wheel, a pinch and the keyboard place the photo; ¡OK, pedir! orders', async () => {
    // A desktop with a touch screen: mouse, wheel and fingers on the same page.
    const { page, context, errors } = await newPage(browser, 'desktop', { hasTouch: true });
    try {
      await rememberCookieConsent(context);
      const { order } = await orderWithPhoto(context, server.url, model.id, photo);
      await openEditor(page, server.url, order);
      await pageHeading(page).filter({ hasText: 'Coloca tu imagen' }).waitFor();
      // The emulated touch screen reports a coarse pointer: finger hints first; the mouse's once it is used.
      await page.getByText('Arrastra la foto con el dedo para moverla.').waitFor();
      await page.getByText(`Apple ${model.name}`).waitFor();

      // Fit to template after loading: centred and just covering the case.
      let state: EditorState = { photo: PHOTO, box, transform: coverTransform(PHOTO, box) };
      await expectTransform(page, state.transform, 'fitted on load');
      assert.equal(state.transform.centerX, 0.5);
      assert.ok(state.transform.scale > 1, 'a landscape photo overflows a portrait case sideways');
      const check = async (next: EditorState, what: string) => {
        state = next;
        await expectTransform(page, state.transform, what);
      };

      // The print-quality warning follows the zoom (the photo is its own original at 1200 px).
      const dpiAt = (zoom: number) =>
        effectiveDpi(
          PHOTO,
          { ...state.transform, scale: zoom * state.transform.scale },
          mm(model.outline!.widthMm),
        );
      assert.ok(
        dpiAt(1) >= LOW_RESOLUTION_DPI && dpiAt(1.1) < LOW_RESOLUTION_DPI,
        'fixture: blurry from zoom 1.1',
      );
      const warning = page.getByText(messages.imageLowResolution);
      assert.equal(await warning.count(), 0);

      // Zoom in and out by 0.1.
      const fitted = state.transform;
      await button(page, 'Acercar la imagen').click();
      await check(zoomIn(state), 'zoom in');
      assert.ok(Math.abs(state.transform.scale / fitted.scale - 1.1) < 1e-9);
      assert.equal(state.transform.centerX, 0.5);
      await page.getByRole('status').filter({ hasText: messages.imageLowResolution }).waitFor();
      assert.equal(await page.getByText('110 %').count(), 1);
      await button(page, 'Alejar la imagen').click();
      await check(zoomOut(state), 'zoom out');
      assertSameTransform(state.transform, fitted);
      await warning.waitFor({ state: 'detached' });

      // Zooming out stops where the photo just covers the case (100 %), never towards the brief's
      // 10 %: a smaller photo would leave part of the case unprinted.
      assert.equal(zoomOf(state), 1);
      assert.ok(await button(page, 'Alejar la imagen').isDisabled(), 'zoom out stops at the covering size');
      await page.getByText('100 %').waitFor();
      await editorCanvas(page).focus();
      await page.keyboard.press('-');
      const onStage = await boxOnPage(page);
      await page.mouse.move(onStage.x + onStage.width / 2, onStage.y + onStage.height / 2);
      await page.mouse.wheel(0, 2000);
      await page.waitForTimeout(150);
      assertSameTransform(await shownTransform(page), state.transform, 'no key or wheel goes below 100 %');
      assert.ok(ZOOM.min < 1);

      await button(page, 'Ajustar a la plantilla').click();
      await check(fitToTemplate(state), 'fit');
      assertSameTransform(state.transform, fitted);

      // Rotate four times: 90, 180, 270 and back to the start.
      for (const turns of [1, 2, 3, 0]) {
        await button(page, 'Girar 90 grados').click();
        await check(rotate90(state), `rotate to ${turns}`);
        assert.equal(state.transform.quarterTurns, turns);
      }
      assertSameTransform(state.transform, fitted, 'four turns come back');

      // Flip, also after a quarter turn (mirroring what is on screen turns the other way).
      await button(page, 'Voltear horizontalmente').click();
      await check(flipHorizontal(state), 'flip');
      assert.equal(state.transform.flipX, true);
      await button(page, 'Girar 90 grados').click();
      await check(rotate90(state), 'rotate after flip');
      await button(page, 'Voltear horizontalmente').click();
      await check(flipHorizontal(state), 'flip at a quarter turn');
      assert.deepEqual([state.transform.quarterTurns, state.transform.flipX], [3, false]);
      await button(page, 'Ajustar a la plantilla').click();
      await check(fitToTemplate(state), 'fit keeps turns');

      // A drag far past the edge stops where the photo's edge meets the case's edge.
      {
        const stage = await boxOnPage(page);
        const from = { x: stage.x + stage.width * 0.5, y: stage.y + stage.height * 0.5 };
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        await page.mouse.move(from.x + 900, from.y + 900, { steps: 10 });
        await page.mouse.up();
        await page.getByText('Haz clic en la imagen y arrástrala para moverla.').waitFor();
        assert.equal(await page.getByText('Arrastra la foto con el dedo para moverla.').count(), 0);
        const dragged = await shownTransform(page);
        const shownWidth = displayedSize(dragged, PHOTO, box).width;
        const left = dragged.centerX * box.width - shownWidth / 2;
        assert.ok(Math.abs(left) < 1e-6 * box.width, `the photo's left edge is on the case's (${left})`);
        await button(page, 'Ajustar a la plantilla').click();
        await check(fitToTemplate(state), 'fit after the drag');
      }

      // Drag with the mouse: the centre moves by the drag, in fractions of the case's box (zoomed
      // in first, so the photo has room to move both ways without uncovering the case).
      for (let i = 0; i < 3; i++) {
        await button(page, 'Acercar la imagen').click();
        await check(zoomIn(state), `zoom in before the drag ${i + 1}`);
      }
      const onPage = await boxOnPage(page);
      const view = { width: onPage.width, height: onPage.height };
      const start = { x: onPage.x + onPage.width * 0.5, y: onPage.y + onPage.height * 0.4 };
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move(start.x + 60, start.y + 40, { steps: 8 });
      await page.mouse.up();
      const before = state.transform;
      await check(move(state, { dx: 60, dy: 40, view }), 'drag');
      assert.ok(Math.abs(state.transform.centerX - before.centerX - 60 / onPage.width) < 1e-9);
      assert.ok(Math.abs(state.transform.centerY - before.centerY - 40 / onPage.height) < 1e-9);

      // Wheel: zoom about the cursor.
      // Whole pixels: mouse events carry integer coordinates.
      const cursor = {
        x: Math.round(onPage.x + onPage.width * 0.3),
        y: Math.round(onPage.y + onPage.height * 0.6),
      };
      await page.mouse.move(cursor.x, cursor.y);
      await page.mouse.wheel(0, -150);
      await check(
        zoomBy(state, { factor: Math.exp(150 * 0.002), anchor: toBoxFraction(cursor, onPage) }),
        'wheel zoom about the cursor',
      );

      // Pinch with two fingers, spreading from 60 to 120 px apart about a point: zoom x2 there.
      const pinchAt = {
        x: Math.round(onPage.x + onPage.width * 0.55),
        y: Math.round(onPage.y + onPage.height * 0.45),
      };
      const cdp = await context.newCDPSession(page);
      const fingers = (gap: number) => [
        { x: pinchAt.x - gap / 2, y: pinchAt.y, id: 1 },
        { x: pinchAt.x + gap / 2, y: pinchAt.y, id: 2 },
      ];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(60) });
      for (let gap = 66; gap <= 120; gap += 6) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(gap) });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
      await check(zoomBy(state, { factor: 2, anchor: toBoxFraction(pinchAt, onPage) }), 'pinch');

      // A reload restores the placement instead of fitting again.
      await page.reload();
      await editorCanvas(page).waitFor();
      await page.waitForTimeout(300);
      await expectTransform(page, state.transform, 'restored after a reload');

      // Keyboard only: Tab to the canvas, arrows move, + and - zoom, Tab through every tool.
      await page.locator('body').focus();
      for (let i = 0; i < 40 && (await focusedName(page)) !== 'Tu foto sobre la funda'; i++) {
        await page.keyboard.press('Tab');
      }
      assert.equal(await focusedName(page), 'Tu foto sobre la funda', 'the canvas is reachable with Tab');
      await page.keyboard.press('ArrowRight');
      await check(move(state, { dx: 0.01 * view.width, dy: 0, view }), 'arrow right');
      await page.keyboard.press('Shift+ArrowDown');
      await check(move(state, { dx: 0, dy: 0.1 * view.height, view }), 'shift + arrow down');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowUp');
      await check(
        move(move(state, { dx: -0.01 * view.width, dy: 0, view }), { dx: 0, dy: -0.01 * view.height, view }),
        'left, up',
      );
      await page.keyboard.press('+');
      await check(zoomIn(state), 'the + key');
      await page.keyboard.press('-');
      await check(zoomOut(state), 'the - key');

      // 'Ver en 3D' lies over the stage's corner: it comes right after the canvas.
      await page.keyboard.press('Tab');
      assert.equal(await focusedName(page), 'Ver en 3D');
      const tools: [string, string, (s: EditorState) => EditorState][] = [
        ['Alejar la imagen', 'Enter', zoomOut],
        ['Acercar la imagen', 'Space', zoomIn],
        ['Ajustar a la plantilla', 'Enter', fitToTemplate],
        ['Voltear horizontalmente', 'Space', flipHorizontal],
        ['Girar 90 grados', 'Enter', rotate90],
      ];
      for (const [name, key, command] of tools) {
        await page.keyboard.press('Tab');
        assert.equal(await focusedName(page), name);
        await page.keyboard.press(key);
        await check(command(state), `${name} with ${key}`);
      }
      await page.keyboard.press('Tab');
      assert.equal(await focusedName(page), '¡OK, pedir!');
      await page.keyboard.press('Tab');
      assert.equal(await focusedName(page), 'Cambiar foto');
      await page.keyboard.press('Tab');
      assert.match(await focusedName(page), /^Asistencia/);
      const shop = await company(server.url);
      const assistance = page.getByRole('link', { name: /^Asistencia/ });
      const href = new URL((await assistance.getAttribute('href')) ?? '');
      assert.equal(`${href.origin}${href.pathname}`, `https://wa.me/${shop.whatsapp}`);
      assert.match(href.searchParams.get('text') ?? '', new RegExp(order.orderNumber));
      assert.equal(await assistance.getAttribute('target'), '_blank');

      // '¡OK, pedir!' from the keyboard. The upload is held back a moment to see the wait.
      const upload = await captureDesignUpload(page, 600);
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      assert.equal(await focusedName(page), '¡OK, pedir!');
      await page.keyboard.press('Enter');
      await page.getByText('Procesando su diseño, por favor espere...').waitFor();
      for (const name of ['¡OK, pedir!', 'Cambiar foto', 'Acercar la imagen', 'Girar 90 grados']) {
        assert.ok(await button(page, name).isDisabled(), `${name} waits while processing`);
      }
      const file = await upload.file;
      assert.equal(file.name, 'design.png');
      assert.equal(file.type, 'image/png');

      await page.waitForURL(`${server.url}/pedido/pagar-tienda`);
      const saved = await getOrder(page, order.id);
      assert.equal(saved.status, 'design_confirmed');
      assert.equal(saved.paymentMethod, 'paystore');
      assert.match(saved.design ?? '', /^\/api\/images\//);
      assert.ok(saved.designTransform);
      assertSameTransform(saved.designTransform, state.transform, 'the order keeps the last placement');
      assert.equal(await page.evaluate(() => sessionStorage.getItem('payment_method')), 'paystore');

      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test("'Cambiar foto' takes the photo off the order and goes back to add one", async () => {
    const { page, context, errors } = await newPage(browser, 'phone');
    try {
      await rememberCookieConsent(context);
      const { order } = await orderWithPhoto(context, server.url, model.id, photo);
      await openEditor(page, server.url, order);
      await expectTransform(page, coverTransform(PHOTO, box));
      // On a phone the hints speak of fingers, not of a mouse wheel or keys.
      await page.getByText('Arrastra la foto con el dedo para moverla.').waitFor();
      assert.equal(await page.getByText(/rueda del ratón|teclado|Haz clic/).count(), 0);
      await button(page, 'Acercar la imagen').click();
      await eventually(async () =>
        assert.ok(await page.evaluate((key) => sessionStorage.getItem(key), storedTransformKey(order.id))),
      );

      await page.route('**/removeImage', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        await route.continue();
      });
      await button(page, 'Cambiar foto').click();
      await page.getByText('Eliminando la imagen...').waitFor();
      assert.ok(await button(page, '¡OK, pedir!').isDisabled());
      await page.waitForURL(`${server.url}/editor-modelo`);
      assert.equal((await getOrder(page, order.id)).image, null);
      assert.equal(
        await page.evaluate((key) => sessionStorage.getItem(key), storedTransformKey(order.id)),
        null,
      );
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('a placed order cannot go back to the editor: it says so and offers a new case', async () => {
    const { page, context, errors } = await newPage(browser, 'phone');
    try {
      await rememberCookieConsent(context);
      const { order } = await orderWithPhoto(context, server.url, model.id, photo);
      const xsrf = (await context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
      const call = async (method: 'PUT' | 'POST', path: string, data?: unknown) => {
        const res = await context.request.fetch(`${server.url}${path}`, {
          method,
          headers: { 'x-xsrf-token': xsrf },
          data,
        });
        assert.ok(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`);
      };
      const design = await (await visitorApi(context, server.url)).uploadPhoto(photo, 'design.png');
      await call('PUT', `/api/orders/${order.id}/design`, {
        design,
        transform: coverTransform(PHOTO, box),
      });
      await call('POST', `/api/orders/${order.id}/confirmPaymentMethod?paymentMethod=paystore`);
      await call('POST', `/api/orders/${order.id}/confirmInStorePickup`);
      await call('POST', `/api/orders/${order.id}/confirmUserDetails`, { name: 'Ana' });
      const placed = await getOrder(page, order.id);
      assert.equal(placed.status, 'to_pay_at_store');

      // Back to the editor (the Back button, an old tab): no editing, a way to a new case.
      await openEditor(page, server.url, order);
      await page.getByRole('alert').filter({ hasText: messages.designLocked }).waitFor();
      assert.equal(await editorCanvas(page).count(), 0, 'no editor');
      await page.screenshot({ path: '/tmp/screens-editor-locked.png', fullPage: true });
      await page.getByRole('button', { name: 'Empezar otra funda' }).click();
      await page.waitForURL(/\/store\//);
      assert.equal(await page.evaluate(() => sessionStorage.getItem('order_id')), null);
      assert.deepEqual(await getOrder(page, order.id), placed, 'the placed order is unchanged');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('without an order in the session it says so; an order without a photo goes back to add one', async () => {
    const { page, context, errors } = await newPage(browser, 'phone');
    try {
      await rememberCookieConsent(context);
      await page.goto(`${server.url}/editor-edicion`);
      await page.getByRole('alert').filter({ hasText: messages.currentOrderMissing }).waitFor();
      assert.equal(await editorCanvas(page).count(), 0);

      const { order } = await orderWithPhoto(context, server.url, model.id, photo);
      const removed = await context.request.delete(`${server.url}/api/orders/${order.id}/removeImage`, {
        headers: {
          'x-xsrf-token':
            (await context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
        },
      });
      assert.ok(removed.ok());
      await openEditor(page, server.url, { id: order.id, image: null });
      await page.waitForURL(`${server.url}/editor-modelo`);

      await openEditor(page, server.url, { id: '00000000-0000-4000-8000-000000000000', image: null });
      await page.getByRole('alert').filter({ hasText: messages.orderLoadFailed }).waitFor();
      // The unknown order's 404 is the browser's own network log line, not the app's.
      assert.deepEqual(
        errors.filter((e) => !e.includes('404')),
        [],
      );
    } finally {
      await context.close();
    }
  });
});
