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

  it('never go below the size that covers the case (zoom 1), even towards the minimum of 0.1', () => {
    let s = zoomIn(zoomIn(fitted));
    const seen: number[] = [];
    for (let i = 0; i < 12; i++) {
      s = zoomOut(s);
      seen.push(zoomOf(s));
    }
    assert.deepEqual(seen, [1.1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    assert.deepEqual(s.transform, fitted.transform);
    assert.equal(zoomOf(zoomIn(s)), 1.1);
  });

  it('zooming out near an edge pulls the photo back over the case', () => {
    const zoomed = zoomBy(fitted, { factor: 3 });
    // Far to the left: the photo's right edge is just on the case's right edge.
    const left = { ...zoomed, transform: { ...zoomed.transform, centerX: 1 - zoomed.transform.scale / 2 } };
    const out = zoomOut(left);
    const right = out.transform.centerX + out.transform.scale / 2;
    assert.ok(right >= 1 - 1e-9, `the photo reaches the right edge (${right})`);
  });

  it('keep the centre without an anchor', () => {
    const zoomed = zoomBy(fitted, { factor: 2 });
    const s = zoomIn({ ...zoomed, transform: { ...zoomed.transform, centerX: 0.45, centerY: 0.55 } });
    assert.equal(s.transform.centerX, 0.45);
    assert.equal(s.transform.centerY, 0.55);
  });
});

describe('zoomBy (wheel, pinch)', () => {
  it('multiplies and clamps to the covering size..10', () => {
    assert.equal(zoomOf(zoomBy(fitted, { factor: 2 })), 2);
    assert.equal(zoomOf(zoomBy(fitted, { factor: 0.01 })), 1);
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
