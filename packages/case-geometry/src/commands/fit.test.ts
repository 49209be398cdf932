import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { initialEditorState, zoomOf } from '../editor-state.ts';
import { coverTransform } from '../transform.ts';
import { fitToTemplate } from './fit.ts';
import { move } from './move.ts';
import { rotate90 } from './rotate.ts';
import { zoomBy } from './zoom.ts';

const photo = { width: 3000, height: 4000 };
const box = { width: 573, height: 1181 };

describe('fitToTemplate', () => {
  it('re-centres and covers at zoom 1, keeping turns and mirror', () => {
    let s = initialEditorState(photo, box);
    s = rotate90(zoomBy(move(s, { dx: 50, dy: 10, view: box }), { factor: 3 }));
    s = { ...s, transform: { ...s.transform, flipX: true } };
    const fitted = fitToTemplate(s);
    assert.deepEqual(fitted.transform, coverTransform(photo, box, 1, true));
    assert.equal(zoomOf(fitted), 1);
  });
});
