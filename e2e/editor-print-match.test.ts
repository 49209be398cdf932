// The design PNG the browser uploads on '¡OK, pedir!' matches the server's print renderer ('preview'
// style: the same picture made from the ORIGINAL photos at 300 DPI), so what the customer approved
// is what gets printed. One-photo placements (a transform, printed as the scene it stands for) and
// scenes (layouts, filters, texts in every font, stickers, turns and mirrors) are each opened in the
// editor, ordered, and the upload intercepted; the server's render is scaled down to the browser's
// size and compared.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { coverScale, type DesignTransform } from '@shop/case-geometry/transform';
import { layerBounds, type SceneContext } from '@shop/case-render/scene';
import type { Model } from '@shop/contracts/catalogue';
import type { Order } from '@shop/contracts/orders';
import { type Scene, sceneFromTransform } from '@shop/contracts/scene';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { registerSceneFonts } from '../apps/server/src/lib/scene-text.ts';
import { renderScenePrintFile } from '../apps/server/src/modules/print/scene-render.ts';
import {
  assertSameTransform,
  captureDesignUpload,
  editorCanvas,
  editorModel,
  expectTransform,
  fourColourPhoto,
  openEditor,
  orderWithPhoto,
  visitorApi,
} from './editor-support.ts';
import { printMatchScenes, SCENE_PHOTO_SIZES, scenePhotos } from './scene-support.ts';
import { getJsonAs, rememberCookieConsent } from './storefront-support.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const PHOTO = { width: 1600, height: 1200 };
/** Mean absolute difference allowed, as a fraction of the full 0-255 range. */
const MAX_MEAN_DIFFERENCE = 0.02;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let model: Model;
let box: { width: number; height: number };
let photo: Buffer;
let template: Buffer;
let order: { id: string; image: string };

before(async () => {
  server = await startServer({ env: process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {} });
  browser = await launchBrowser();
  ({ model, box } = await editorModel(server.url));
  template = Buffer.from(await (await fetch(`${server.url}${model.template}`)).arrayBuffer());
  photo = await fourColourPhoto(PHOTO.width, PHOTO.height);
  ({ page, context, errors } = await newPage(browser, 'desktop'));
  await rememberCookieConsent(context);
  const made = await orderWithPhoto(context, server.url, model.id, photo);
  order = { id: made.order.id, image: made.image };
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

interface Placement {
  zoom: number;
  quarterTurns: number;
  flipX: boolean;
  centerX: number;
  centerY: number;
}

/** The transform of a placement: `zoom` times 'fit to template' for its quarter turns. */
const transformOf = ({ zoom, ...rest }: Placement): DesignTransform => ({
  ...rest,
  scale: zoom * coverScale(PHOTO, box, rest.quarterTurns),
});

const cases: [string, Placement][] = [
  ['fit to template', { zoom: 1, quarterTurns: 0, flipX: false, centerX: 0.5, centerY: 0.5 }],
  [
    'a quarter turn, zoomed in and moved',
    { zoom: 1.3, quarterTurns: 1, flipX: false, centerX: 0.42, centerY: 0.6 },
  ],
  ['half a turn, mirrored', { zoom: 1, quarterTurns: 2, flipX: true, centerX: 0.5, centerY: 0.5 }],
  [
    'three quarter turns, mirrored, zoomed and moved',
    { zoom: 2.2, quarterTurns: 3, flipX: true, centerX: 0.65, centerY: 0.35 },
  ],
  // The photo always covers the case (an uncovered placement cannot be ordered): near the edges.
  [
    'zoomed in and moved towards a corner',
    { zoom: 1.6, quarterTurns: 0, flipX: false, centerX: 0.3, centerY: 0.75 },
  ],
  [
    'turned and mirrored near a corner',
    { zoom: 1.4, quarterTurns: 1, flipX: true, centerX: 0.75, centerY: 0.35 },
  ],
  ['zoomed in far', { zoom: 4, quarterTurns: 0, flipX: false, centerX: 0.45, centerY: 0.55 }],
];

/** The design PNG the browser sends when the customer orders with `transform`. */
async function browserDesign(transform: DesignTransform): Promise<Buffer> {
  await openEditor(page, server.url, order, transform);
  await editorCanvas(page).waitFor();
  await expectTransform(page, transform, 'restored into the editor');
  const upload = await captureDesignUpload(page);
  await page.getByRole('button', { name: '¡OK, pedir!' }).click();
  const file = await upload.file;
  assert.equal(file.name, 'design.png');
  await page.waitForURL(`${server.url}/pedido/pagar-tienda`);
  const saved = await getJsonAs<Order>(page, `${server.url}/api/orders/${order.id}`);
  assertSameTransform(saved.designTransform!, transform, 'the order keeps the transform');
  return Buffer.from(await file.arrayBuffer());
}

/** The server's 'preview' render of the original photo, as RGB at the given size. */
async function serverRender(transform: DesignTransform, size: { width: number; height: number }) {
  const { png } = await renderScenePrintFile({
    scene: sceneFromTransform(model.id, order.image, transform),
    photos: [photo],
    template,
    outline: model.outline!,
    style: 'preview',
  });
  return sharp(png).resize(size.width, size.height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}

/** Mean absolute difference of two RGB rasters of the same size, as a fraction of 255. */
function meanDifference(a: Buffer, b: Buffer): number {
  assert.equal(a.length, b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length / 255;
}

describe('the browser design PNG matches the server print render', () => {
  const rendered = new Map<string, { rgb: Buffer; width: number; height: number }>();

  for (const [name, placement] of cases) {
    test(name, async (t) => {
      const transform = transformOf(placement);
      const png = await browserDesign(transform);
      const { data, info } = await sharp(png)
        .flatten({ background: '#ffffff' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      assert.equal(info.channels, 3);
      // The design is the template's crop box at its own pixel size.
      assert.deepEqual({ width: info.width, height: info.height }, box);
      rendered.set(name, { rgb: data, width: info.width, height: info.height });
      const difference = meanDifference(data, await serverRender(transform, info));
      t.diagnostic(`mean absolute difference ${(difference * 100).toFixed(2)} %`);
      assert.ok(
        difference < MAX_MEAN_DIFFERENCE,
        `mean difference ${(difference * 100).toFixed(2)} % is over ${MAX_MEAN_DIFFERENCE * 100} %`,
      );
    });
  }

  test('the comparison notices a wrong placement', async (t) => {
    const [name, placement] = cases[1]!;
    const transform = transformOf(placement);
    const browserPng = rendered.get(name);
    assert.ok(browserPng, 'runs after the cases above');
    const wrong = [
      { ...transform, flipX: !transform.flipX },
      { ...transform, centerX: transform.centerX + 0.05 },
      { ...transform, quarterTurns: (transform.quarterTurns + 2) % 4 },
    ];
    for (const other of wrong) {
      const difference = meanDifference(browserPng.rgb, await serverRender(other, browserPng));
      t.diagnostic(`${JSON.stringify(other)}: ${(difference * 100).toFixed(2)} %`);
      assert.ok(difference > MAX_MEAN_DIFFERENCE, `${JSON.stringify(other)} differs by only ${difference}`);
    }
    assert.deepEqual(errors, []);
  });
});

/** A pixel differs when a channel is off by more than this (anti-aliasing, resampling, rounding). */
const PIXEL_TOLERANCE = 40;
/** At most this fraction of the pixels may differ. */
const MAX_DIFFERENT_PIXELS = 0.02;

/** The fraction of pixels of two RGB rasters of the same size with a channel off by more than the tolerance. */
function differentPixels(a: Buffer, b: Buffer, width?: number, region?: Region): number {
  assert.equal(a.length, b.length);
  const w = width ?? a.length / 3;
  const h = a.length / 3 / w;
  const r = region ?? { x: 0, y: 0, width: w, height: h };
  let different = 0;
  let count = 0;
  for (let y = Math.max(0, Math.floor(r.y)); y < Math.min(h, r.y + r.height); y++) {
    for (let x = Math.max(0, Math.floor(r.x)); x < Math.min(w, r.x + r.width); x++) {
      const i = (y * w + x) * 3;
      count++;
      if (
        Math.abs(a[i]! - b[i]!) > PIXEL_TOLERANCE ||
        Math.abs(a[i + 1]! - b[i + 1]!) > PIXEL_TOLERANCE ||
        Math.abs(a[i + 2]! - b[i + 2]!) > PIXEL_TOLERANCE
      ) {
        different++;
      }
    }
  }
  return different / count;
}

interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

describe('scenes: the browser design PNG matches the server print render', () => {
  let sceneOrder: { id: string; image: string };
  let photoBytes: Buffer[];
  let photos: { uri: string; size: { width: number; height: number } }[];
  const rendered = new Map<string, { rgb: Buffer; width: number; height: number; scene: Scene }>();

  before(async () => {
    photoBytes = await scenePhotos();
    const made = await orderWithPhoto(context, server.url, model.id, photoBytes[0]!);
    sceneOrder = { id: made.order.id, image: made.image };
    const visitor = await visitorApi(context, server.url);
    photos = [{ uri: made.image, size: SCENE_PHOTO_SIZES[0]! }];
    for (const [i, bytes] of photoBytes.entries()) {
      if (i === 0) continue;
      const uri = await visitor.uploadPhoto(bytes);
      await visitor.addPhoto(sceneOrder.id, uri);
      photos.push({ uri, size: SCENE_PHOTO_SIZES[i]! });
    }
  });

  /** The server's 'preview' render of the scene from the original photos, as RGB at the given size. */
  async function serverSceneRender(scene: Scene, size: { width: number; height: number }) {
    const bySlot = scene.slots.map((slot) => photoBytes[photos.findIndex((p) => p.uri === slot.photo)]!);
    const { png } = await renderScenePrintFile({
      scene,
      photos: bySlot,
      template,
      outline: model.outline!,
      style: 'preview',
    });
    return sharp(png).resize(size.width, size.height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  }

  test('every scene prints as the editor drew it', async (t) => {
    const visitor = await visitorApi(context, server.url);
    for (const [name, scene] of printMatchScenes(model.id, box, photos)) {
      await t.test(name, async (st) => {
        await visitor.saveDraft(sceneOrder.id, scene);
        await openEditor(page, server.url, sceneOrder);
        await editorCanvas(page).waitFor();
        const upload = await captureDesignUpload(page);
        await page.getByRole('button', { name: '¡OK, pedir!' }).click();
        const file = await upload.file;
        assert.equal(file.name, 'design.png');
        await page.waitForURL(`${server.url}/pedido/pagar-tienda`);
        const saved = await getJsonAs<Order>(page, `${server.url}/api/orders/${sceneOrder.id}`);
        assert.deepEqual(saved.designScene, scene, 'the order keeps the scene the editor drew');
        const { data, info } = await sharp(Buffer.from(await file.arrayBuffer()))
          .flatten({ background: '#ffffff' })
          .raw()
          .toBuffer({ resolveWithObject: true });
        assert.deepEqual({ width: info.width, height: info.height }, box);
        rendered.set(name, { rgb: data, width: info.width, height: info.height, scene });
        const different = differentPixels(data, await serverSceneRender(scene, info));
        st.diagnostic(`${(different * 100).toFixed(2)} % of pixels differ`);
        assert.ok(
          different <= MAX_DIFFERENT_PIXELS,
          `${(different * 100).toFixed(2)} % of pixels differ, over ${MAX_DIFFERENT_PIXELS * 100} %`,
        );
      });
    }
  });

  test('the comparison notices a wrong filter, a moved text and a missing sticker', async (t) => {
    // The 2x2 scene: photos in every cell, two texts, two big stickers.
    const first = [...rendered.values()].find((r) => r.scene.layout === 'grid');
    assert.ok(first, 'runs after the scenes above');
    const { scene } = first;
    const wrong: [string, Scene][] = [
      ['another filter', { ...scene, slots: scene.slots.map((s) => ({ ...s, filter: 'bw' as const })) }],
      ['no sticker', { ...scene, layers: scene.layers.filter((l) => l.kind !== 'sticker') }],
    ];
    for (const [what, other] of wrong) {
      const different = differentPixels(first.rgb, await serverSceneRender(other, first));
      t.diagnostic(`${what}: ${(different * 100).toFixed(2)} %`);
      assert.ok(
        different > MAX_DIFFERENT_PIXELS,
        `${what} differs in only ${(different * 100).toFixed(2)} %`,
      );
    }
    // A text is a small part of the case: a moved one is looked for where it should be.
    const text = scene.layers.find((l) => l.kind === 'text');
    assert.ok(text);
    const W = first.width;
    registerSceneFonts();
    const ctx = createCanvas(1, 1).getContext('2d') as unknown as SceneContext;
    const b = layerBounds(ctx, text, { x: 0, y: 0, width: W, height: first.height });
    const around = { x: b.cx - b.width / 2, y: b.cy - b.height / 2, width: b.width, height: b.height };
    const moved = {
      ...scene,
      layers: scene.layers.map((l) => (l.id === text.id ? { ...l, y: l.y - 0.2 } : l)),
    };
    const right = differentPixels(first.rgb, await serverSceneRender(scene, first), W, around);
    const wrongText = differentPixels(first.rgb, await serverSceneRender(moved, first), W, around);
    t.diagnostic(
      `around the text: ${(right * 100).toFixed(2)} % as drawn, ${(wrongText * 100).toFixed(2)} % moved`,
    );
    assert.ok(right <= MAX_DIFFERENT_PIXELS * 2, 'the text is where the editor drew it');
    assert.ok(wrongText > Math.max(0.06, right * 4), 'a moved text is noticed where it should be');
    assert.deepEqual(errors, []);
  });

  test('a text of emoji is drawn on the screen in colour, as it prints', async (t) => {
    const drawn = [...rendered.values()].find((r) => r.scene.layers.some((l) => l.id === 'emoji'));
    assert.ok(drawn, 'runs after the scenes above');
    const { scene, rgb, width: W, height: H } = drawn;
    const emoji = scene.layers.find((l) => l.id === 'emoji')!;
    registerSceneFonts();
    const ctx = createCanvas(1, 1).getContext('2d') as unknown as SceneContext;
    const b = layerBounds(ctx, emoji, { x: 0, y: 0, width: W, height: H });
    const around = { x: b.cx - b.width / 2, y: b.cy - b.height / 2, width: b.width, height: b.height };
    // The editor's picture beside the print with the emoji and without them, where they are.
    const without = { ...scene, layers: scene.layers.filter((l) => l.id !== 'emoji') };
    const withoutRgb = await serverSceneRender(without, drawn);
    const asPrinted = differentPixels(rgb, await serverSceneRender(scene, drawn), W, around);
    const ifMissing = differentPixels(rgb, withoutRgb, W, around);
    // The cake's pink and the heart's red are the emoji's own colours, not the text's (#111111):
    // the editor's picture has many more of them there than the photo alone.
    const reddish = (raster: Buffer): number => {
      let n = 0;
      for (let y = Math.max(0, Math.floor(around.y)); y < Math.min(H, around.y + around.height); y++) {
        for (let x = Math.max(0, Math.floor(around.x)); x < Math.min(W, around.x + around.width); x++) {
          const i = (y * W + x) * 3;
          if (raster[i]! > 180 && raster[i]! - raster[i + 1]! > 60 && raster[i]! - raster[i + 2]! > 60) n++;
        }
      }
      return n;
    };
    const coloured = reddish(rgb) - reddish(withoutRgb);
    t.diagnostic(
      `around the emoji: ${(asPrinted * 100).toFixed(2)} % differ from the print, ${(ifMissing * 100).toFixed(2)} % from a print without them; ${coloured} more red or pink pixels than the photo alone`,
    );
    assert.ok(coloured > 200, 'the emoji have their colours on the screen');
    assert.ok(asPrinted <= MAX_DIFFERENT_PIXELS * 2, 'the emoji print as the editor drew them');
    assert.ok(ifMissing > Math.max(0.1, asPrinted * 4), 'a print without the emoji would be noticed');
  });
});
