/**
 * The design editor's state: plain serialisable data, changed only by the pure commands in
 * `commands/` (each `(state, input) => state`). What gets stored with the order is `transform`.
 *
 * Zoom is not stored separately: it is DERIVED from the transform as `scale / coverScale`, i.e.
 * zoom 1 is 'fit to template' (the photo just covers the case) for the current quarter turns. The
 * zoom step 0.1 of docs/product.md §9.3 applies to this zoom. One source of truth, nothing to fall out of sync.
 *
 * Every command keeps the photo covering the case (`keepCovering`): zooming out stops at the
 * covering size, a drag stops where an edge of the photo meets the edge of the case, a turn that
 * would uncover a side moves the photo back over it. The server refuses a design that does not
 * cover (same rule, `coverage.ts`), so a print never has a blank strip.
 */
import { clampToCover, minCoverScale, type Slot, type SlotOutline } from './coverage.ts';
import type { PxSize } from './outline.ts';
import { clampTransform, coverScale, coverTransform, type DesignTransform, type Point } from './transform.ts';

export interface EditorState {
  /** Pixel size of the photo the editor shows (only its aspect ratio matters to the commands). */
  photo: PxSize;
  /** Pixel size of the template's crop box (only its aspect ratio matters to the commands). */
  box: PxSize;
  transform: DesignTransform;
  /**
   * What the photo must always cover, in the box's pixels; the whole box when absent (which also
   * covers any outline inside it). Every command keeps the photo covering it.
   */
  outline?: SlotOutline;
}

/** The state's slot for the coverage rule (`coverage.ts`): the box, and the outline in it. */
export function slotOf(state: EditorState): Slot {
  return { width: state.box.width, height: state.box.height, outline: state.outline };
}

/** Every command ends here: within the stored payload's bounds, and covering the outline. */
export function keepCovering(state: EditorState, transform: DesignTransform): EditorState {
  return { ...state, transform: clampToCover(slotOf(state), state.photo, clampTransform(transform)) };
}

export const ZOOM = {
  /** docs/product.md §9.3: zoom step 0.1 (buttons). */
  step: 0.1,
  /**
   * docs/product.md §5.5 and §9.3: zoom minimum 0.1 (wheel, pinch and zoom out). In practice the floor is
   * higher: the photo must always cover the case (`minZoom`), which for the whole box is zoom 1.
   */
  min: 0.1,
  /** Our choice: ten times the covering size is already a few photo pixels per case millimetre. */
  max: 10,
} as const;

/** The editor right after the photo loads: 'fit to template' (docs/product.md §4.5). */
export function initialEditorState(photo: PxSize, box: PxSize): EditorState {
  return { photo, box, transform: coverTransform(photo, box) };
}

/** Rounded so that repeated 0.1 steps stay on 1.1, 1.2... instead of drifting to 1.2000000000000002. */
const tidy = (value: number): number => Math.round(value * 1e9) / 1e9;

export function zoomOf(state: EditorState): number {
  return tidy(state.transform.scale / coverScale(state.photo, state.box, state.transform.quarterTurns));
}

export function clampZoom(zoom: number): number {
  return Math.min(ZOOM.max, Math.max(ZOOM.min, tidy(zoom)));
}

/** The lowest zoom at which the photo still covers the outline at the current turns (1 for the whole box). */
export function minZoom(state: EditorState): number {
  const covering = minCoverScale(slotOf(state), state.photo, state.transform);
  const fit = coverScale(state.photo, state.box, state.transform.quarterTurns);
  return Math.max(ZOOM.min, Math.ceil(tidy(covering / fit) * 1e9) / 1e9);
}

/**
 * The state at another zoom (clamped to ZOOM.min..ZOOM.max). With an `anchor` (a point of the box
 * as fractions of its width and height, see `toBoxFraction`), the photo point under the anchor
 * stays where it is: the cursor for the wheel, the fingers' midpoint for a pinch. Without one the
 * photo grows or shrinks about its own centre.
 */
export function withZoom(state: EditorState, zoom: number, anchor?: Point): EditorState {
  const from = zoomOf(state);
  const to = Math.max(clampZoom(zoom), minZoom(state));
  const { transform } = state;
  const ratio = to / from;
  const centre = anchor
    ? {
        centerX: anchor.x + (transform.centerX - anchor.x) * ratio,
        centerY: anchor.y + (transform.centerY - anchor.y) * ratio,
      }
    : {};
  const scale = to * coverScale(state.photo, state.box, transform.quarterTurns);
  return keepCovering(state, { ...transform, ...centre, scale });
}
