import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { initialEditorState } from '../editor-state.ts';
import { applyMatrix, photoToOutputMatrix } from '../transform.ts';
import { flipHorizontal } from './flip.ts';

const photo = { width: 400, height: 300 };
const box = { width: 200, height: 400 };

describe('flipHorizontal', () => {
  for (const q of [0, 1, 2, 3]) {
    it(`mirrors what is on screen about the photo centre (${q} quarter turns)`, () => {
      const s = initialEditorState(photo, box);
      const before = { ...s, transform: { ...s.transform, quarterTurns: q, centerX: 0.3 } };
      const after = flipHorizontal(before);
      const m0 = photoToOutputMatrix(before.transform, photo, box);
      const m1 = photoToOutputMatrix(after.transform, photo, box);
      const centreX = 0.3 * box.width;
      for (const p of [
        { x: 0, y: 0 },
        { x: 400, y: 0 },
        { x: 17, y: 250 },
      ]) {
        const a = applyMatrix(m0, p);
        const b = applyMatrix(m1, p);
        assert.ok(Math.abs(b.x - (2 * centreX - a.x)) < 1e-9, `x ${b.x} vs ${2 * centreX - a.x}`);
        assert.ok(Math.abs(b.y - a.y) < 1e-9);
      }
      assert.equal(after.transform.scale, before.transform.scale);
    });
  }

  it('undoes itself', () => {
    const s = initialEditorState(photo, box);
    const turned = { ...s, transform: { ...s.transform, quarterTurns: 1 } };
    assert.deepEqual(flipHorizontal(turned).transform.quarterTurns, 3);
    assert.deepEqual(flipHorizontal(flipHorizontal(turned)), turned);
  });
});
