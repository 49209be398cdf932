/**
 * The template crop rules of docs/product.md §9.4, on plain RGBA byte buffers so the browser (ImageData)
 * and the server (sharp raw output) apply exactly the same code:
 *
 * - a pixel is EMPTY when it is transparent (alpha 0) or near white: R, G and B all above 230;
 * - the template is cropped to the bounding box of its non-empty pixels (the crop box, the frame
 *   of reference of `DesignTransform`);
 * - pixels with R, G and B all above 235 are whitened to pure white (alpha kept).
 */
import type { Rect } from './transform.ts';

export type RgbaBuffer = Uint8Array | Uint8ClampedArray;

/** Strictly above: 230 is not near white, 231 is. */
export const NEAR_WHITE_EMPTY_ABOVE = 230;
/** Strictly above: 235 is kept, 236 becomes 255. */
export const WHITEN_ABOVE = 235;

export function isEmptyPixel(r: number, g: number, b: number, a: number): boolean {
  return a === 0 || (r > NEAR_WHITE_EMPTY_ABOVE && g > NEAR_WHITE_EMPTY_ABOVE && b > NEAR_WHITE_EMPTY_ABOVE);
}

function checkSize(rgba: RgbaBuffer, width: number, height: number): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0) {
    throw new Error(`bad image size ${width}x${height}`);
  }
  if (rgba.length !== width * height * 4) {
    throw new Error(`RGBA buffer of ${rgba.length} bytes does not hold ${width}x${height} pixels`);
  }
}

/**
 * Bounding box (whole pixels) of the non-empty pixels, or null when every pixel is empty.
 * Scans rows from the top and bottom and columns only inside them, so a template costs little more
 * than one pass over its opaque border.
 */
export function cropBox(rgba: RgbaBuffer, width: number, height: number): Rect | null {
  checkSize(rgba, width, height);
  const empty = (x: number, y: number): boolean => {
    const i = (y * width + x) * 4;
    return isEmptyPixel(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!, rgba[i + 3]!);
  };
  const rowHasInk = (y: number): boolean => {
    for (let x = 0; x < width; x++) if (!empty(x, y)) return true;
    return false;
  };
  let top = 0;
  while (top < height && !rowHasInk(top)) top++;
  if (top === height) return null;
  let bottom = height - 1;
  while (!rowHasInk(bottom)) bottom--;
  const columnHasInk = (x: number): boolean => {
    for (let y = top; y <= bottom; y++) if (!empty(x, y)) return true;
    return false;
  };
  let left = 0;
  while (!columnHasInk(left)) left++;
  let right = width - 1;
  while (!columnHasInk(right)) right--;
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/** A copy with every pixel whose R, G and B are all above 235 set to pure white, alpha kept. */
export function whitenNearWhite<T extends RgbaBuffer>(rgba: T): T {
  // TypedArray's slice copies; Node's Buffer overrides slice with a view, so call the shared one.
  const out = Uint8Array.prototype.slice.call(rgba) as T;
  whitenNearWhiteInPlace(out);
  return out;
}

/** `whitenNearWhite` without the copy, for large buffers the caller owns. */
export function whitenNearWhiteInPlace(rgba: RgbaBuffer): void {
  if (rgba.length % 4 !== 0) throw new Error('RGBA buffer length is not a multiple of 4');
  for (let i = 0; i < rgba.length; i += 4) {
    if (rgba[i]! > WHITEN_ABOVE && rgba[i + 1]! > WHITEN_ABOVE && rgba[i + 2]! > WHITEN_ABOVE) {
      rgba[i] = 255;
      rgba[i + 1] = 255;
      rgba[i + 2] = 255;
    }
  }
}

/** The crop box's pixels as a new, tightly packed RGBA buffer (the ImageData layout). */
export function cropRgba(rgba: RgbaBuffer, width: number, box: Rect): Uint8ClampedArray {
  const out = new Uint8ClampedArray(box.width * box.height * 4);
  for (let y = 0; y < box.height; y++) {
    const from = ((box.y + y) * width + box.x) * 4;
    out.set(rgba.subarray(from, from + box.width * 4), y * box.width * 4);
  }
  return out;
}
