import { drawScene, type SceneContext, type SceneImages } from '@shop/case-render/scene';
import type { Scene } from '@shop/contracts/scene';
import { canvas2d } from './fetch-bitmap';
import type { PhotoLibrary } from './photo-library';
import type { TemplateLayer } from './template-layer';

/**
 * The design PNG stored with the order: the template's crop box at its own pixel size, drawn by the
 * shared drawScene (background, photos from the full editor images with their filters, layers) with
 * the whitened template over it, as the server's 'preview' style of the print renderer draws the
 * same scene from the original photos. Fonts and stickers must be loaded by the caller.
 */
export async function renderDesignPng(
  scene: Scene,
  library: PhotoLibrary,
  stickers: ReadonlyMap<string, unknown>,
  template: TemplateLayer,
): Promise<Blob> {
  const { width, height } = template.size;
  const photos = await Promise.all(
    scene.slots.map(async (slot) => {
      if (!slot.photo) return null;
      await library.load(slot.photo);
      return library.scenePhoto(slot.photo, slot.filter, Number.POSITIVE_INFINITY);
    }),
  );
  const images: SceneImages = { photos, stickers, overlay: template.bitmap };
  const { canvas, ctx } = canvas2d(width, height);
  ctx.imageSmoothingQuality = 'high';
  drawScene(ctx as unknown as SceneContext, scene, images, { x: 0, y: 0, width, height });
  const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!png) throw new Error('the browser could not encode the design');
  return png;
}
