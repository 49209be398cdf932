/**
 * Physical sizes for printing: the case's size in pixels at a resolution, and the resolution a
 * customer's photo will actually print at on the case (for the non-blocking 'too small' warning).
 */
import { mmToPx, type PhoneOutline, pxToMm } from './outline.ts';
import type { DesignTransform } from './transform.ts';
import { type Dpi, dpi, type Mm, mm, type Px, px } from './units.ts';

/** docs/product.md §10.8: the print file is at least 300 DPI at the case's real size. */
export const PRINT_DPI: Dpi = dpi(300);
/** Below this the editor warns (without blocking) that the photo may print blurry. */
export const LOW_RESOLUTION_DPI: Dpi = dpi(150);

const MM_PER_INCH = 25.4;
const PT_PER_INCH = 72;

export const mmToPxAt = (length: Mm, resolution: Dpi): Px => px(mmToPx(length, resolution));
export const pxToMmAt = (length: Px, resolution: Dpi): Mm => mm(pxToMm(length, resolution));
/** PDF points (1/72 inch). */
export const mmToPt = (length: Mm): number => (length / MM_PER_INCH) * PT_PER_INCH;

export interface PrintSize {
  widthPx: Px;
  heightPx: Px;
  widthMm: Mm;
  heightMm: Mm;
  dpi: Dpi;
}

/**
 * The print file's pixel size: the case body's real size at `resolution`, rounded to whole pixels.
 * The print file IS the template's crop box at this size.
 */
export function printSize(outline: PhoneOutline, resolution: Dpi = PRINT_DPI): PrintSize {
  const widthMm = mm(outline.widthMm);
  const heightMm = mm(outline.heightMm);
  return {
    widthPx: px(Math.round(mmToPxAt(widthMm, resolution))),
    heightPx: px(Math.round(mmToPxAt(heightMm, resolution))),
    widthMm,
    heightMm,
    dpi: resolution,
  };
}

/**
 * Photo pixels per inch of case at this transform. `photo` must be the size of the ORIGINAL upload
 * (the file the print is made from), not of the editor's downscaled copy. The photo's width (before
 * turns) spans `scale` case widths, so it covers scale * outlineWidthMm millimetres.
 */
export function effectiveDpi(photo: { width: number }, transform: DesignTransform, outlineWidthMm: Mm): Dpi {
  const printedWidthInches = (transform.scale * outlineWidthMm) / MM_PER_INCH;
  return dpi(photo.width / printedWidthInches);
}

export function isLowResolution(resolution: Dpi): boolean {
  return resolution < LOW_RESOLUTION_DPI;
}

/** A case's outer size, as the print needs it. */
export interface CaseSize {
  widthMm: number;
  heightMm: number;
}

/**
 * The pixel size worth keeping of a photo for a case: scaled down (never up) as far as it can be
 * while it still prints at `resolution` when it just covers the case, whichever way the customer
 * turns it (upright or on its side). Beyond that, more pixels are never printed: the layouts'
 * cells are parts of the case, and only a zoom past covering would use them.
 */
export function printWorthySize(
  photo: { width: number; height: number },
  caseSize: CaseSize,
  resolution: Dpi = PRINT_DPI,
): { width: number; height: number } {
  const w = (caseSize.widthMm / MM_PER_INCH) * resolution;
  const h = (caseSize.heightMm / MM_PER_INCH) * resolution;
  // The scale at which the photo just covers the case, upright and turned; the larger one must hold.
  const upright = Math.max(w / photo.width, h / photo.height);
  const turned = Math.max(w / photo.height, h / photo.width);
  const scale = Math.max(upright, turned);
  if (scale >= 1) return { width: photo.width, height: photo.height };
  return { width: Math.ceil(photo.width * scale), height: Math.ceil(photo.height * scale) };
}
