import type { PxSize } from '@shop/case-geometry/outline';
import { canvas2d, fetchBitmap } from './fetch-bitmap';

/**
 * The customer's photo as the editor draws it. The order's `image` uri serves the editor-size
 * derivative (longest side at most 2048 px, never the original), and from it we keep a few
 * halvings: each draw uses the smallest copy still at least as wide as the photo appears on screen,
 * so a drag resamples about as many pixels as the canvas has, whatever the photo's size.
 */
export interface PhotoSource {
  /** Size of the editor image; every matrix is computed against it, whichever copy is drawn. */
  size: PxSize;
  /** The editor image itself (used for the exported design). */
  full: ImageBitmap;
  /** Copies from the smallest to the full image. */
  levels: ImageBitmap[];
}

/** Stop halving below this width: tiny copies are cheap to draw from the next size anyway. */
const SMALLEST_LEVEL = 160;

export async function loadPhoto(uri: string, signal?: AbortSignal): Promise<PhotoSource> {
  const full = await fetchBitmap(uri, signal);
  const levels = [full];
  let source: ImageBitmap = full;
  while (source.width / 2 >= SMALLEST_LEVEL && source.height >= 2) {
    const width = Math.round(source.width / 2);
    const height = Math.max(1, Math.round(source.height / 2));
    const { canvas, ctx } = canvas2d(width, height);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(source, 0, 0, width, height);
    source = await createImageBitmap(canvas);
    levels.unshift(source);
  }
  return { size: { width: full.width, height: full.height }, full, levels };
}

/** The copy to draw when the photo's width appears as `widthOnScreen` device pixels. */
export function levelFor(photo: PhotoSource, widthOnScreen: number): ImageBitmap {
  return photo.levels.find((level) => level.width >= widthOnScreen) ?? photo.full;
}

export function closePhoto(photo: PhotoSource): void {
  for (const level of photo.levels) level.close();
}
