import type { PxSize } from '@shop/case-geometry/outline';
import { effectiveDpi, isLowResolution } from '@shop/case-geometry/print-size';
import type { DesignTransform } from '@shop/case-geometry/transform';
import { mm } from '@shop/case-geometry/units';

/**
 * True when the photo, placed like this, prints below LOW_RESOLUTION_DPI on the case. `original`
 * is the size of the ORIGINAL upload (the order's `imageSize`): that is what gets printed, not the
 * smaller copy the editor draws.
 */
export function printsBlurry(
  original: PxSize | null,
  caseWidthMm: number | null,
  transform: DesignTransform,
): boolean {
  if (!original || !caseWidthMm) return false;
  return isLowResolution(effectiveDpi(original, transform, mm(caseWidthMm)));
}
