/**
 * The printable area: where a text must stay so that none of it is lost at the case's edge. The
 * editor keeps every text inside it and the server refuses a design whose text leaves it, both
 * through these functions, so the two never disagree about where the edge is.
 *
 * It is the case's box (the phone's outline, the print file's frame) inset by ONE distance on every
 * side, chosen so that every point of the inset rectangle is at least `SAFE_MARGIN_MM` inside the
 * rounded outline, corners included:
 *
 * - along a straight side a point at inset d is d from the edge, so d >= SAFE_MARGIN_MM;
 * - in a corner of radius R (the arc's centre at (R, R)) the point of the rectangle nearest the arc
 *   is its own corner (d, d), at R - (R - d)·√2 from the arc; that is at least the margin m when
 *   d >= R - (R - m)/√2.
 *
 * One rectangle rather than the rounded shape itself keeps the rule easy to see on the case and to
 * test, and the editor's clamp stays exact: a turned rectangle lies inside an axis-aligned one
 * exactly when its bounding box does. It costs some room near the middle of each side (about 4.6 mm
 * instead of 2 mm on a phone with 11 mm corners), which a text has no use for.
 *
 * Lengths are in the box's own unit (print pixels, template pixels, CSS pixels); only the outline's
 * millimetres say how many of them a millimetre is.
 */
import type { PhoneOutline, PxSize } from './outline.ts';
import type { Rect } from './transform.ts';

/**
 * How far inside the outline a text stays: the outlines are known to about ±1 mm (measured from
 * case makers' files or estimated from photos) and the printer lays the back down to within a
 * fraction of a millimetre; 2 mm leaves both out of the customer's words.
 */
export const SAFE_MARGIN_MM = 2;

/**
 * What the server lets a text reach past the area, for the sub-pixel differences between the
 * browser's and Skia's measure of the same string in the same font (kerning and advance rounding):
 * a quarter of a millimetre, far less than the margin itself.
 */
export const TEXT_AREA_TOLERANCE_MM = 0.25;

/** The case as the printable area needs it: its size and the corner radius of its outline. */
export interface CaseShape {
  widthMm: number;
  heightMm: number;
  cornerRadiusMm: number;
}

/**
 * A case whose outline is not known (a model sold with a template only): a phone of the usual width
 * and corners, as tall as the template's box says. The print of such a model waits for its outline;
 * the editor still keeps its texts in a sensible place, and the server judges by the same guess.
 */
export const NOMINAL_CASE = { widthMm: 75, cornerRadiusMm: 10 } as const;

export function caseShape(outline: PhoneOutline | null, box: PxSize): CaseShape {
  if (outline) {
    return { widthMm: outline.widthMm, heightMm: outline.heightMm, cornerRadiusMm: outline.cornerRadiusMm };
  }
  return {
    widthMm: NOMINAL_CASE.widthMm,
    heightMm: (NOMINAL_CASE.widthMm * box.height) / box.width,
    cornerRadiusMm: NOMINAL_CASE.cornerRadiusMm,
  };
}

/** The inset of the printable area from every side of the case, in millimetres (see above). */
export function printableInsetMm(shape: CaseShape, marginMm = SAFE_MARGIN_MM): number {
  const radius = Math.max(0, Math.min(shape.cornerRadiusMm, shape.widthMm / 2, shape.heightMm / 2));
  if (radius <= marginMm) return marginMm;
  return Math.max(marginMm, radius - (radius - marginMm) / Math.SQRT2);
}

/**
 * The printable area in `box` (a rectangle anywhere, in any unit, standing for the whole case):
 * the box inset by `printableInsetMm` converted with the box's own scale on each axis.
 */
export function printableArea(shape: CaseShape, box: Rect): Rect {
  const inset = printableInsetMm(shape);
  const dx = (inset * box.width) / shape.widthMm;
  const dy = (inset * box.height) / shape.heightMm;
  return { x: box.x + dx, y: box.y + dy, width: box.width - 2 * dx, height: box.height - 2 * dy };
}

/**
 * The camera opening grown by the safe margin on every side (kept within the case), in `box`'s
 * unit: the printable area leaves it out as it leaves out the rounded corners, since the case has a
 * hole there and its outline is known to about a millimetre. Null when the outline is not known
 * (nor, then, where its camera is).
 */
export function cameraKeepOut(
  outline: PhoneOutline | null,
  box: Rect,
  marginMm = SAFE_MARGIN_MM,
): Rect | null {
  if (!outline) return null;
  const kx = box.width / outline.widthMm;
  const ky = box.height / outline.heightMm;
  const { camera } = outline;
  const left = Math.max(0, camera.xMm - marginMm);
  const top = Math.max(0, camera.yMm - marginMm);
  const right = Math.min(outline.widthMm, camera.xMm + camera.widthMm + marginMm);
  const bottom = Math.min(outline.heightMm, camera.yMm + camera.heightMm + marginMm);
  return {
    x: box.x + left * kx,
    y: box.y + top * ky,
    width: (right - left) * kx,
    height: (bottom - top) * ky,
  };
}

/** `TEXT_AREA_TOLERANCE_MM` in the box's unit. */
export const textAreaTolerance = (shape: CaseShape, box: PxSize): number =>
  (TEXT_AREA_TOLERANCE_MM * box.width) / shape.widthMm;
