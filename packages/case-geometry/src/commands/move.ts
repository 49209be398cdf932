import { type EditorState, keepCovering } from '../editor-state.ts';
import type { PxSize } from '../outline.ts';
import { moveBy } from '../transform.ts';

export interface MoveInput {
  /** Pointer movement since the last event, in the same pixels as `view`. */
  dx: number;
  dy: number;
  /** The box's size on screen (CSS pixels of the canvas area that shows the crop box). */
  view: PxSize;
}

/**
 * Drag to move: the photo follows the pointer exactly at any zoom and turn, and stops where one of
 * its edges meets the case's edge (it slides along the other axis).
 */
export function move(state: EditorState, input: MoveInput): EditorState {
  return keepCovering(state, moveBy(state.transform, input.dx, input.dy, input.view));
}
