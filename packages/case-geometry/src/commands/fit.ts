import type { EditorState } from '../editor-state.ts';
import { coverTransform } from '../transform.ts';

/**
 * 'Fit to template' (also run about 100 ms after the photo loads, docs/product.md §9.3): centred, just
 * covering the case, keeping the current turns and mirror.
 */
export function fitToTemplate(state: EditorState): EditorState {
  const { quarterTurns, flipX } = state.transform;
  return { ...state, transform: coverTransform(state.photo, state.box, quarterTurns, flipX) };
}
