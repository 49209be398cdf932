import type { PhoneOutline } from '@shop/case-geometry/outline';
import { type Context2D, grow, roundedRect } from '@shop/case-render/context';
import { drawCaseMockup } from '@shop/case-render/mockup';
import {
  boundsCorners,
  drawScene,
  type LayerBounds,
  type SceneContext,
  type SceneImages,
} from '@shop/case-render/scene';
import { layoutCells, type Scene } from '@shop/contracts/scene';
import type { StageLayout } from './stage-layout';
import type { TemplateLayer } from './template-layer';

/** The user timing of each scene-layer draw (read by bench/editor-drag.ts and DevTools). */
export const DRAW_MEASURE = 'editor:draw';
/** Keeps a long editing session from piling up timing entries. */
const MAX_MEASURES = 2000;
let measures = 0;

/** Around the case on the stage (the mock-up's table). */
const STAGE_COLOUR = '#eef0f5';
const SELECTION_COLOUR = '#2563eb';
/** How far the mock-up's printed back reaches beyond the phone's outline (its wall less its rim). */
const BACK_MARGIN_MM = 0.25;

/** How the chosen case type looks on the stage: its body's colour, and whether it is clear. */
export interface CaseLook {
  /** `#rrggbb` of the case's body (its colour); null for the usual dark rim. */
  body: string | null;
  /** A clear case: the phone's back shows where the design leaves the background. */
  clear: boolean;
}

export const PLAIN_CASE: CaseLook = { body: null, clear: false };

/** The phone's back seen through a clear case, and a clear case's body without a colour. */
const PHONE_BACK = '#2f3238';
const CLEAR_BODY = '#c9d1db';
/** How much of the background colour a clear case shows over the phone (hex alpha, about 35%). */
const CLEAR_BACKGROUND_ALPHA = '59';

/** Backing-store size for a stage, so the canvases stay sharp on high-density screens. */
export function sizeCanvas(canvas: HTMLCanvasElement, layout: StageLayout): void {
  const width = Math.round(layout.width * layout.dpr);
  const height = Math.round(layout.height * layout.dpr);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
}

const sceneContext = (ctx: CanvasRenderingContext2D): SceneContext => ctx as unknown as SceneContext;

/**
 * The lower layer, redrawn on every change (at most once per frame): the stage, then the scene by
 * the shared drawScene into the case's box, the same function that draws the design and the print.
 * With a mock-up the case's back shows a sliver wider than the box: it takes the background colour.
 */
export function drawSceneLayer(
  ctx: CanvasRenderingContext2D,
  layout: StageLayout,
  scene: Scene,
  images: SceneImages,
  outline: PhoneOutline | null,
  look: CaseLook = PLAIN_CASE,
): void {
  const start = performance.now();
  const { dpr, box } = layout;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = outline ? STAGE_COLOUR : '#ffffff';
  ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.save();
  if (outline) {
    // The case's printed back: the phone's rounded outline and the sliver of case around it.
    const k = box.width / outline.widthMm;
    const back = grow({ ...box, radius: outline.cornerRadiusMm * k }, BACK_MARGIN_MM * k);
    ctx.beginPath();
    roundedRect(ctx as unknown as Context2D, back);
    ctx.clip();
    ctx.fillStyle = look.clear ? PHONE_BACK : scene.background;
    ctx.fillRect(back.x, back.y, back.width, back.height);
  }
  ctx.imageSmoothingQuality = 'medium';
  // On a clear case the background is a tint over the phone's back; photos and layers stay opaque.
  const shown =
    outline && look.clear ? { ...scene, background: `${scene.background}${CLEAR_BACKGROUND_ALPHA}` } : scene;
  drawScene(sceneContext(ctx), shown, images, box);
  ctx.restore();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  if (++measures > MAX_MEASURES) {
    performance.clearMeasures(DRAW_MEASURE);
    measures = 1;
  }
  performance.measure(DRAW_MEASURE, { start });
}

/**
 * The upper layer with a model outline, drawn once per stage size: the realistic case (rim, shadow,
 * shading, camera cut-out) with its printed back cut out, so the scene below shows through it and
 * the shading lies over it. The phone's outline is the template's crop box.
 */
export function drawMockupLayer(
  ctx: CanvasRenderingContext2D,
  layout: StageLayout,
  outline: PhoneOutline,
  look: CaseLook = PLAIN_CASE,
): void {
  const { dpr, box } = layout;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const rimColour = look.body ?? (look.clear ? CLEAR_BODY : undefined);
  // Shadows ignore the context's scale: drawn in device pixels.
  drawCaseMockup(ctx as unknown as Context2D, outline, {
    pxPerMm: (box.width / outline.widthMm) * dpr,
    x: box.x * dpr,
    y: box.y * dpr,
    ...(rimColour ? { rimColour } : {}),
    ...(look.clear ? { phoneColour: PHONE_BACK } : {}),
    design: (c, area) => {
      c.globalCompositeOperation = 'destination-out';
      c.fillStyle = '#000000';
      c.fillRect(area.x, area.y, area.width, area.height);
      c.globalCompositeOperation = 'source-over';
    },
  });
}

/**
 * The upper layer without an outline (a model with only a template), drawn once per stage size:
 * a veil outside the case, and the prepared template bitmap over the case's box.
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

/** The handle that resizes the selected layer: its bottom-right corner (radius in CSS px). */
export const HANDLE_RADIUS = 11;

export const resizeHandle = (bounds: LayerBounds): { x: number; y: number } =>
  boundsCorners(bounds)[2] as { x: number; y: number };

/**
 * The selection layer (over everything, redrawn with the scene): the selected cell when the layout
 * has several, the selected layer's outline and its resize handle.
 */
export function drawSelectionLayer(
  ctx: CanvasRenderingContext2D,
  layout: StageLayout,
  scene: Scene,
  selectedSlot: number,
  layerBounds: LayerBounds | null,
): void {
  const { dpr, box } = layout;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.lineWidth = 2;
  ctx.strokeStyle = SELECTION_COLOUR;
  if (!layerBounds && scene.slots.length > 1) {
    const cell = layoutCells(scene.layout, box)[selectedSlot];
    if (cell) {
      ctx.setLineDash([6, 4]);
      ctx.strokeRect(box.x + cell.x + 1, box.y + cell.y + 1, cell.width - 2, cell.height - 2);
      ctx.setLineDash([]);
    }
  }
  if (layerBounds) {
    const corners = boundsCorners(layerBounds);
    ctx.beginPath();
    for (const [i, p] of corners.entries()) {
      if (i === 0) ctx.moveTo(p.x, p.y);
      else ctx.lineTo(p.x, p.y);
    }
    ctx.closePath();
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 4;
    ctx.stroke();
    ctx.strokeStyle = SELECTION_COLOUR;
    ctx.lineWidth = 2;
    ctx.stroke();
    const handle = resizeHandle(layerBounds);
    ctx.beginPath();
    ctx.arc(handle.x, handle.y, HANDLE_RADIUS * 0.7, 0, Math.PI * 2);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
    ctx.stroke();
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}
