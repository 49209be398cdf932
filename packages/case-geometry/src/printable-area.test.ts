import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PhoneOutline } from './outline.ts';
import {
  type CaseShape,
  caseShape,
  NOMINAL_CASE,
  printableArea,
  printableInsetMm,
  SAFE_MARGIN_MM,
  textAreaTolerance,
} from './printable-area.ts';

/** An iPhone 15 as the demo catalogue has it. */
const IPHONE: CaseShape = { widthMm: 71.6, heightMm: 147.6, cornerRadiusMm: 11.3 };

/** How far inside the rounded outline a point is (negative: outside), in millimetres. */
function depthInside(shape: CaseShape, x: number, y: number): number {
  const r = shape.cornerRadiusMm;
  const cx = Math.min(Math.max(x, r), shape.widthMm - r);
  const cy = Math.min(Math.max(y, r), shape.heightMm - r);
  if (cx === x || cy === y) {
    return Math.min(x, y, shape.widthMm - x, shape.heightMm - y);
  }
  return r - Math.hypot(x - cx, y - cy);
}

describe('printable area', () => {
  it('keeps every point of it at least the safe margin inside the rounded outline', () => {
    for (const radius of [0, 1, 2, 5, 8, 11.3, 14]) {
      const shape = { ...IPHONE, cornerRadiusMm: radius };
      const area = printableArea(shape, { x: 0, y: 0, width: shape.widthMm, height: shape.heightMm });
      let shallowest = Number.POSITIVE_INFINITY;
      for (let i = 0; i <= 200; i++) {
        for (const [x, y] of [
          [area.x + (area.width * i) / 200, area.y],
          [area.x + (area.width * i) / 200, area.y + area.height],
          [area.x, area.y + (area.height * i) / 200],
          [area.x + area.width, area.y + (area.height * i) / 200],
        ] as const) {
          shallowest = Math.min(shallowest, depthInside(shape, x, y));
        }
      }
      assert.ok(
        shallowest >= SAFE_MARGIN_MM - 1e-9,
        `corner ${radius} mm: a point of the area is ${shallowest} mm inside`,
      );
      // And no more than it needs: the area's corner touches the margin when the corner is rounder.
      if (radius > SAFE_MARGIN_MM) assert.ok(shallowest < SAFE_MARGIN_MM + 1e-6, `corner ${radius} mm`);
    }
  });

  it('is the safe margin along the sides of a case with sharp corners, more with round ones', () => {
    assert.equal(printableInsetMm({ ...IPHONE, cornerRadiusMm: 0 }), SAFE_MARGIN_MM);
    const inset = printableInsetMm(IPHONE);
    assert.ok(inset > 4.5 && inset < 5, `${inset}`);
  });

  it('scales with the box it is asked in, on each axis', () => {
    const mm = printableArea(IPHONE, { x: 0, y: 0, width: IPHONE.widthMm, height: IPHONE.heightMm });
    const box = { x: 40, y: 12, width: 846, height: 1743 };
    const px = printableArea(IPHONE, box);
    assert.ok(Math.abs(px.x - (box.x + (mm.x * box.width) / IPHONE.widthMm)) < 1e-9);
    assert.ok(Math.abs(px.y - (box.y + (mm.y * box.height) / IPHONE.heightMm)) < 1e-9);
    assert.ok(Math.abs(px.x + px.width - (box.x + box.width - (mm.x * box.width) / IPHONE.widthMm)) < 1e-9);
    assert.ok(Math.abs(textAreaTolerance(IPHONE, box) - (0.25 * 846) / 71.6) < 1e-9);
  });

  it('takes the outline when there is one, and a usual phone of the box’s shape when not', () => {
    const outline: PhoneOutline = {
      ...IPHONE,
      camera: { xMm: 5, yMm: 5, widthMm: 30, heightMm: 30, cornerRadiusMm: 6 },
    };
    assert.deepEqual(caseShape(outline, { width: 1, height: 1 }), IPHONE);
    const guessed = caseShape(null, { width: 600, height: 1200 });
    assert.deepEqual(guessed, {
      widthMm: NOMINAL_CASE.widthMm,
      heightMm: NOMINAL_CASE.widthMm * 2,
      cornerRadiusMm: NOMINAL_CASE.cornerRadiusMm,
    });
  });
});
