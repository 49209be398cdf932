// Texts kept inside the printable area, measured with the shop's real faces on Skia (as the server
// measures them): random edits never leave a text outside, a text too long for the case shrinks, and
// the server's check tells a text past the edge from one inside.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import type { PhoneOutline } from '@shop/case-geometry/outline';
import { printableArea } from '@shop/case-geometry/printable-area';
import {
  FONT_IDS,
  fontInfo,
  SCENE_VERSION,
  type Scene,
  TEXT_SIZE,
  type TextLayer,
} from '@shop/contracts/scene';
import { seededRandom } from './context.ts';
import { boundsOverlapRect, layerBounds, type SceneContext } from './scene.ts';
import { boundingBox, boundsInside, fitTextInside, textFrame, textsOutside } from './text-fit.ts';

for (const id of FONT_IDS) {
  const f = fontInfo(id);
  const files = createRequire(import.meta.url);
  for (const subset of ['latin', 'latin-ext']) {
    GlobalFonts.registerFromPath(
      files.resolve(`${f.package}/files/${f.stem}-${subset}-${f.weight}-normal.woff2`),
      f.family,
    );
  }
}

const ctx = createCanvas(1, 1).getContext('2d') as unknown as SceneContext;

/** The demo iPhone 15. */
const OUTLINE: PhoneOutline = {
  widthMm: 71.6,
  heightMm: 147.6,
  cornerRadiusMm: 11.3,
  camera: { xMm: 4, yMm: 4, widthMm: 33, heightMm: 33, cornerRadiusMm: 7 },
};
const frame = textFrame(OUTLINE, { width: 573, height: 1181 });

const text = (over: Partial<TextLayer> = {}): TextLayer => ({
  kind: 'text',
  id: 't1',
  text: 'Hola',
  font: 'montserrat',
  size: TEXT_SIZE.initial,
  colour: '#111111',
  align: 'center',
  rotation: 0,
  x: 0.5,
  y: 0.5,
  ...over,
});

/** The camera opening with its margin, a hair smaller: touching its edge is not reaching into it. */
const hole = (() => {
  const k = frame.keepOut!;
  return { x: k.x + 1e-6, y: k.y + 1e-6, width: k.width - 2e-6, height: k.height - 2e-6 };
})();

/** Inside the printable area: inside its rectangle, and not into the camera opening. */
const inside = (layer: TextLayer) => {
  const bounds = layerBounds(ctx, layer, frame.box);
  return boundsInside(bounds, frame.area, 1e-6) && !boundsOverlapRect(bounds, hole);
};

describe('the text frame', () => {
  it('is the print file at 300 DPI with the outline, the template box without one', () => {
    assert.deepEqual(
      { width: frame.box.width, height: frame.box.height },
      { width: Math.round((71.6 / 25.4) * 300), height: Math.round((147.6 / 25.4) * 300) },
    );
    const guessed = textFrame(null, { width: 600, height: 1200 });
    assert.deepEqual(guessed.box, { x: 0, y: 0, width: 600, height: 1200 });
    assert.ok(guessed.area.x > 0 && guessed.area.x + guessed.area.width < 600);
  });
});

describe('fitTextInside', () => {
  it('leaves a text inside the area as it is', () => {
    const layer = text();
    assert.equal(fitTextInside(ctx, layer, frame), layer);
  });

  it('brings a text past any edge back inside by moving it, not shrinking it', () => {
    for (const [x, y] of [
      [0, 0.5],
      [1, 0.5],
      [0.5, 0],
      [0.5, 1],
      [0, 0],
      [1, 1],
    ] as const) {
      for (const align of ['left', 'center', 'right'] as const) {
        const layer = text({ x, y, align, rotation: 30 });
        const fitted = fitTextInside(ctx, layer, frame);
        assert.ok(fitted, `${x},${y} ${align}`);
        assert.equal(fitted.size, layer.size, 'the size stays when the text fits somewhere');
        assert.ok(inside(fitted), `${x},${y} ${align}: ${JSON.stringify(fitted)}`);
      }
    }
  });

  it('moves it by the least distance: to the edge of the area, no further', () => {
    const fitted = fitTextInside(ctx, text({ x: 1 }), frame);
    assert.ok(fitted);
    const around = boundingBox(layerBounds(ctx, fitted, frame.box));
    assert.ok(Math.abs(around.x + around.width - (frame.area.x + frame.area.width)) < 1e-6);
    assert.equal(fitted.y, 0.5);
  });

  it('makes a text too long for the case smaller until it fits', () => {
    const long = text({ text: 'Feliz cumpleaños, abuela María', size: 0.2 });
    assert.ok(!inside(long));
    const fitted = fitTextInside(ctx, long, frame);
    assert.ok(fitted);
    assert.ok(fitted.size < 0.2 && fitted.size >= TEXT_SIZE.min, `${fitted.size}`);
    assert.ok(inside(fitted));
    const around = boundingBox(layerBounds(ctx, fitted, frame.box));
    assert.ok(around.width > frame.area.width * 0.98, 'no smaller than it has to be');
  });

  it('moves a text off the camera opening by the least distance, keeping its size', () => {
    // 'ARRIBA' at the top left, where the iPhone's camera is: it goes to just below the opening
    // and its margin (nearer than beside it), as it would be printed with half the word missing.
    const top = text({ text: 'ARRIBA', x: 0.15, y: 0.08, align: 'left' });
    assert.ok(boundsInside(layerBounds(ctx, top, frame.box), frame.area), 'inside the rectangle');
    assert.ok(!inside(top), 'but over the camera');
    const fitted = fitTextInside(ctx, top, frame);
    assert.ok(fitted);
    assert.ok(inside(fitted), JSON.stringify(fitted));
    assert.equal(fitted.size, top.size);
    assert.equal(fitted.x, top.x);
    const around = boundingBox(layerBounds(ctx, fitted, frame.box));
    const k = frame.keepOut!;
    assert.ok(Math.abs(around.y - (k.y + k.height)) < 1e-6, 'right below the opening, no further');
    // The opening's margin is 2 mm on every side.
    const mm = frame.box.height / OUTLINE.heightMm;
    assert.ok(Math.abs(k.y + k.height - (4 + 33 + 2) * mm) < 1e-6);
    // Beside the opening is nearer for a short text right of it: it moves right, not down.
    const beside = text({ text: 'Sol', x: 0.5, y: 0.1, align: 'left' });
    const moved = fitTextInside(ctx, beside, frame)!;
    assert.ok(inside(moved));
    assert.equal(moved.y, beside.y);
    assert.ok(moved.x > beside.x);
  });

  it('gives up on a text that cannot fit even at the smallest size', () => {
    assert.equal(fitTextInside(ctx, text({ text: 'W'.repeat(40), size: TEXT_SIZE.min }), frame), null);
  });

  it('keeps random texts inside through random moves, turns, sizes, fonts and words', () => {
    const random = seededRandom(Number(process.env.TEXT_FIT_SEED ?? 20_261_126));
    const words = ['Hola', 'Ana y Luis', '¡Olé, Marta!', 'Feliz cumpleaños 🎂', 'VERANO 2026', 'te quiero ❤️'];
    let layer = text();
    let refused = 0;
    for (let step = 0; step < 600; step++) {
      const pick = random();
      const next: TextLayer =
        pick < 0.4
          ? { ...layer, x: layer.x + (random() - 0.5) * 1.5, y: layer.y + (random() - 0.5) * 1.5 }
          : pick < 0.6
            ? { ...layer, rotation: Math.round((random() - 0.5) * 360) }
            : pick < 0.75
              ? { ...layer, size: TEXT_SIZE.min + random() * (TEXT_SIZE.max - TEXT_SIZE.min) }
              : pick < 0.88
                ? { ...layer, font: FONT_IDS[Math.floor(random() * FONT_IDS.length)]! }
                : { ...layer, text: words[Math.floor(random() * words.length)]! };
      // The editor keeps the anchor on the case before fitting (the schema's rule).
      next.x = Math.min(1, Math.max(0, next.x));
      next.y = Math.min(1, Math.max(0, next.y));
      const fitted = fitTextInside(ctx, next, frame);
      if (!fitted) {
        refused++;
        continue;
      }
      assert.ok(inside(fitted), `step ${step}: ${JSON.stringify(fitted)}`);
      assert.ok(fitted.size >= TEXT_SIZE.min && fitted.size <= next.size, `step ${step}: ${fitted.size}`);
      assert.ok(fitted.x >= 0 && fitted.x <= 1 && fitted.y >= 0 && fitted.y <= 1, `step ${step}`);
      layer = fitted;
    }
    assert.ok(refused < 60, `${refused} of 600 edits could not fit`);
  });
});

describe('textsOutside', () => {
  const scene = (layers: TextLayer[]): Scene => ({
    version: SCENE_VERSION,
    model: 1,
    layout: 'one',
    background: '#ffffff',
    slots: [{ photo: null, transform: null, filter: 'none' }],
    layers,
  });

  it('names the texts past the edge, and lets a sub-pixel overshoot through', () => {
    const over = text({ id: 'fuera', x: 0.97 });
    const fitted = fitTextInside(ctx, text({ id: 'dentro', x: 0.97 }), frame)!;
    assert.deepEqual(
      textsOutside(ctx, scene([over, fitted]), frame).map((l) => l.id),
      ['fuera'],
    );
    // Half the tolerance further out (what a browser may measure differently) still passes.
    const nudged = { ...fitted, x: fitted.x + frame.tolerance / 2 / frame.box.width };
    assert.deepEqual(textsOutside(ctx, scene([nudged]), frame), []);
    const beyond = { ...fitted, x: fitted.x + (frame.tolerance * 2) / frame.box.width };
    assert.equal(textsOutside(ctx, scene([beyond]), frame).length, 1);
  });

  it('names a text over the camera opening, inside the rectangle though it is', () => {
    const over = text({ id: 'camara', text: 'ARRIBA', x: 0.15, y: 0.08, align: 'left' });
    const fitted = { ...fitTextInside(ctx, over, frame)!, id: 'debajo' };
    assert.deepEqual(
      textsOutside(ctx, scene([over, fitted]), frame).map((l) => l.id),
      ['camara'],
    );
    // Without an outline nobody knows where the camera is: only the rectangle counts.
    assert.equal(textFrame(null, { width: 573, height: 1181 }).keepOut, null);
  });

  it('is the printable area of the case, not the case itself', () => {
    const area = printableArea({ widthMm: 71.6, heightMm: 147.6, cornerRadiusMm: 11.3 }, frame.box);
    assert.deepEqual(frame.area, area);
  });
});
