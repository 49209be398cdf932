/**
 * Does the photo cover the whole of what gets printed? One rule for the editor (drag, zoom and
 * rotate stop at the edge, 'Ajustar' covers) and for the server (a design that leaves any of the
 * outline uncovered is refused), so a print never has a blank strip.
 *
 * A SLOT is where one photo goes: its frame (the box a `DesignTransform` is relative to; for the
 * case, the template's crop box) and the outline inside the frame that the photo must cover (the
 * whole frame unless told otherwise: a rounded rectangle for a case body, any polygon for a layout
 * cell). Lengths are in the frame's own unit, template pixels or millimetres alike; only their
 * ratios matter.
 *
 * The photo on the slot is a rectangle turned by the transform's quarter turns (the mirror does not
 * move it). A rectangle with centre c and unit axes u, v is the intersection of two slabs:
 * |u·(p − c)| ≤ a and |v·(p − c)| ≤ b. It contains a convex outline S exactly when S's extent along
 * u, [min u·s, max u·s], fits inside [u·c − a, u·c + a], and likewise along v. Those extents come
 * from the outline's support function (max over its vertices; plus the radius for a rounded
 * rectangle), so the test is exact, needs no sampling, and keeps working for any angle: only
 * `photoAxes` knows that today's turns are quarter turns. The same slabs give the clamps: the
 * smallest covering scale, and the nearest covering centre (clamping u·c and v·c independently is
 * the nearest point, since u and v are orthonormal).
 */
import type { PxSize } from './outline.ts';
import { type DesignTransform, normaliseQuarterTurns, type Point } from './transform.ts';

/** A rounded rectangle inside the slot's frame (radius 0: a plain rectangle). */
export interface RoundedRectOutline {
  kind: 'rounded-rect';
  x: number;
  y: number;
  width: number;
  height: number;
  radius: number;
}

/** A convex polygon inside the slot's frame (a concave one is judged by its convex hull). */
export interface PolygonOutline {
  kind: 'polygon';
  points: readonly Point[];
}

export type SlotOutline = RoundedRectOutline | PolygonOutline;

export interface Slot {
  /** The frame a `DesignTransform` of this slot is relative to. */
  width: number;
  height: number;
  /** What the photo must cover, in the frame's unit with its origin at the frame's top-left; the whole frame by default. */
  outline?: SlotOutline;
}

/** The case body in a frame of `frame`'s size: the whole frame with the body's rounded corners. */
export function caseSlot(frame: PxSize, cornerRadius = 0): Slot {
  const radius = Math.max(0, Math.min(cornerRadius, frame.width / 2, frame.height / 2));
  return {
    width: frame.width,
    height: frame.height,
    outline: { kind: 'rounded-rect', x: 0, y: 0, width: frame.width, height: frame.height, radius },
  };
}

interface Axes {
  /** Along the photo's width, as placed. */
  u: Point;
  /** Along the photo's height, as placed. */
  v: Point;
}

/** Exact axes for quarter turns (clockwise, y down), so the maths carries no 6e-17 noise. */
const QUARTER_AXES: readonly Axes[] = [
  { u: { x: 1, y: 0 }, v: { x: 0, y: 1 } },
  { u: { x: 0, y: 1 }, v: { x: -1, y: 0 } },
  { u: { x: -1, y: 0 }, v: { x: 0, y: -1 } },
  { u: { x: 0, y: -1 }, v: { x: 1, y: 0 } },
];

function photoAxes(transform: DesignTransform): Axes {
  return QUARTER_AXES[normaliseQuarterTurns(transform.quarterTurns)]!;
}

const dot = (a: Point, b: Point): number => a.x * b.x + a.y * b.y;

function outlineOf(slot: Slot): SlotOutline {
  return (
    slot.outline ?? { kind: 'rounded-rect', x: 0, y: 0, width: slot.width, height: slot.height, radius: 0 }
  );
}

/** max over the outline of n·s, for a unit vector n. */
function support(outline: SlotOutline, n: Point): number {
  if (outline.kind === 'polygon') {
    if (outline.points.length === 0) throw new Error('a polygon outline needs at least one point');
    return Math.max(...outline.points.map((p) => dot(p, n)));
  }
  const r = Math.max(0, Math.min(outline.radius, outline.width / 2, outline.height / 2));
  const x0 = outline.x + r;
  const x1 = outline.x + outline.width - r;
  const y0 = outline.y + r;
  const y1 = outline.y + outline.height - r;
  return Math.max(x0 * n.x, x1 * n.x) + Math.max(y0 * n.y, y1 * n.y) + r;
}

/** The outline's extent along a unit vector: [min, max] of n·s. */
function extent(outline: SlotOutline, n: Point): { lo: number; hi: number } {
  return { lo: -support(outline, { x: -n.x, y: -n.y }), hi: support(outline, n) };
}

interface Placement {
  centre: Point;
  axes: Axes;
  /** Half the photo's width and height as placed, in frame units. */
  a: number;
  b: number;
}

function placement(slot: Slot, photo: PxSize, transform: DesignTransform): Placement {
  const width = transform.scale * slot.width;
  const height = (width * photo.height) / photo.width;
  return {
    centre: { x: transform.centerX * slot.width, y: transform.centerY * slot.height },
    axes: photoAxes(transform),
    a: width / 2,
    b: height / 2,
  };
}

/**
 * How far (in frame units) the outline reaches beyond the photo at its worst point: 0 or less when
 * the photo covers it all. A negative value is the margin left on the tightest side.
 */
export function coverageGap(slot: Slot, photo: PxSize, transform: DesignTransform): number {
  const outline = outlineOf(slot);
  const { centre, axes, a, b } = placement(slot, photo, transform);
  let gap = Number.NEGATIVE_INFINITY;
  for (const [axis, half] of [
    [axes.u, a],
    [axes.v, b],
  ] as const) {
    const { lo, hi } = extent(outline, axis);
    const c = dot(centre, axis);
    gap = Math.max(gap, hi - (c + half), c - half - lo);
  }
  return gap;
}

/**
 * True when the photo covers the slot's whole outline. `tolerance` is in frame units (a rounding
 * allowance, e.g. a fraction of a template pixel); by default only floating-point noise.
 */
export function isCovered(
  slot: Slot,
  photo: PxSize,
  transform: DesignTransform,
  tolerance = 1e-9 * Math.max(slot.width, slot.height),
): boolean {
  return coverageGap(slot, photo, transform) <= tolerance;
}

/** The smallest `scale` at which the photo, turned as in `transform`, can cover the outline. */
export function minCoverScale(
  slot: Slot,
  photo: PxSize,
  transform: Pick<DesignTransform, 'quarterTurns'>,
): number {
  const outline = outlineOf(slot);
  const axes = photoAxes(transform as DesignTransform);
  const along = (n: Point) => {
    const { lo, hi } = extent(outline, n);
    return hi - lo;
  };
  // width = scale * W must span the extent along u; height = width * h / w the extent along v.
  return Math.max(along(axes.u) / slot.width, (along(axes.v) * photo.width) / (photo.height * slot.width));
}

const clamp = (value: number, lo: number, hi: number): number =>
  lo > hi ? (lo + hi) / 2 : Math.min(hi, Math.max(lo, value));

/**
 * The nearest centre at which the photo, at its current scale, covers the outline (the transform
 * itself when it already does). For drags: the photo stops at the edge. At a scale too small to
 * cover, the photo is centred on the outline (see `clampToCover`).
 */
export function clampCentreToCover(slot: Slot, photo: PxSize, transform: DesignTransform): DesignTransform {
  const outline = outlineOf(slot);
  const { centre, axes, a, b } = placement(slot, photo, transform);
  const cu = (() => {
    const { lo, hi } = extent(outline, axes.u);
    return clamp(dot(centre, axes.u), hi - a, lo + a);
  })();
  const cv = (() => {
    const { lo, hi } = extent(outline, axes.v);
    return clamp(dot(centre, axes.v), hi - b, lo + b);
  })();
  const x = cu * axes.u.x + cv * axes.v.x;
  const y = cu * axes.u.y + cv * axes.v.y;
  // A coordinate the clamp did not move keeps its stored value bit for bit (x / W * W may not).
  return {
    ...transform,
    centerX: x === centre.x ? transform.centerX : x / slot.width,
    centerY: y === centre.y ? transform.centerY : y / slot.height,
  };
}

/** A transform that covers the outline: the scale raised to the covering one if below, then the centre clamped. */
export function clampToCover(slot: Slot, photo: PxSize, transform: DesignTransform): DesignTransform {
  const scale = Math.max(transform.scale, minCoverScale(slot, photo, transform));
  return clampCentreToCover(slot, photo, { ...transform, scale });
}
