import type { PxSize } from '@shop/case-geometry/outline';
import { cropBox, cropRgba, whitenNearWhiteInPlace } from '@shop/case-geometry/template-rules';
import { canvas2d, fetchBitmap } from './fetch-bitmap';

/**
 * The model's case template, prepared ONCE: cut to its crop box by the rule of docs/product.md §9.4 (the frame of
 * reference of every DesignTransform) and whitened, exactly as the server's print renderer does.
 * Drawing it later is a single drawImage of this bitmap; its pixels are never processed again.
 */
export interface TemplateLayer {
  /** The crop box's size in template pixels: the design PNG is made at this size. */
  size: PxSize;
  bitmap: ImageBitmap;
}

export async function loadTemplateLayer(uri: string, signal?: AbortSignal): Promise<TemplateLayer> {
  const image = await fetchBitmap(uri, signal);
  const { width, height } = image;
  const { ctx } = canvas2d(width, height, { willReadFrequently: true });
  ctx.drawImage(image, 0, 0);
  image.close();
  const pixels = ctx.getImageData(0, 0, width, height).data;
  const box = cropBox(pixels, width, height);
  if (!box) throw new Error('the template has no visible pixels');
  // cropRgba allocates a fresh (never shared) buffer, which is what ImageData takes.
  const layer = cropRgba(pixels, width, box) as Uint8ClampedArray<ArrayBuffer>;
  whitenNearWhiteInPlace(layer);
  const bitmap = await createImageBitmap(new ImageData(layer, box.width, box.height));
  return { size: { width: box.width, height: box.height }, bitmap };
}
