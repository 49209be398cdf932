import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import type { PhoneOutline } from '@shop/case-geometry/outline';
import { brandMarkSvg } from './brand-mark.ts';
import type { Context2D } from './context.ts';
import { SAMPLE_DESIGNS, sampleDesign } from './designs.ts';
import { cameraLayout, drawMockupPicture, MOCKUP_MARGIN_MM, mockupSize } from './mockup.ts';

// iPhone 15 as recorded in phone-models.json.
const iphone15: PhoneOutline = {
  widthMm: 71.6,
  heightMm: 147.6,
  cornerRadiusMm: 12.5,
  camera: { xMm: 1.1, yMm: 1.2, widthMm: 34.2, heightMm: 34.2, cornerRadiusMm: 10.4 },
};

const K = 4;

/** The mock-up drawn on Skia, with a pixel reader in millimetres of the phone. */
function draw(options: Parameters<typeof drawMockupPicture>[3] = {}) {
  const { width, height } = mockupSize(iphone15, K);
  const canvas = createCanvas(width, height);
  drawMockupPicture(canvas.getContext('2d') as unknown as Context2D, iphone15, K, options);
  const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const at = (xMm: number, yMm: number) => {
    const x = Math.round((MOCKUP_MARGIN_MM.left + xMm) * K);
    const y = Math.round((MOCKUP_MARGIN_MM.top + yMm) * K);
    const i = (y * width + x) * 4;
    return { r: data[i]!, g: data[i + 1]!, b: data[i + 2]!, a: data[i + 3]! };
  };
  return { width, height, at };
}

describe('case mock-up', () => {
  it('is sized for the phone plus room for its shadow', () => {
    const { width, height } = mockupSize(iphone15, K);
    assert.equal(width, Math.round((71.6 + MOCKUP_MARGIN_MM.left + MOCKUP_MARGIN_MM.right) * K));
    assert.equal(height, Math.round((147.6 + MOCKUP_MARGIN_MM.top + MOCKUP_MARGIN_MM.bottom) * K));
  });

  it('paints the design on the back, leaves the camera open and the corners outside clear', () => {
    const red = (ctx: Context2D, area: { x: number; y: number; width: number; height: number }) => {
      ctx.fillStyle = '#ff0000';
      ctx.fillRect(area.x, area.y, area.width, area.height);
    };
    const { at } = draw({ design: red });
    const back = at(50, 100);
    assert.ok(
      back.r > 200 && back.g < 60 && back.b < 60,
      `the back is the design's red: ${JSON.stringify(back)}`,
    );
    assert.equal(back.a, 255);
    // The centre of the camera island: the phone's dark glass, not the design.
    const camera = at(1.1 + 17.1, 1.2 + 17.1);
    assert.ok(
      camera.r < 120 && Math.abs(camera.r - camera.g) < 40,
      `camera shows the phone: ${JSON.stringify(camera)}`,
    );
    // Outside the rounded corner, above and left of the case: nothing drawn.
    assert.equal(at(-5, -4).a, 0);
  });

  it('casts a shadow below the case and none above it', () => {
    const { at } = draw();
    assert.ok(at(35, 147.6 + 4).a > 20, 'shadow under the bottom edge');
    assert.ok(at(35, -4).a < 10, 'hardly any above the top edge');
  });

  it('draws a plain white case without a design', () => {
    const { at } = draw();
    const back = at(50, 100);
    assert.ok(back.r > 200 && back.g > 200 && back.b > 200, JSON.stringify(back));
  });

  it('places lenses by the island shape: a triangle with flash, or a row', () => {
    const square = cameraLayout({ x: 0, y: 0, width: 34, height: 34 });
    assert.equal(square.lenses.length, 3);
    assert.ok(square.flash);
    const column = cameraLayout({ x: 0, y: 0, width: 30, height: 50 });
    assert.equal(column.lenses.length, 3);
    assert.equal(column.flash, null);
    assert.ok(
      column.lenses.every((l) => l.cx === 15),
      'one above the other',
    );
    const bar = cameraLayout({ x: 0, y: 0, width: 68, height: 23 });
    assert.ok(
      bar.lenses.every((l) => l.cy === 11.5),
      'side by side',
    );
  });

  it("draws the model's own lenses: two on a dual-camera iPhone's square island, one on a bar", () => {
    const island = { x: 0, y: 0, width: 34, height: 34 };
    const dual = cameraLayout(island, 2);
    assert.equal(dual.lenses.length, 2, 'not a Pro look-alike');
    assert.ok(dual.flash);
    const [a, b] = dual.lenses;
    assert.ok(a && b && a.cx < b.cx && a.cy < b.cy, 'diagonal');
    assert.equal(cameraLayout(island, 3).lenses.length, 3);
    const four = cameraLayout(island, 4);
    assert.equal(four.lenses.length, 4);
    assert.equal(four.flash, null, 'no room left for a flash');
    const air = cameraLayout({ x: 0, y: 0, width: 68, height: 23 }, 1);
    assert.equal(air.lenses.length, 1);
    assert.ok(air.lenses[0]!.cx < 34, 'at the start of the bar');
    assert.equal(cameraLayout({ x: 0, y: 0, width: 30, height: 56 }, 4).lenses.length, 4);
  });
});

describe('sample designs', () => {
  it('each covers the whole back, the same way on every run', () => {
    for (const design of SAMPLE_DESIGNS) {
      const paint = () => {
        const canvas = createCanvas(60, 120);
        design.paint(canvas.getContext('2d') as unknown as Context2D, { x: 0, y: 0, width: 60, height: 120 });
        return canvas.getContext('2d').getImageData(0, 0, 60, 120).data;
      };
      const first = paint();
      for (let i = 3; i < first.length; i += 4) assert.equal(first[i], 255, `${design.id} leaves a gap`);
      assert.deepEqual(paint(), first, `${design.id} is deterministic`);
    }
  });

  it('cycle by index, negative ones too', () => {
    assert.equal(sampleDesign(0), SAMPLE_DESIGNS[0]);
    assert.equal(sampleDesign(SAMPLE_DESIGNS.length + 1), SAMPLE_DESIGNS[1]);
    assert.equal(sampleDesign(-1), SAMPLE_DESIGNS.at(-1));
  });
});

describe('brand mark', () => {
  it("keeps simple-icons' notes and the brand's colour", () => {
    const svg = brandMarkSvg({
      title: 'A & B',
      hex: '112233',
      path: 'M0 0h24v24H0z',
      source: 'https://example.com',
    });
    assert.match(svg, /fill="#112233"/);
    assert.match(svg, /<!-- A & B logo from Simple Icons \(simple-icons npm package, CC0 1\.0\)\./);
    assert.match(svg, /trademark of its owner/);
    assert.match(svg, /<title>A &amp; B<\/title>/);
  });
});
