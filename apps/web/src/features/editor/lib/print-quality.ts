import type { PxSize } from '@shop/case-geometry/outline';
import { effectiveDpi, isLowResolution } from '@shop/case-geometry/print-size';
import type { DesignTransform } from '@shop/case-geometry/transform';
import { mm } from '@shop/case-geometry/units';

/** The server's editor derivative: longest side at most this (apps/server images pipeline). */
export const EDITOR_IMAGE_MAX_SIDE = 2048;

/**
 * The ORIGINAL upload's size, which is what gets printed. The order does not tell it; the editor
 * image does when it is smaller than the derivative's cap, because the server never enlarges.
 * A photo at the cap is at least that large, and then the original's size is unknown.
 */
export function knownOriginalSize(editorImage: PxSize): PxSize | null {
  return Math.max(editorImage.width, editorImage.height) < EDITOR_IMAGE_MAX_SIDE ? editorImage : null;
}

/** True when the photo, placed like this, prints below LOW_RESOLUTION_DPI on the case. */
export function printsBlurry(
  original: PxSize | null,
  caseWidthMm: number | null,
  transform: DesignTransform,
): boolean {
  if (!original || !caseWidthMm) return false;
  return isLowResolution(effectiveDpi(original, transform, mm(caseWidthMm)));
}
