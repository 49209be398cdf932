import { clampTransform, type DesignTransform, TRANSFORM_LIMITS } from '@shop/case-geometry/transform';

/**
 * The editor remembers the current placement per order in sessionStorage, so that a reload (or a
 * trip back from the next page) finds the photo where the customer left it. The photo's uri is
 * stored with it: a transform only means something for the photo it was made for.
 */
export const storedTransformKey = (orderId: string): string => `design_transform:${orderId}`;

export interface StoredTransform {
  image: string;
  transform: DesignTransform;
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const finiteIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;

/** A transform read back from storage, or null when it is missing or not a sensible one. */
function parseTransform(value: unknown): DesignTransform | null {
  if (typeof value !== 'object' || value === null) return null;
  const t = value as Record<string, unknown>;
  const { centerMin, centerMax, scaleMax } = TRANSFORM_LIMITS;
  if (!finiteIn(t.centerX, centerMin, centerMax) || !finiteIn(t.centerY, centerMin, centerMax)) return null;
  if (!finiteIn(t.scale, Number.MIN_VALUE, scaleMax)) return null;
  if (!Number.isInteger(t.quarterTurns) || typeof t.flipX !== 'boolean') return null;
  return clampTransform({
    centerX: t.centerX,
    centerY: t.centerY,
    scale: t.scale,
    quarterTurns: t.quarterTurns as number,
    flipX: t.flipX,
  });
}

export function readStoredTransform(orderId: string, image: string): DesignTransform | null {
  try {
    const raw = session()?.getItem(storedTransformKey(orderId));
    const stored = raw ? (JSON.parse(raw) as Partial<StoredTransform>) : null;
    return stored?.image === image ? parseTransform(stored.transform) : null;
  } catch {
    return null;
  }
}

export function writeStoredTransform(orderId: string, image: string, transform: DesignTransform): void {
  try {
    session()?.setItem(
      storedTransformKey(orderId),
      JSON.stringify({ image, transform } satisfies StoredTransform),
    );
  } catch {
    // Storage full or disabled: the editor still works, it just cannot survive a reload.
  }
}

export function clearStoredTransform(orderId: string): void {
  try {
    session()?.removeItem(storedTransformKey(orderId));
  } catch {
    // See writeStoredTransform.
  }
}
