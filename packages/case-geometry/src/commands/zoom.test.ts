import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { initialEditorState, zoomOf } from '../editor-state.ts';
import { applyMatrix, invertMatrix, photoToOutputMatrix } from '../transform.ts';
import { zoomBy, zoomIn, zoomOut } from './zoom.ts';

const photo = { width: 4000, height: 3000 };
const box = { width: 573, height: 1181 };
const fitted = initialEditorState(photo, box);

describe('zoomIn / zoomOut', () => {
  it('step by 0.1 without drifting', () => {
    let s = fitted;
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      s = zoomIn(s);
      seen.push(zoomOf(s));
    }
    assert.deepEqual(seen, [1.1, 1.2, 1.3, 1.4, 1.5]);
    for (let i = 0; i < 3; i++) s = zoomOut(s);
    assert.equal(zoomOf(s), 1.2);
  });

  it('scale the stored transform in proportion to the zoom', () => {
    const s = zoomIn(fitted);
    assert.ok(Math.abs(s.transform.scale / fitted.transform.scale - 1.1) < 1e-9);
  });

  it('never go below 0.1 (spec point 5)', () => {
    let s = fitted;
    const seen: number[] = [];
    for (let i = 0; i < 12; i++) {
      s = zoomOut(s);
      seen.push(zoomOf(s));
    }
    assert.deepEqual(seen, [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.1, 0.1, 0.1]);
    assert.ok(s.transform.scale > 0);
    assert.equal(zoomOf(zoomIn(s)), 0.2);
  });

  it('keep the centre without an anchor', () => {
    const s = zoomIn({ ...fitted, transform: { ...fitted.transform, centerX: 0.2, centerY: 0.7 } });
    assert.equal(s.transform.centerX, 0.2);
    assert.equal(s.transform.centerY, 0.7);
  });
});

describe('zoomBy (wheel, pinch)', () => {
  it('multiplies and clamps to 0.1..10', () => {
    assert.equal(zoomOf(zoomBy(fitted, { factor: 2 })), 2);
    assert.equal(zoomOf(zoomBy(fitted, { factor: 0.01 })), 0.1);
    assert.equal(zoomOf(zoomBy(fitted, { factor: 100 })), 10);
  });

  it('ignores a factor that is not a positive number', () => {
    for (const factor of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.equal(zoomBy(fitted, { factor }), fitted);
    }
  });

  it('keeps the photo point under the anchor fixed', () => {
    const start = {
      ...fitted,
      transform: { ...fitted.transform, quarterTurns: 1, flipX: true, centerX: 0.4 },
    };
    const anchor = { x: 0.8, y: 0.25 };
    const screen = { width: 480, height: 989 };
    const anchorPx = { x: anchor.x * screen.width, y: anchor.y * screen.height };
    const under = (s: typeof start) =>
      applyMatrix(invertMatrix(photoToOutputMatrix(s.transform, photo, screen)), anchorPx);
    for (const next of [
      zoomBy(start, { factor: 1.7, anchor }),
      zoomIn(start, { anchor }),
      zoomOut(start, { anchor }),
    ]) {
      const before = under(start);
      const after = under(next);
      assert.ok(Math.abs(before.x - after.x) < 1e-6 && Math.abs(before.y - after.y) < 1e-6);
    }
  });
});
