// Writing on the case itself: a text opened in place by a double click, by Enter or (on a phone) by
// a second tap, typed live onto the stage, kept by Enter, put back by Escape, one step to undo; and
// texts dragged, pushed with the keys or made longer at the edge stay inside the printable area,
// judged by the server's own measure in the saved draft.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { TEXT_AREA_TOLERANCE_MM } from '@shop/case-geometry/printable-area';
import { layerBounds, type SceneContext } from '@shop/case-render/scene';
import { boundingBox, textFrame } from '@shop/case-render/text-fit';
import type { Model } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import type { Scene, TextLayer } from '@shop/contracts/scene';
import type { Browser, Page } from 'playwright-core';
import { registerSceneFonts, textsOutsidePrintableArea } from '../apps/server/src/lib/scene-text.ts';
import { stageLayout } from '../apps/web/src/features/editor/lib/stage-layout.ts';
import {
  draftWhere,
  editorCanvas,
  editorModel,
  fourColourPhoto,
  openEditor,
  orderWithPhoto,
  visitorApi,
} from './editor-support.ts';
import { buildScene } from './scene-support.ts';
import { eventually, rememberCookieConsent } from './storefront-support.ts';
import { axeViolations, blockingViolations, describeViolations } from './support/axe.ts';
import { launchBrowser, newPage, type TestPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const PHOTO = { width: 1600, height: 1200 };
/** Screenshots of the open field go here when the variable is set (to look at, not compared). */
const SHOTS = process.env.IN_PLACE_SCREENSHOTS;

let server: RunningServer;
let browser: Browser;
let model: Model;
let box: { width: number; height: number };
let photo: Buffer;

before(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  ({ model, box } = await editorModel(server.url));
  photo = await fourColourPhoto(PHOTO.width, PHOTO.height);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const hola: TextLayer = {
  kind: 'text',
  id: 't1',
  text: 'Hola',
  font: 'montserrat',
  size: 0.12,
  colour: '#ffffff',
  align: 'center',
  rotation: 0,
  x: 0.5,
  y: 0.5,
};

/** An order of the demo iPhone 15 whose draft is the photo and one text, opened in the editor. */
async function editorWithText({ page, context }: TestPage, layer: TextLayer = hola): Promise<string> {
  await rememberCookieConsent(context);
  const made = await orderWithPhoto(context, server.url, model.id, photo);
  const scene = buildScene(
    model.id,
    box,
    [{ uri: made.image, size: PHOTO }],
    'one',
    [{ photo: 0, filter: 'none' }],
    [layer],
  );
  await (await visitorApi(context, server.url)).saveDraft(made.order.id, scene);
  await openEditor(page, server.url, { id: made.order.id, image: made.image });
  // Focused first, as a press on it would: the page scrolls it into view once, before any point on
  // it is worked out.
  await editorCanvas(page).focus();
  return made.order.id;
}

/** Where a point of the case (fractions of its box) is on the page. */
async function onScreen(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const rect = await editorCanvas(page).boundingBox();
  assert.ok(rect, 'the stage is on the page');
  const stage = stageLayout({ width: rect.width, height: rect.height }, 1, box);
  return { x: rect.x + stage.box.x + x * stage.box.width, y: rect.y + stage.box.y + y * stage.box.height };
}

const field = (page: Page) => page.getByRole('textbox', { name: 'Editar texto' });
const textOf = (scene: Scene) => (scene.layers[0] as TextLayer).text;
const layerOf = (scene: Scene) => scene.layers[0] as TextLayer;

/** The texts of a saved draft that leave the printable area, as the server would judge the order. */
const outside = (scene: Scene) => textsOutsidePrintableArea(scene, model.outline, box).map((l) => l.text);

async function isFocused(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.getAttribute('aria-label') === 'Editar texto');
}

describe('a text edited in place', () => {
  test('on a desktop: a double click opens it, Enter keeps, Escape puts back, one Deshacer undoes the whole edit', async (t) => {
    const customer = await newPage(browser, 'desktop');
    const { page, errors } = customer;
    try {
      const orderId = await editorWithText(customer);
      const draft = (check: (scene: Scene) => void) => draftWhere(page, server.url, orderId, check);
      // The mouse and keyboard help is one click away, beside the case.
      await page.getByText('Más formas de moverla', { exact: false }).click();
      await page.getByText('Haz doble clic en un texto', { exact: false }).waitFor();

      // 1. A double click on the text: a field over it, focused, with the text in it.
      const at = await onScreen(page, 0.5, 0.5);
      await page.mouse.dblclick(at.x, at.y);
      await field(page).waitFor();
      assert.equal(await field(page).inputValue(), 'Hola');
      assert.ok(await isFocused(page), 'the field has the keyboard');
      // Laid over the text: its box is around the text's place on the case.
      const over = await field(page).boundingBox();
      const centre = await onScreen(page, 0.5, 0.5);
      assert.ok(
        over &&
          Math.abs(over.x + over.width / 2 - centre.x) < 30 &&
          Math.abs(over.y + over.height / 2 - centre.y) < 10,
        `the field ${JSON.stringify(over)} is over the text at ${JSON.stringify(centre)}`,
      );

      // 2. Typed live on the case (the draft follows), axe-clean with the field open.
      await page.keyboard.type('Adiós');
      assert.equal(await field(page).inputValue(), 'Adiós', 'the text was selected: typing replaced it');
      await draft((s) => assert.equal(textOf(s), 'Adiós'));
      const blocking = blockingViolations(await axeViolations(page));
      assert.deepEqual(blocking, [], describeViolations(blocking));
      if (SHOTS) await page.screenshot({ path: join(SHOTS, 'in-place-1280x800.png') });
      await page.keyboard.press('Enter');
      await field(page).waitFor({ state: 'detached' });
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('role')),
        'application',
        'Enter hands the keyboard back to the stage',
      );
      await draft((s) => assert.equal(textOf(s), 'Adiós'));

      // 3. Five keystrokes, one step: one Deshacer brings 'Hola' back and there is nothing older.
      await page.getByRole('button', { name: 'Deshacer' }).click();
      await draft((s) => assert.equal(textOf(s), 'Hola'));
      assert.equal(await page.getByRole('button', { name: 'Deshacer' }).isDisabled(), true);

      // 4. Enter on the stage with the text selected opens it too; Escape puts the text back.
      await editorCanvas(page).focus();
      await page.keyboard.press('Enter');
      await field(page).waitFor();
      await page.keyboard.type('Nada de esto');
      await draft((s) => assert.equal(textOf(s), 'Nada de esto'));
      await page.keyboard.press('Escape');
      await field(page).waitFor({ state: 'detached' });
      await draft((s) => assert.equal(textOf(s), 'Hola'));
      assert.equal(
        await page.getByRole('button', { name: 'Deshacer' }).isDisabled(),
        true,
        'Escape left no step',
      );

      // 5. A field emptied and left: the text before it comes back, and the customer is told why.
      await page.keyboard.press('Enter');
      await field(page).waitFor();
      await page.keyboard.press('Backspace');
      await page.getByText(messages.textEmpty).waitFor();
      await page.keyboard.press('Enter');
      await page.getByText(messages.textEmptyRestored).waitFor();
      await draft((s) => assert.equal(textOf(s), 'Hola'));

      // 6. The panel's rules: what the faces cannot print is refused.
      await page.keyboard.press('Enter');
      await page.keyboard.press('End');
      await page.keyboard.insertText('你');
      await page.getByText(messages.textNotPrintable).waitFor();
      assert.equal(await field(page).inputValue(), 'Hola');
      await page.keyboard.press('Escape');
      t.diagnostic('double click, Enter, Escape, an empty field and the panel’s rules all behave');
      assert.deepEqual(errors, []);
    } finally {
      await customer.context.close();
    }
  });

  test('on a phone: a tap selects the text, a second tap opens its field with the keyboard, done keeps it', async () => {
    const customer = await newPage(browser, 'phone');
    const { page, errors } = customer;
    try {
      const orderId = await editorWithText(customer);
      await page.getByText('Toca otra vez un texto ya elegido', { exact: false }).waitFor();
      const at = await onScreen(page, 0.5, 0.5);
      await page.touchscreen.tap(at.x, at.y);
      await eventually(async () =>
        assert.equal(await editorCanvas(page).getAttribute('data-layer'), 't1', 'the first tap selects'),
      );
      assert.equal(await field(page).count(), 0, 'one tap only selects');
      await page.touchscreen.tap(at.x, at.y);
      await field(page).waitFor();
      assert.ok(await isFocused(page), 'a focused field: the phone shows its keyboard');
      await page.keyboard.type('Sí, quiero');
      if (SHOTS) await page.screenshot({ path: join(SHOTS, 'in-place-390x844.png') });
      // The keyboard's 'done' key is an Enter.
      await page.keyboard.press('Enter');
      await field(page).waitFor({ state: 'detached' });
      await draftWhere(page, server.url, orderId, (s) => assert.equal(textOf(s), 'Sí, quiero'));
      assert.deepEqual(errors, []);
    } finally {
      await customer.context.close();
    }
  });
});

describe('texts stay inside the printable area', () => {
  test('dragged far past the edge, pushed with the keys, made longer at the edge', async (t) => {
    const customer = await newPage(browser, 'desktop');
    const { page, errors } = customer;
    try {
      const orderId = await editorWithText(customer, { ...hola, text: 'Ana' });
      const draft = (check: (scene: Scene) => void) => draftWhere(page, server.url, orderId, check);

      // 1. Dragged far beyond the case's right edge: it stops at the printable area.
      const from = await onScreen(page, 0.5, 0.5);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + 200, from.y + 20, { steps: 5 });
      await page.mouse.move(from.x + 900, from.y + 60, { steps: 10 });
      await page.mouse.up();
      const dragged = await draft((s) => assert.ok(layerOf(s).x > 0.6, `moved right: ${layerOf(s).x}`));
      assert.deepEqual(outside(dragged), [], `inside: ${JSON.stringify(layerOf(dragged))}`);
      assert.ok(layerOf(dragged).x < 0.95, 'not at the case’s edge: inside the margin');
      // The browser stopped it right at the area's edge; Skia measures the same string within the
      // server's tolerance of there.
      registerSceneFonts();
      const frame = textFrame(model.outline, box);
      const ctx = createCanvas(1, 1).getContext('2d') as unknown as SceneContext;
      const around = boundingBox(layerBounds(ctx, layerOf(dragged), frame.box));
      const gapMm =
        ((frame.area.x + frame.area.width - (around.x + around.width)) / frame.box.width) *
        model.outline!.widthMm;
      t.diagnostic(`the dragged text ends ${gapMm.toFixed(3)} mm inside the area's edge, by Skia's measure`);
      assert.ok(Math.abs(gapMm) < TEXT_AREA_TOLERANCE_MM, `${gapMm} mm from the edge`);

      // 2. Pushed with the keyboard far past the top: it stops too.
      await editorCanvas(page).focus();
      for (let i = 0; i < 12; i++) await page.keyboard.press('Shift+ArrowUp');
      const pushed = await draft((s) => assert.ok(layerOf(s).y < 0.2, `moved up: ${layerOf(s).y}`));
      assert.deepEqual(outside(pushed), [], `inside: ${JSON.stringify(layerOf(pushed))}`);
      assert.ok(layerOf(pushed).y > 0.02, 'inside the margin at the top');

      // 3. Made longer in the corner: it moves in to make room, and shrinks when the case is too narrow.
      await page.keyboard.press('Enter');
      await field(page).waitFor();
      await page.keyboard.press('End');
      await page.keyboard.type(' y Luis');
      await page.keyboard.press('Enter');
      const longer = await draft((s) => assert.equal(textOf(s), 'Ana y Luis'));
      assert.deepEqual(outside(longer), []);
      assert.ok(layerOf(longer).x < layerOf(pushed).x, 'moved in to make room');
      await page.keyboard.press('Enter');
      await page.keyboard.press('End');
      await page.keyboard.type(' para siempre jamás');
      await page.keyboard.press('Enter');
      const longest = await draft((s) => assert.equal(textOf(s), 'Ana y Luis para siempre jamás'));
      assert.deepEqual(outside(longest), []);
      assert.ok(layerOf(longest).size < hola.size, `made smaller: ${layerOf(longest).size}`);
      t.diagnostic(`the long text: ${JSON.stringify(layerOf(longest))}`);

      // 4. Bigger with the keys at its largest: still inside.
      for (let i = 0; i < 10; i++) await page.keyboard.press('+');
      // It already spans the area: it can grow no more, and does not shrink either.
      const bigger = await draft((s) =>
        assert.ok(Math.abs(layerOf(s).size / layerOf(longest).size - 1) < 0.01, `${layerOf(s).size}`),
      );
      assert.deepEqual(outside(bigger), []);
      assert.deepEqual(errors, []);
    } finally {
      await customer.context.close();
    }
  });
});
