import { type DesignTransform, photoToOutputMatrix } from '@shop/case-geometry/transform';
import { levelFor, type PhotoSource } from './photo-source';
import type { StageLayout } from './stage-layout';
import type { TemplateLayer } from './template-layer';

/** The user timing of each photo-layer draw (read by bench/editor-drag.ts and DevTools). */
export const DRAW_MEASURE = 'editor:draw';
/** Keeps a long editing session from piling up timing entries. */
const MAX_MEASURES = 2000;
let measures = 0;

/** Backing-store size for a stage, so the canvases stay sharp on high-density screens. */
export function sizeCanvas(canvas: HTMLCanvasElement, layout: StageLayout): void {
  const width = Math.round(layout.width * layout.dpr);
  const height = Math.round(layout.height * layout.dpr);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
}

/**
 * The lower layer, redrawn on every change: white (the case's colour where the photo does not
 * reach, as in the print), then the photo placed by the shared matrix.
 */
export function drawPhotoLayer(
  ctx: CanvasRenderingContext2D,
  layout: StageLayout,
  photo: PhotoSource,
  transform: DesignTransform,
): void {
  const start = performance.now();
  const { dpr, box } = layout;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const [a, b, c, d, e, f] = photoToOutputMatrix(transform, photo.size, box, box);
  ctx.setTransform(a * dpr, b * dpr, c * dpr, d * dpr, e * dpr, f * dpr);
  const onScreen = transform.scale * box.width * dpr;
  ctx.drawImage(levelFor(photo, onScreen), 0, 0, photo.size.width, photo.size.height);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  if (++measures > MAX_MEASURES) {
    performance.clearMeasures(DRAW_MEASURE);
    measures = 1;
  }
  performance.measure(DRAW_MEASURE, { start });
}

/**
 * The upper layer, drawn once per stage size: a veil over the photo outside the case, and the
 * prepared template bitmap over the case's box.
 */
export function drawTemplateLayer(
  ctx: CanvasRenderingContext2D,
  layout: StageLayout,
  template: TemplateLayer,
): void {
  const { dpr, box } = layout;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, layout.width, layout.height);
  ctx.fillStyle = 'rgb(247 247 251 / 80%)';
  ctx.beginPath();
  ctx.rect(0, 0, layout.width, layout.height);
  ctx.rect(box.x, box.y, box.width, box.height);
  ctx.fill('evenodd');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(template.bitmap, box.x, box.y, box.width, box.height);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}
