import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { type Canvas, createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { isCovered } from '@shop/case-geometry/coverage';
import { coverTransform } from '@shop/case-geometry/transform';
import { fontInfo, layoutCells, SCENE_VERSION, type Scene } from '@shop/contracts/scene';
import {
  applyFilter,
  boundsContain,
  boundsOverlapRect,
  drawScene,
  layerBounds,
  type SceneContext,
  sceneCoverageSlots,
} from './scene.ts';

// The faces the shop ships, as the server registers them.
for (const id of ['montserrat', 'caveat'] as const) {
  const f = fontInfo(id);
  const file = createRequire(import.meta.url).resolve(
    `${f.package}/files/${f.stem}-latin-${f.weight}-normal.woff2`,
  );
  GlobalFonts.registerFromPath(file, f.family);
}

const BOX = { x: 0, y: 0, width: 200, height: 400 };

/** A photo of one colour, as a canvas drawImage takes. */
function solid(colour: string, width = 300, height = 200): Canvas {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, width, height);
  return canvas;
}

function render(scene: Scene, photos: (Canvas | null)[], stickers = new Map<string, unknown>()) {
  const canvas = createCanvas(BOX.width, BOX.height);
  const ctx = canvas.getContext('2d') as unknown as SceneContext;
  drawScene(
    ctx,
    scene,
    { photos: photos.map((p) => p && { image: p, size: { width: p.width, height: p.height } }), stickers },
    BOX,
  );
  const data = canvas.getContext('2d').getImageData(0, 0, BOX.width, BOX.height).data;
  return {
    ctx,
    at(x: number, y: number) {
      const i = (Math.round(y) * BOX.width + Math.round(x)) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

function gridScene(): Scene {
  const cells = layoutCells('grid', BOX);
  return {
    version: SCENE_VERSION,
    model: 1,
    layout: 'grid',
    background: '#0000ff',
    slots: cells.map((cell) => ({
      photo: '/api/images/abcdefgh',
      transform: coverTransform({ width: 300, height: 200 }, cell),
      filter: 'none' as const,
    })),
    layers: [],
  };
}

describe('layouts', () => {
  it('lays every layout out inside the box, with a gap between cells and none at the edge', () => {
    for (const layout of ['one', 'two-side', 'two-stacked', 'three', 'grid'] as const) {
      const cells = layoutCells(layout, BOX);
      for (const c of cells) {
        assert.ok(
          c.x >= 0 && c.y >= 0 && c.x + c.width <= BOX.width + 1e-9 && c.y + c.height <= BOX.height + 1e-9,
        );
      }
      const right = Math.max(...cells.map((c) => c.x + c.width));
      const bottom = Math.max(...cells.map((c) => c.y + c.height));
      assert.ok(Math.abs(right - BOX.width) < 1e-9 && Math.abs(bottom - BOX.height) < 1e-9, layout);
    }
  });

  it('gives the case body as the coverage slot of one photo, and whole cells otherwise', () => {
    const [one] = sceneCoverageSlots('one', BOX, 20);
    assert.equal(one?.outline?.kind, 'rounded-rect');
    const grid = sceneCoverageSlots('grid', BOX, 20);
    assert.equal(grid.length, 4);
    const photo = { width: 300, height: 200 };
    for (const [i, slot] of grid.entries()) {
      assert.ok(isCovered(slot, photo, coverTransform(photo, layoutCells('grid', BOX)[i]!)));
      assert.ok(!isCovered(slot, photo, { ...coverTransform(photo, slot), centerY: 0.45 }));
    }
  });
});

describe('drawScene', () => {
  it('puts each photo in its own cell and the background in the gaps', () => {
    const { at } = render(gridScene(), [
      solid('#ff0000'),
      solid('#00ff00'),
      solid('#ffff00'),
      solid('#ff00ff'),
    ]);
    assert.deepEqual(at(50, 100), [255, 0, 0]);
    assert.deepEqual(at(150, 100), [0, 255, 0]);
    assert.deepEqual(at(50, 300), [255, 255, 0]);
    assert.deepEqual(at(150, 300), [255, 0, 255]);
    assert.deepEqual(at(100, 100), [0, 0, 255], 'the vertical gap shows the background');
    assert.deepEqual(at(50, 200), [0, 0, 255], 'the horizontal gap shows the background');
  });

  it('draws an empty slot grey, never the background', () => {
    const scene = gridScene();
    scene.slots[1] = { photo: null, transform: null, filter: 'none' };
    const { at } = render(scene, [solid('#ff0000'), null, solid('#ffff00'), solid('#ff00ff')]);
    assert.deepEqual(at(150, 100), [0xe4, 0xe4, 0xea]);
  });

  it('draws text and stickers over the photos, in order, turned', () => {
    const scene = gridScene();
    scene.layers = [
      { kind: 'sticker', id: 's1', sticker: 'corazon', size: 0.3, rotation: 45, x: 0.25, y: 0.25 },
      {
        kind: 'text',
        id: 't1',
        text: 'HOLA',
        font: 'montserrat',
        size: 0.2,
        colour: '#000000',
        align: 'center',
        rotation: 0,
        x: 0.25,
        y: 0.75,
      },
    ];
    const photos = [solid('#ff0000'), solid('#00ff00'), solid('#ffff00'), solid('#ff00ff')];
    const { at, ctx } = render(scene, photos, new Map([['corazon', solid('#00ffff', 72, 72)]]));
    assert.deepEqual(at(50, 100), [0, 255, 255], 'the sticker covers its centre');
    // Turned 45 degrees, the square's corners are cut: the cell's photo shows there.
    assert.deepEqual(at(50 - 29, 100 - 29), [255, 0, 0]);
    const text = layerBounds(ctx, scene.layers[1]!, BOX);
    assert.ok(text.width > 20, `text is measured (${text.width})`);
    let dark = 0;
    for (let x = text.cx - text.width / 2; x < text.cx + text.width / 2; x++) {
      const [r, g, b] = at(x, text.cy);
      if (r! + g! + b! < 200) dark++;
    }
    assert.ok(dark > 5, 'the text is drawn in black over the yellow photo');
  });

  it('lays the overlay over everything', () => {
    const canvas = createCanvas(BOX.width, BOX.height);
    drawScene(
      canvas.getContext('2d') as unknown as SceneContext,
      gridScene(),
      {
        photos: [solid('#ff0000'), null, null, null].map(
          (p) => p && { image: p, size: { width: 300, height: 200 } },
        ),
        stickers: new Map(),
        overlay: solid('#ffffff', 10, 10),
      },
      BOX,
    );
    const [r, g, b] = canvas.getContext('2d').getImageData(50, 100, 1, 1).data;
    assert.deepEqual([r, g, b], [255, 255, 255]);
  });
});

describe('layer bounds', () => {
  it('hit-tests turned stickers and finds overlaps with a rectangle', () => {
    const ctx = createCanvas(10, 10).getContext('2d') as unknown as SceneContext;
    const bounds = layerBounds(
      ctx,
      { kind: 'sticker', id: 's', sticker: 'sol', size: 0.2, rotation: 45, x: 0.5, y: 0.5 },
      BOX,
    );
    assert.ok(boundsContain(bounds, 100, 200));
    assert.ok(boundsContain(bounds, 100, 200 - 27), 'a turned square reaches further along its diagonal');
    assert.ok(!boundsContain(bounds, 100 - 19, 200 - 19), 'and not as far at its cut corner');
    assert.ok(boundsOverlapRect(bounds, { x: 95, y: 170, width: 10, height: 10 }));
    assert.ok(
      !boundsOverlapRect(bounds, { x: 70, y: 170, width: 10, height: 10 }),
      'beside the turned corner',
    );
    assert.ok(!boundsOverlapRect(bounds, { x: 0, y: 0, width: 40, height: 40 }));
  });

  it('puts a left-aligned text to the right of its anchor', () => {
    const ctx = createCanvas(10, 10).getContext('2d') as unknown as SceneContext;
    const layer = {
      kind: 'text' as const,
      id: 't',
      text: 'Ana',
      font: 'caveat' as const,
      size: 0.1,
      colour: '#000000',
      align: 'left' as const,
      rotation: 0,
      x: 0.2,
      y: 0.5,
    };
    const b = layerBounds(ctx, layer, BOX);
    assert.ok(b.cx > 40);
    assert.equal(layerBounds(ctx, { ...layer, align: 'right' }, BOX).cx < 40, true);
  });
});

describe('filters', () => {
  it('leaves none alone, turns bw grey, keeps alpha, and clamps', () => {
    const pixels = new Uint8ClampedArray([200, 100, 50, 128, 255, 255, 255, 255]);
    applyFilter(pixels, 4, 'none');
    assert.deepEqual([...pixels], [200, 100, 50, 128, 255, 255, 255, 255]);
    applyFilter(pixels, 4, 'bw');
    assert.equal(pixels[0], pixels[1]);
    assert.equal(pixels[1], pixels[2]);
    assert.equal(pixels[3], 128);
    const white = new Uint8Array([255, 255, 255]);
    applyFilter(white, 3, 'vivid');
    assert.deepEqual([...white], [255, 255, 255]);
  });

  it('gives every filter its own colours', () => {
    const seen = new Set<string>();
    for (const f of ['none', 'bw', 'sepia', 'vivid', 'warm', 'cool'] as const) {
      const p = new Uint8Array([180, 120, 90]);
      applyFilter(p, 3, f);
      seen.add(p.join(','));
    }
    assert.equal(seen.size, 6);
  });
});
