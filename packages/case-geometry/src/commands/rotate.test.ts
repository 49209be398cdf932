import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { initialEditorState, zoomOf } from '../editor-state.ts';
import { displayedSize } from '../transform.ts';
import { rotate90 } from './rotate.ts';
import { zoomBy } from './zoom.ts';

const photo = { width: 4000, height: 3000 };
const box = { width: 573, height: 1181 };

describe('rotate90', () => {
  it('cycles the quarter turns over 4 and comes back to the same transform', () => {
    // Zoomed to 2 and a little off centre: covering at every turn.
    let s = zoomBy(initialEditorState(photo, box), { factor: 2 });
    s = { ...s, transform: { ...s.transform, centerX: 0.45, centerY: 0.55, flipX: true } };
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

  it('slides a photo moved to one side back over the case when the turn would uncover it', () => {
    // Landscape photo fitted on the case height, moved to its right-most covering position.
    const s = initialEditorState(photo, box);
    const right = { ...s, transform: { ...s.transform, centerX: 1 - s.transform.scale / 2 + 1e-12 } };
    const turned = rotate90(right);
    const shown = displayedSize(turned.transform, photo, box);
    const left = turned.transform.centerX * box.width - shown.width / 2;
    assert.ok(left <= 1e-9, `the left edge of the case is covered (photo starts at ${left})`);
    assert.ok(turned.transform.centerX * box.width + shown.width / 2 >= box.width - 1e-9);
  });
});
