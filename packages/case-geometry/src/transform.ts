/**
 * Where the customer's photo sits on the case: the stored `DesignTransform` and the maths that turn
 * it into pixels. Pure code, used by the browser editor (canvas at screen size) and by the server's
 * print renderer (the case at 300 DPI), which call the SAME functions with different output sizes.
 *
 * THE CONVENTION (what a stored transform means; changing it breaks every stored order)
 *
 * - The reference frame is the template's CROP BOX: the bounding box of the template image's
 *   non-empty pixels under the crop rule of docs/product.md §9.4 (`template-rules.ts`: transparent, or all of R, G, B
 *   above 230, is empty). For our generated templates that is the case body's outline (plus the
 *   outer half of its 1-2 px stroke). The crop box stands for the case's real size: the editor shows
 *   it at screen size, the print file renders it at `outline.widthMm x outline.heightMm` at 300 DPI.
 *   Whatever pixel size the box is drawn at is called the OUTPUT below (width W, height H).
 * - `centerX`, `centerY`: the photo's centre in the output is (centerX * W, centerY * H);
 *   0.5, 0.5 is centred. Values outside 0..1 put the centre outside the box.
 * - `scale`: the photo's width BEFORE rotation, in output pixels, divided by W. The photo keeps its
 *   aspect ratio, so one output pixel per photo pixel means scale = photoWidth / W. Resolution
 *   independent: the same transform gives the same picture at any output size.
 * - `quarterTurns` (0-3): clockwise quarter turns as seen on screen (y axis pointing down).
 * - `flipX`: a left-right mirror IN THE PHOTO'S OWN FRAME, applied before the rotation.
 *
 * Order of operations, mapping a photo pixel position p (origin at the photo's top-left corner):
 *
 *   output = T(centerX * W, centerY * H) . S(scale * W / photoWidth) . R(90deg * quarterTurns) . F(flipX) . (p - photoCentre)
 *
 * i.e. mirror, then rotate clockwise about the photo's centre, then scale, then translate. Because
 * the mirror comes first, mirroring what is ON SCREEN (the editor's "flip horizontally") of a photo
 * turned an odd number of quarter turns also changes `quarterTurns` (see `commands/flip.ts`).
 *
 * Matrices are `[a, b, c, d, e, f]` in the order of canvas `setTransform(a, b, c, d, e, f)`:
 * x' = a*x + c*y + e, y' = b*x + d*y + f.
 *
 * Usage. Editor: the canvas shows the crop box (template cropped by that rule); draw white,
 * then `ctx.setTransform(...photoToOutputMatrix(t, {width: img.naturalWidth, height: img.naturalHeight},
 * canvasSize)); ctx.drawImage(img, 0, 0)`, then reset and draw the whitened template crop over the
 * whole canvas. The photo size is that of the image actually drawn (the editor's downscaled copy is
 * fine: it has the original's aspect ratio). Server: the same matrix with the ORIGINAL's size and
 * the photo's cell of the case at 300 DPI as output (`apps/server/src/modules/print/scene-render.ts`,
 * through `drawScene`).
 */
import type { PxSize } from './outline.ts';

/**
 * Structurally the same as `DesignTransform` in `@shop/contracts/orders` (the stored, validated
 * payload); declared here so this package stays free of dependencies.
 */
export interface DesignTransform {
  centerX: number;
  centerY: number;
  scale: number;
  /** 0, 1, 2 or 3; other integers are read modulo 4. */
  quarterTurns: number;
  flipX: boolean;
}

export type QuarterTurns = 0 | 1 | 2 | 3;

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A 2D affine matrix in canvas `setTransform` order. */
export type Matrix = readonly [a: number, b: number, c: number, d: number, e: number, f: number];

export const IDENTITY_MATRIX: Matrix = [1, 0, 0, 1, 0, 0];

/** The bounds `DesignTransformSchema` accepts; the editor keeps its transforms inside them. */
export const TRANSFORM_LIMITS = { centerMin: -10, centerMax: 10, scaleMax: 100 } as const;

export function normaliseQuarterTurns(quarterTurns: number): QuarterTurns {
  if (!Number.isFinite(quarterTurns)) return 0;
  return (((Math.round(quarterTurns) % 4) + 4) % 4) as QuarterTurns;
}

/** Rotation matrices [r00, r01, r10, r11] for 0-3 clockwise quarter turns, y pointing down. */
const ROTATIONS: Record<QuarterTurns, readonly [number, number, number, number]> = {
  0: [1, 0, 0, 1],
  1: [0, -1, 1, 0],
  2: [-1, 0, 0, -1],
  3: [0, 1, -1, 0],
};

/** Turns -0 into 0, so matrices compare equal with deepStrictEqual. */
const z = (n: number): number => n + 0;

/**
 * Maps photo pixel coordinates to output pixel coordinates. `origin` is where the box's top-left
 * corner lies in the output (the editor draws the box inside a larger canvas; the print file is
 * the box itself, origin 0,0).
 */
export function photoToOutputMatrix(
  transform: DesignTransform,
  photo: PxSize,
  output: PxSize,
  origin: Point = { x: 0, y: 0 },
): Matrix {
  const [r00, r01, r10, r11] = ROTATIONS[normaliseQuarterTurns(transform.quarterTurns)];
  const s = (transform.scale * output.width) / photo.width;
  const mirror = transform.flipX ? -1 : 1;
  // Linear part s * R * F, with F = diag(mirror, 1): the mirror negates R's first column.
  const a = s * r00 * mirror;
  const b = s * r10 * mirror;
  const c = s * r01;
  const d = s * r11;
  const cx = photo.width / 2;
  const cy = photo.height / 2;
  const e = origin.x + transform.centerX * output.width - (a * cx + c * cy);
  const f = origin.y + transform.centerY * output.height - (b * cx + d * cy);
  return [z(a), z(b), z(c), z(d), z(e), z(f)];
}

export function applyMatrix(m: Matrix, p: Point): Point {
  const [a, b, c, d, e, f] = m;
  return { x: a * p.x + c * p.y + e, y: b * p.x + d * p.y + f };
}

export function multiplyMatrices(left: Matrix, right: Matrix): Matrix {
  const [a1, b1, c1, d1, e1, f1] = left;
  const [a2, b2, c2, d2, e2, f2] = right;
  return [
    a1 * a2 + c1 * b2,
    b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2,
    b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1,
    b1 * e2 + d1 * f2 + f1,
  ];
}

export function invertMatrix(m: Matrix): Matrix {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  if (det === 0) throw new Error('matrix is not invertible');
  return [
    z(d / det),
    z(-b / det),
    z(-c / det),
    z(a / det),
    z((c * f - d * e) / det),
    z((b * e - a * f) / det),
  ];
}

/** Axis-aligned bounds of a rectangle after a matrix (exact for quarter turns). */
export function transformRect(m: Matrix, r: Rect): Rect {
  const corners = [
    applyMatrix(m, { x: r.x, y: r.y }),
    applyMatrix(m, { x: r.x + r.width, y: r.y }),
    applyMatrix(m, { x: r.x, y: r.y + r.height }),
    applyMatrix(m, { x: r.x + r.width, y: r.y + r.height }),
  ];
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

export function intersectRects(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

/** Where the whole photo lands in the output, as a rectangle (it may reach outside the output). */
export function photoRectInOutput(transform: DesignTransform, photo: PxSize, output: PxSize): Rect {
  return transformRect(photoToOutputMatrix(transform, photo, output), { x: 0, y: 0, ...photo });
}

/**
 * The part of the photo that shows in the output, in photo pixel coordinates, or null when the
 * photo lies entirely outside. The print renderer cuts this out of the original first, so it never
 * decodes, turns or scales pixels nobody will see.
 */
export function visiblePhotoRect(transform: DesignTransform, photo: PxSize, output: PxSize): Rect | null {
  const toPhoto = invertMatrix(photoToOutputMatrix(transform, photo, output));
  const seen = transformRect(toPhoto, { x: 0, y: 0, ...output });
  return intersectRects(seen, { x: 0, y: 0, ...photo });
}

/** The photo's size on the output after the quarter turns (width and height as seen). */
export function displayedSize(transform: DesignTransform, photo: PxSize, output: PxSize): PxSize {
  const width = transform.scale * output.width;
  const height = (width * photo.height) / photo.width;
  return normaliseQuarterTurns(transform.quarterTurns) % 2
    ? { width: height, height: width }
    : { width, height };
}

/**
 * The smallest `scale` at which the photo, turned `quarterTurns`, covers a box of `box`'s aspect
 * ratio (only the ratios of the sizes matter).
 */
export function coverScale(photo: PxSize, box: PxSize, quarterTurns = 0): number {
  const photoAspect = photo.width / photo.height;
  const boxAspect = box.height / box.width;
  return normaliseQuarterTurns(quarterTurns) % 2
    ? Math.max(photoAspect, boxAspect)
    : Math.max(1, boxAspect * photoAspect);
}

/**
 * 'Fit to template': the photo centred and just covering the box, one axis exactly, the other
 * overflowing equally on both sides.
 */
export function coverTransform(photo: PxSize, box: PxSize, quarterTurns = 0, flipX = false): DesignTransform {
  const turns = normaliseQuarterTurns(quarterTurns);
  return { centerX: 0.5, centerY: 0.5, scale: coverScale(photo, box, turns), quarterTurns: turns, flipX };
}

/**
 * Moves the photo by a drag of (dxPx, dyPx) measured in pixels of an output of size `output`
 * (for the editor: the box's size on screen, in the same CSS pixels as the pointer events).
 */
export function moveBy(
  transform: DesignTransform,
  dxPx: number,
  dyPx: number,
  output: PxSize,
): DesignTransform {
  return clampTransform({
    ...transform,
    centerX: transform.centerX + dxPx / output.width,
    centerY: transform.centerY + dyPx / output.height,
  });
}

/** A point in output pixels as fractions of the box (the unit of `centerX`/`centerY`). */
export function toBoxFraction(point: Point, box: Rect): Point {
  return { x: (point.x - box.x) / box.width, y: (point.y - box.y) / box.height };
}

/** Keeps a transform inside what `DesignTransformSchema` accepts, so the server never refuses it. */
export function clampTransform(transform: DesignTransform): DesignTransform {
  const { centerMin, centerMax, scaleMax } = TRANSFORM_LIMITS;
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  return {
    centerX: clamp(transform.centerX, centerMin, centerMax),
    centerY: clamp(transform.centerY, centerMin, centerMax),
    scale: Math.min(transform.scale, scaleMax),
    quarterTurns: normaliseQuarterTurns(transform.quarterTurns),
    flipX: transform.flipX,
  };
}
