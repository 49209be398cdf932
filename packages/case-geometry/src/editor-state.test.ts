import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clampZoom, initialEditorState, minZoom, withZoom, ZOOM, zoomOf } from './editor-state.ts';

const state = initialEditorState({ width: 4000, height: 3000 }, { width: 573, height: 1181 });

describe('editor state', () => {
  it('starts fitted to the template (zoom 1), centred, upright', () => {
    assert.equal(zoomOf(state), 1);
    assert.deepEqual(
      { ...state.transform, scale: 0 },
      {
        centerX: 0.5,
        centerY: 0.5,
        scale: 0,
        quarterTurns: 0,
        flipX: false,
      },
    );
  });

  it('is plain serialisable data', () => {
    assert.deepEqual(JSON.parse(JSON.stringify(state)), state);
  });

  it('clamps the zoom to 0.1..10, and never below the covering size', () => {
    assert.equal(clampZoom(0.05), ZOOM.min);
    assert.equal(clampZoom(-3), 0.1);
    assert.equal(clampZoom(11), ZOOM.max);
    assert.equal(minZoom(state), 1);
    assert.equal(zoomOf(withZoom(state, 0)), 1);
    assert.equal(zoomOf(withZoom(state, 0.5)), 1);
  });
});
