/**
 * The shapes of photo we accept, checked from the file's header before any pixel is decoded (by
 * the pipeline for JPEG, PNG and WebP, by the HEIC worker for HEIC). Pure, shared by both.
 */

/** About 50 megapixels: a 200-megapixel phone's photo is refused; a 12-50 MP one is not. */
export const MAX_PIXELS = 50_000_000;
/**
 * No side longer than this: a 1 x 49,999,999 header passes the pixel cap but costs seconds of
 * decoding for nothing printable, and JPEG cannot hold a side over 65,535.
 */
export const MAX_SIDE = 16_384;
/** No photo longer than 20 times its width (or the reverse): nothing a case can show. */
export const MAX_ASPECT_RATIO = 20;

export type ShapeProblem = 'too-many-pixels' | 'bad-shape';

export function shapeProblem(width: number, height: number): ShapeProblem | null {
  if (width * height > MAX_PIXELS) return 'too-many-pixels';
  if (width > MAX_SIDE || height > MAX_SIDE) return 'bad-shape';
  if (Math.max(width, height) > MAX_ASPECT_RATIO * Math.min(width, height)) return 'bad-shape';
  return null;
}
