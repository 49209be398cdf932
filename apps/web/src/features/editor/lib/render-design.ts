import { type DesignTransform, photoToOutputMatrix } from '@shop/case-geometry/transform';
import { canvas2d } from './fetch-bitmap';
import type { PhotoSource } from './photo-source';
import type { TemplateLayer } from './template-layer';

/**
 * The design PNG stored with the order: the template's crop box at its own pixel size, painted
 * white, the photo placed by the shared matrix, the whitened template on top. This is exactly the
 * server's 'preview' style of the print renderer (apps/server/src/modules/print/render.ts), which
 * makes the same picture from the original photo.
 */
export async function renderDesignPng(
  photo: PhotoSource,
  template: TemplateLayer,
  transform: DesignTransform,
): Promise<Blob> {
  const { width, height } = template.size;
  const { canvas, ctx } = canvas2d(width, height);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingQuality = 'high';
  ctx.setTransform(...photoToOutputMatrix(transform, photo.size, template.size));
  ctx.drawImage(photo.full, 0, 0);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(template.bitmap, 0, 0);
  const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!png) throw new Error('the browser could not encode the design');
  return png;
}
