/**
 * The parts of a case drawn from the model's outline, at any scale and position: the phone, the
 * case's shell around it, the printed back inside the rim, the camera island and the opening the
 * case leaves around it. The flat mock-up (mockup.ts) paints them; the 3D preview extrudes them.
 */
import type { PhoneOutline } from '@shop/case-geometry/outline';
import { type Box, grow, type RoundedBox } from './context.ts';

/** Thickness of the case's wall around the phone. */
export const CASE_WALL_MM = 1.1;
/** Width of the rim seen from the back, between the case's edge and the printed back. */
export const RIM_MM = 0.9;
/** Gap the case leaves around the camera island. */
export const CAMERA_GAP_MM = 1;

export interface CaseParts {
  phone: RoundedBox;
  shell: RoundedBox;
  back: RoundedBox;
  island: RoundedBox;
  cutout: RoundedBox;
}

/** The parts with the phone's top-left corner at (x, y), `k` units per millimetre. */
export function caseParts(outline: PhoneOutline, k: number, x = 0, y = 0): CaseParts {
  const phone: RoundedBox = {
    x,
    y,
    width: outline.widthMm * k,
    height: outline.heightMm * k,
    radius: outline.cornerRadiusMm * k,
  };
  const shell = grow(phone, CASE_WALL_MM * k);
  const island: RoundedBox = {
    x: x + outline.camera.xMm * k,
    y: y + outline.camera.yMm * k,
    width: outline.camera.widthMm * k,
    height: outline.camera.heightMm * k,
    radius: outline.camera.cornerRadiusMm * k,
  };
  return { phone, shell, back: grow(shell, -RIM_MM * k), island, cutout: grow(island, CAMERA_GAP_MM * k) };
}

export interface Circle {
  cx: number;
  cy: number;
  /** Diameter. */
  d: number;
}

/** Lens centres on a square or round island (fractions of it), by how many lenses it holds. */
const SQUARE_LENSES: Record<number, readonly (readonly [number, number])[]> = {
  1: [[0.3, 0.3]],
  // Diagonal, as on the dual-camera iPhones.
  2: [
    [0.29, 0.28],
    [0.71, 0.72],
  ],
  3: [
    [0.29, 0.28],
    [0.29, 0.72],
    [0.72, 0.5],
  ],
  4: [
    [0.28, 0.28],
    [0.72, 0.28],
    [0.28, 0.72],
    [0.72, 0.72],
  ],
};

/**
 * Where the lenses sit on an island of this shape: on a square or round island, the model's lenses
 * (a triangle of three when not known) with a flash beside them; along the long side of an
 * elongated one, in a row (three on a long bar, two on a shorter one, when not known).
 */
export function cameraLayout(island: Box, lensCount?: number): { lenses: Circle[]; flash: Circle | null } {
  const short = Math.min(island.width, island.height);
  const long = Math.max(island.width, island.height);
  const horizontal = island.width > island.height;
  if (long / short < 1.25) {
    const spots = SQUARE_LENSES[lensCount ?? 3] ?? SQUARE_LENSES[3]!;
    const d = (spots.length === 4 ? 0.34 : 0.38) * short;
    const lenses = spots.map(([fx, fy]) => ({
      cx: island.x + fx * island.width,
      cy: island.y + fy * island.height,
      d,
    }));
    // The flash in the top-right corner; a 2×2 island has no room left for one.
    const flash =
      spots.length === 4
        ? null
        : { cx: island.x + 0.74 * island.width, cy: island.y + 0.18 * island.height, d: 0.11 * short };
    return { lenses, flash };
  }
  const count = lensCount ?? (long / short > 1.5 ? 3 : 2);
  const slots = Math.max(count, 2);
  const d = Math.min(0.66 * short, (0.78 * long) / slots);
  const lenses: Circle[] = [];
  for (let i = 0; i < count; i++) {
    const along = ((i + 0.5) / slots) * long;
    lenses.push(
      horizontal
        ? { cx: island.x + along, cy: island.y + island.height / 2, d }
        : { cx: island.x + island.width / 2, cy: island.y + along, d },
    );
  }
  return { lenses, flash: null };
}
