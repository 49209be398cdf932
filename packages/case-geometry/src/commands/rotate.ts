import { type EditorState, keepCovering, zoomOf } from '../editor-state.ts';
import { coverScale, normaliseQuarterTurns } from '../transform.ts';

/**
 * 'Rotate 90 degrees': one more clockwise quarter turn, cycling over 4 (docs/product.md §5.5), about the
 * photo's centre. The zoom is kept rather than the scale, so a photo that covered the case still
 * covers it after turning (the covering scale depends on the turn); a photo moved to one side may
 * then leave the other uncovered, so it slides back just enough.
 */
export function rotate90(state: EditorState): EditorState {
  const quarterTurns = normaliseQuarterTurns(state.transform.quarterTurns + 1);
  const scale = zoomOf(state) * coverScale(state.photo, state.box, quarterTurns);
  return keepCovering(state, { ...state.transform, quarterTurns, scale });
}
