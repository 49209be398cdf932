import { type EditorState, keepCovering } from '../editor-state.ts';
import { normaliseQuarterTurns } from '../transform.ts';

/**
 * 'Flip horizontally': mirrors what is on screen left to right, about the photo's centre.
 *
 * The stored mirror acts in the photo's own frame BEFORE the turns (see transform.ts). With H the
 * on-screen mirror (the same matrix as F(true)): H . R(q) . F(f) = R(-q) . H . F(f) = R(-q) . F(!f).
 * So the mirror toggles and the turns become (4 - q) % 4: unchanged for 0 and 180 degrees, 90 and
 * 270 swap. The covering scale is the same for q and -q, so the size does not change.
 */
export function flipHorizontal(state: EditorState): EditorState {
  const { transform } = state;
  // The photo's rectangle does not move, so a covering photo still covers (kept anyway).
  return keepCovering(state, {
    ...transform,
    flipX: !transform.flipX,
    quarterTurns: normaliseQuarterTurns(4 - normaliseQuarterTurns(transform.quarterTurns)),
  });
}
