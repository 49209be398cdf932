import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { initialEditorState } from '../editor-state.ts';
import { applyMatrix, photoToOutputMatrix } from '../transform.ts';
import { move } from './move.ts';
import { rotate90 } from './rotate.ts';
import { zoomBy } from './zoom.ts';

const photo = { width: 4000, height: 3000 };
const box = { width: 573, height: 1181 };

describe('move', () => {
  it('makes the photo follow the pointer by exactly the dragged pixels at any turn', () => {
    const view = { width: 480, height: 989 };
    // Zoomed in, so that the photo has room to move both ways without uncovering the case.
    const s = zoomBy(rotate90(initialEditorState(photo, box)), { factor: 1.5 });
    const moved = move(s, { dx: 33, dy: -12, view });
    const a = applyMatrix(photoToOutputMatrix(s.transform, photo, view), { x: 10, y: 20 });
    const b = applyMatrix(photoToOutputMatrix(moved.transform, photo, view), { x: 10, y: 20 });
    assert.ok(Math.abs(b.x - a.x - 33) < 1e-9);
    assert.ok(Math.abs(b.y - a.y + 12) < 1e-9);
    assert.equal(moved.transform.scale, s.transform.scale);
  });

  it('stops where the photo edge meets the case edge, and slides along the other axis', () => {
    const view = { width: 480, height: 989 };
    const fitted = initialEditorState(photo, box);
    // Fitted on the height: no room up or down; sideways room of (shown width - case width) / 2.
    const moved = move(fitted, { dx: 10_000, dy: 25, view });
    assert.equal(moved.transform.centerY, fitted.transform.centerY);
    const shownWidth = fitted.transform.scale * box.width;
    assert.ok(Math.abs(moved.transform.centerX * box.width - shownWidth / 2) < 1e-9);
  });
});
