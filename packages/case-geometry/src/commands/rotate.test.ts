import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { initialEditorState, zoomOf } from '../editor-state.ts';
import { displayedSize } from '../transform.ts';
import { rotate90 } from './rotate.ts';
import { zoomIn } from './zoom.ts';

const photo = { width: 4000, height: 3000 };
const box = { width: 573, height: 1181 };

describe('rotate90', () => {
  it('cycles the quarter turns over 4 and comes back to the same transform', () => {
    let s = zoomIn(initialEditorState(photo, box));
    s = { ...s, transform: { ...s.transform, centerX: 0.3, centerY: 0.6, flipX: true } };
    const turns: number[] = [];
    let t = s;
    for (let i = 0; i < 4; i++) {
      t = rotate90(t);
      turns.push(t.transform.quarterTurns);
    }
    assert.deepEqual(turns, [1, 2, 3, 0]);
    assert.ok(Math.abs(t.transform.scale - s.transform.scale) < 1e-9);
    assert.deepEqual({ ...t.transform, scale: 0 }, { ...s.transform, scale: 0 });
  });

  it('turns about the photo centre and keeps the zoom, so a covering photo still covers', () => {
    const s = initialEditorState(photo, box);
    const turned = rotate90(s);
    assert.equal(turned.transform.centerX, 0.5);
    assert.equal(turned.transform.centerY, 0.5);
    assert.equal(zoomOf(turned), 1);
    const shown = displayedSize(turned.transform, photo, box);
    assert.ok(shown.width >= box.width - 1e-9 && shown.height >= box.height - 1e-9);
  });
});
