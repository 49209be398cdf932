import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  applyMatrix,
  clampTransform,
  coverScale,
  coverTransform,
  type DesignTransform,
  displayedSize,
  invertMatrix,
  type Matrix,
  moveBy,
  multiplyMatrices,
  normaliseQuarterTurns,
  type Point,
  photoRectInOutput,
  photoToOutputMatrix,
  toBoxFraction,
  visiblePhotoRect,
} from './transform.ts';

const photo = { width: 400, height: 300 };
const output = { width: 200, height: 400 };
/** Centred, photo width = output width: the photo shows 200 x 150 (turned: 150 x 200) about (100, 200). */
const base: DesignTransform = { centerX: 0.5, centerY: 0.5, scale: 1, quarterTurns: 0, flipX: false };

const TL = { x: 0, y: 0 };
const TR = { x: 400, y: 0 };
const BL = { x: 0, y: 300 };
const BR = { x: 400, y: 300 };

function assertPoint(actual: Point, expected: Point, message?: string): void {
  assert.ok(
    Math.abs(actual.x - expected.x) < 1e-9 && Math.abs(actual.y - expected.y) < 1e-9,
    `${message ?? ''} got (${actual.x}, ${actual.y}), expected (${expected.x}, ${expected.y})`,
  );
}

describe('photoToOutputMatrix', () => {
  // Where each photo corner lands, per quarter turns and mirror: worked out by hand from the
  // convention (mirror in the photo's frame, then clockwise turns about the centre, y down).
  const cases: { q: number; flipX: boolean; corners: [Point, Point, Point, Point] }[] = [
    // upright: 200 x 150 at x 0..200, y 125..275
    {
      q: 0,
      flipX: false,
      corners: [
        { x: 0, y: 125 },
        { x: 200, y: 125 },
        { x: 0, y: 275 },
        { x: 200, y: 275 },
      ],
    },
    // clockwise quarter turn: 150 x 200 at x 25..175, y 100..300; top-left goes to the top-right
    {
      q: 1,
      flipX: false,
      corners: [
        { x: 175, y: 100 },
        { x: 175, y: 300 },
        { x: 25, y: 100 },
        { x: 25, y: 300 },
      ],
    },
    {
      q: 2,
      flipX: false,
      corners: [
        { x: 200, y: 275 },
        { x: 0, y: 275 },
        { x: 200, y: 125 },
        { x: 0, y: 125 },
      ],
    },
    // three quarter turns: top-left goes to the bottom-left
    {
      q: 3,
      flipX: false,
      corners: [
        { x: 25, y: 300 },
        { x: 25, y: 100 },
        { x: 175, y: 300 },
        { x: 175, y: 100 },
      ],
    },
    // mirrored: left and right corners swap before turning
    {
      q: 0,
      flipX: true,
      corners: [
        { x: 200, y: 125 },
        { x: 0, y: 125 },
        { x: 200, y: 275 },
        { x: 0, y: 275 },
      ],
    },
    {
      q: 1,
      flipX: true,
      corners: [
        { x: 175, y: 300 },
        { x: 175, y: 100 },
        { x: 25, y: 300 },
        { x: 25, y: 100 },
      ],
    },
    {
      q: 2,
      flipX: true,
      corners: [
        { x: 0, y: 275 },
        { x: 200, y: 275 },
        { x: 0, y: 125 },
        { x: 200, y: 125 },
      ],
    },
    {
      q: 3,
      flipX: true,
      corners: [
        { x: 25, y: 100 },
        { x: 25, y: 300 },
        { x: 175, y: 100 },
        { x: 175, y: 300 },
      ],
    },
  ];
  for (const { q, flipX, corners } of cases) {
    it(`maps the photo corners for ${q} quarter turns${flipX ? ', mirrored' : ''}`, () => {
      const m = photoToOutputMatrix({ ...base, quarterTurns: q, flipX }, photo, output);
      [TL, TR, BL, BR].forEach((corner, i) => {
        assertPoint(applyMatrix(m, corner), corners[i]!, `corner ${i}:`);
      });
      // The photo's centre always lands on (centerX * W, centerY * H).
      assertPoint(applyMatrix(m, { x: 200, y: 150 }), { x: 100, y: 200 });
    });
  }

  it('uses canvas setTransform order and has no negative zeros', () => {
    assert.deepEqual(photoToOutputMatrix(base, photo, output), [0.5, 0, 0, 0.5, 0, 125] satisfies Matrix);
    assert.deepEqual(
      photoToOutputMatrix({ ...base, quarterTurns: 1 }, photo, output),
      [0, 0.5, -0.5, 0, 175, 100],
    );
  });

  it('translates by centre fractions and scales by multiples of the output width', () => {
    const m = photoToOutputMatrix({ ...base, centerX: 0, centerY: 1, scale: 2 }, photo, output);
    // photo 400 px wide at scale 2 on a 200 px box: 400 output px, one per photo px, centred on (0, 400)
    assertPoint(applyMatrix(m, TL), { x: -200, y: 250 });
    assertPoint(applyMatrix(m, BR), { x: 200, y: 550 });
  });

  it('is resolution independent: twice the output size doubles every coordinate', () => {
    const t: DesignTransform = { centerX: 0.3, centerY: 0.7, scale: 1.7, quarterTurns: 3, flipX: true };
    const small = photoToOutputMatrix(t, photo, output);
    const large = photoToOutputMatrix(t, { width: 4000, height: 3000 }, { width: 400, height: 800 });
    for (const p of [TL, BR, { x: 123, y: 45 }]) {
      const a = applyMatrix(small, p);
      const b = applyMatrix(large, { x: p.x * 10, y: p.y * 10 });
      assertPoint(b, { x: a.x * 2, y: a.y * 2 });
    }
  });

  it('offsets by the origin of the box inside a larger canvas', () => {
    const m = photoToOutputMatrix(base, photo, output, { x: 16, y: 16 });
    assertPoint(applyMatrix(m, TL), { x: 16, y: 141 });
  });

  it('inverts', () => {
    const m = photoToOutputMatrix(
      { centerX: 0.2, centerY: 0.9, scale: 3, quarterTurns: 1, flipX: true },
      photo,
      output,
    );
    const id = multiplyMatrices(m, invertMatrix(m));
    [1, 0, 0, 1, 0, 0].forEach((v, i) => {
      assert.ok(Math.abs(id[i]! - v) < 1e-9);
    });
  });
});

describe('photo rectangles', () => {
  it('gives the photo bounds in the output and the visible part of the photo', () => {
    assert.deepEqual(photoRectInOutput(base, photo, output), { x: 0, y: 125, width: 200, height: 150 });
    assert.deepEqual(visiblePhotoRect(base, photo, output), { x: 0, y: 0, width: 400, height: 300 });
    // Twice as big and turned: 300 x 400 output px about (100, 200); x -50..250 shows 0..200 of it.
    const visible = visiblePhotoRect({ ...base, scale: 2, quarterTurns: 1 }, photo, output);
    assert.deepEqual(visible, { x: 0, y: 50, width: 400, height: 200 });
    assert.equal(visiblePhotoRect({ ...base, centerX: 5 }, photo, output), null);
  });

  it('measures the displayed size after the turns', () => {
    assert.deepEqual(displayedSize(base, photo, output), { width: 200, height: 150 });
    assert.deepEqual(displayedSize({ ...base, quarterTurns: 3 }, photo, output), { width: 150, height: 200 });
  });
});

describe('coverTransform', () => {
  for (const q of [0, 1, 2, 3]) {
    for (const p of [
      photo,
      { width: 300, height: 400 },
      { width: 100, height: 1000 },
      { width: 50, height: 100 },
    ]) {
      it(`covers the box exactly on one axis (photo ${p.width}x${p.height}, ${q} turns)`, () => {
        const t = coverTransform(p, output, q);
        assert.equal(t.centerX, 0.5);
        assert.equal(t.centerY, 0.5);
        const shown = displayedSize(t, p, output);
        assert.ok(shown.width >= output.width - 1e-9 && shown.height >= output.height - 1e-9);
        const exactWidth = Math.abs(shown.width - output.width) < 1e-9;
        const exactHeight = Math.abs(shown.height - output.height) < 1e-9;
        assert.ok(exactWidth || exactHeight, `${shown.width}x${shown.height} touches neither side`);
      });
    }
  }

  it('works from aspect ratios alone', () => {
    assert.equal(
      coverScale(photo, output),
      coverScale({ width: 4000, height: 3000 }, { width: 20, height: 40 }),
    );
    // 4:3 landscape on a 1:2 portrait box: height must cover, so width = 2 * 4/3 box widths.
    assert.ok(Math.abs(coverScale(photo, output) - 8 / 3) < 1e-12);
    // turned, the photo's width becomes the height: 4:3 must span 2 box widths tall.
    assert.equal(coverScale(photo, output, 1), 2);
  });

  it('keeps the mirror it is given and normalises the turns', () => {
    assert.deepEqual(coverTransform(photo, output, 5, true).quarterTurns, 1);
    assert.equal(coverTransform(photo, output, 0, true).flipX, true);
  });
});

describe('moveBy', () => {
  it('moves by pointer pixels converted to fractions of the output', () => {
    const t = moveBy(base, 20, -40, output);
    assert.ok(Math.abs(t.centerX - 0.6) < 1e-12);
    assert.ok(Math.abs(t.centerY - 0.4) < 1e-12);
    const m = photoToOutputMatrix(t, photo, output);
    assertPoint(applyMatrix(m, TL), { x: 20, y: 85 });
  });

  it('stays inside what the order schema accepts', () => {
    assert.equal(moveBy(base, 1e6, -1e6, output).centerX, 10);
    assert.equal(moveBy(base, 1e6, -1e6, output).centerY, -10);
    assert.equal(clampTransform({ ...base, scale: 1000 }).scale, 100);
  });
});

describe('helpers', () => {
  it('normalises quarter turns modulo 4', () => {
    assert.deepEqual([-1, 0, 1, 4, 7, Number.NaN].map(normaliseQuarterTurns), [3, 0, 1, 0, 3, 0]);
  });

  it('converts a pointer position to box fractions', () => {
    assert.deepEqual(toBoxFraction({ x: 60, y: 30 }, { x: 10, y: 10, width: 100, height: 200 }), {
      x: 0.5,
      y: 0.1,
    });
  });
});
