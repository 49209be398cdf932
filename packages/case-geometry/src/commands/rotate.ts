import { type EditorState, zoomOf } from '../editor-state.ts';
import { clampTransform, coverScale, normaliseQuarterTurns } from '../transform.ts';

/**
 * 'Rotate 90 degrees': one more clockwise quarter turn, cycling over 4 (spec point 5), about the
 * photo's centre. The zoom is kept rather than the scale, so a photo that covered the case still
 * covers it after turning (the covering scale depends on the turn).
 */
export function rotate90(state: EditorState): EditorState {
  const quarterTurns = normaliseQuarterTurns(state.transform.quarterTurns + 1);
  const scale = zoomOf(state) * coverScale(state.photo, state.box, quarterTurns);
  return { ...state, transform: clampTransform({ ...state.transform, quarterTurns, scale }) };
}
