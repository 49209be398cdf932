import { type EditorState, withZoom, ZOOM, zoomOf } from '../editor-state.ts';
import type { Point } from '../transform.ts';

export interface ZoomInput {
  /** Point to keep fixed, as fractions of the box; the photo's centre when absent. */
  anchor?: Point;
}

/** The '+' button: zoom up by one step of 0.1 (zoom 1 = just covering the case). */
export function zoomIn(state: EditorState, input: ZoomInput = {}): EditorState {
  return withZoom(state, zoomOf(state) + ZOOM.step, input.anchor);
}

/** The '-' button: zoom down by one step of 0.1, never below 0.1. */
export function zoomOut(state: EditorState, input: ZoomInput = {}): EditorState {
  return withZoom(state, zoomOf(state) - ZOOM.step, input.anchor);
}

export interface ZoomByInput extends ZoomInput {
  /** Multiplier: e.g. Math.exp(-wheelDeltaY / 500) for the wheel, distance / previous distance for a pinch. */
  factor: number;
}

/** Wheel and pinch: zoom by a factor about the pointer, clamped to 0.1..10. */
export function zoomBy(state: EditorState, input: ZoomByInput): EditorState {
  if (!(input.factor > 0) || !Number.isFinite(input.factor)) return state;
  return withZoom(state, zoomOf(state) * input.factor, input.anchor);
}
