/**
 * Draws a design scene (`@shop/contracts/scene`) on any Canvas 2D context at any scale: the editor
 * draws it on screen in the browser, the server draws the 300 DPI print with the same function on
 * @napi-rs/canvas (Skia) from the original photos, with the same font files and sticker images.
 *
 * Order: the background colour over the whole box; each layout cell clipped, with its photo placed
 * by the slot's transform relative to the cell (the one-photo editor's matrix); the text and
 * sticker layers, first to last; the overlay (the template mask) stretched over the box.
 *
 * Filters are colour matrices applied to the photo's pixels BEFORE drawing (`applyFilter`), by the
 * caller, once per photo: the browser on its on-screen copy, the server on the decoded original.
 * A colour matrix is affine, so filtering then resampling equals resampling then filtering (up to
 * rounding), and both sides get the same colours.
 */
import { caseSlot, type Slot } from '@shop/case-geometry/coverage';
import { photoToOutputMatrix } from '@shop/case-geometry/transform';
import {
  cssFont,
  type FilterId,
  type Layer,
  type LayoutId,
  layoutCells,
  type Scene,
  type TextLayer,
} from '@shop/contracts/scene';
import type { Box, Context2D } from './context.ts';

/** Anything drawImage takes in both worlds (HTMLImageElement, ImageBitmap, canvas, @napi-rs Image or Canvas). */
export type Drawable = unknown;

export interface SceneContext extends Context2D {
  font: string;
  textAlign: string;
  textBaseline: string;
  imageSmoothingEnabled: boolean;
  drawImage(image: never, dx: number, dy: number, dw: number, dh: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
  transform(a: number, b: number, c: number, d: number, e: number, f: number): void;
}

export interface ScenePhoto {
  image: Drawable;
  /** The whole photo's size (any scale of its pixels): the slot's transform refers to it. */
  size: { width: number; height: number };
  /** The part of the photo `image` holds, in `size`'s units; the whole photo when absent. */
  region?: Box;
}

export interface SceneImages {
  /** Per slot, the photo already filtered with `applyFilter`, or null (a grey placeholder). */
  photos: readonly (ScenePhoto | null)[];
  /** The sticker images by sticker id. A missing one is skipped. */
  stickers: ReadonlyMap<string, Drawable>;
  /** Drawn last, stretched over the box: the whitened template. */
  overlay?: Drawable | null;
}

/** The colour of a slot without a photo yet (never printed: an incomplete scene cannot be ordered). */
export const EMPTY_SLOT_COLOUR = '#e4e4ea';

const DEG = Math.PI / 180;

// The context's drawImage is typed for its own image classes; the scene takes any of them.
const drawImage = (ctx: SceneContext, image: Drawable, x: number, y: number, w: number, h: number) =>
  ctx.drawImage(image as never, x, y, w, h);

export function drawScene(ctx: SceneContext, scene: Scene, images: SceneImages, box: Box): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(box.x, box.y, box.width, box.height);
  ctx.clip();
  ctx.fillStyle = scene.background;
  ctx.fillRect(box.x, box.y, box.width, box.height);
  ctx.imageSmoothingEnabled = true;

  const cells = layoutCells(scene.layout, box);
  cells.forEach((cell, i) => {
    const slot = scene.slots[i];
    const photo = images.photos[i] ?? null;
    ctx.save();
    ctx.beginPath();
    ctx.rect(box.x + cell.x, box.y + cell.y, cell.width, cell.height);
    ctx.clip();
    if (!slot?.transform || !photo) {
      ctx.fillStyle = EMPTY_SLOT_COLOUR;
      ctx.fillRect(box.x + cell.x, box.y + cell.y, cell.width, cell.height);
    } else {
      const [a, b, c, d, e, f] = photoToOutputMatrix(slot.transform, photo.size, cell, {
        x: box.x + cell.x,
        y: box.y + cell.y,
      });
      ctx.transform(a, b, c, d, e, f);
      const r = photo.region ?? { x: 0, y: 0, ...photo.size };
      drawImage(ctx, photo.image, r.x, r.y, r.width, r.height);
    }
    ctx.restore();
  });

  for (const layer of scene.layers) {
    ctx.save();
    ctx.translate(box.x + layer.x * box.width, box.y + layer.y * box.height);
    ctx.rotate(layer.rotation * DEG);
    if (layer.kind === 'text') {
      setTextStyle(ctx, layer, box);
      ctx.fillStyle = layer.colour;
      ctx.fillText(layer.text, 0, 0);
    } else {
      const image = images.stickers.get(layer.sticker);
      const side = layer.size * box.width;
      if (image) drawImage(ctx, image, -side / 2, -side / 2, side, side);
    }
    ctx.restore();
  }

  if (images.overlay) drawImage(ctx, images.overlay, box.x, box.y, box.width, box.height);
  ctx.restore();
}

function setTextStyle(ctx: SceneContext, layer: TextLayer, box: Box): void {
  ctx.font = cssFont(layer.font, layer.size * box.width);
  ctx.textAlign = layer.align;
  ctx.textBaseline = 'middle';
}

/** A layer's rectangle, turned by `rotation` (radians) about its centre, in the context's units. */
export interface LayerBounds {
  cx: number;
  cy: number;
  width: number;
  height: number;
  rotation: number;
}

/** Line height of a text layer's box, as a multiple of its font size. */
const TEXT_BOX_HEIGHT = 1.25;

export function layerBounds(ctx: SceneContext, layer: Layer, box: Box): LayerBounds {
  const ax = box.x + layer.x * box.width;
  const ay = box.y + layer.y * box.height;
  const rotation = layer.rotation * DEG;
  if (layer.kind === 'sticker') {
    const side = layer.size * box.width;
    return { cx: ax, cy: ay, width: side, height: side, rotation };
  }
  ctx.save();
  setTextStyle(ctx, layer, box);
  const width = ctx.measureText(layer.text).width;
  ctx.restore();
  // The anchor is the middle of the text's left edge, centre or right edge: the centre lies along
  // the text's own (turned) x axis from it.
  const along = layer.align === 'left' ? width / 2 : layer.align === 'right' ? -width / 2 : 0;
  return {
    cx: ax + along * Math.cos(rotation),
    cy: ay + along * Math.sin(rotation),
    width,
    height: layer.size * box.width * TEXT_BOX_HEIGHT,
    rotation,
  };
}

/** Is point (x, y) inside the turned rectangle? */
export function boundsContain(b: LayerBounds, x: number, y: number): boolean {
  const dx = x - b.cx;
  const dy = y - b.cy;
  const cos = Math.cos(-b.rotation);
  const sin = Math.sin(-b.rotation);
  const u = dx * cos - dy * sin;
  const v = dx * sin + dy * cos;
  return Math.abs(u) <= b.width / 2 && Math.abs(v) <= b.height / 2;
}

/** The four corners of the turned rectangle, clockwise from its top-left. */
export function boundsCorners(b: LayerBounds): { x: number; y: number }[] {
  const cos = Math.cos(b.rotation);
  const sin = Math.sin(b.rotation);
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([sx, sy]) => {
    const u = (sx! * b.width) / 2;
    const v = (sy! * b.height) / 2;
    return { x: b.cx + u * cos - v * sin, y: b.cy + u * sin + v * cos };
  });
}

/** Does the turned rectangle overlap the axis-aligned `rect`? (Separating axes.) */
export function boundsOverlapRect(b: LayerBounds, rect: Box): boolean {
  const corners = boundsCorners(b);
  const rectCorners = [
    { x: rect.x, y: rect.y },
    { x: rect.x + rect.width, y: rect.y },
    { x: rect.x + rect.width, y: rect.y + rect.height },
    { x: rect.x, y: rect.y + rect.height },
  ];
  const axes = [
    { x: 1, y: 0 },
    { x: 0, y: 1 },
    { x: Math.cos(b.rotation), y: Math.sin(b.rotation) },
    { x: -Math.sin(b.rotation), y: Math.cos(b.rotation) },
  ];
  return axes.every((axis) => {
    const p = corners.map((c) => c.x * axis.x + c.y * axis.y);
    const q = rectCorners.map((c) => c.x * axis.x + c.y * axis.y);
    return Math.max(...p) >= Math.min(...q) && Math.max(...q) >= Math.min(...p);
  });
}

/**
 * The coverage slot of each cell, in the box's units: for 'one' the case body with its rounded
 * corners (as the one-photo editor), for the others the whole cell, so no background shows inside
 * a cell; the background shows only in the gaps the layout leaves on purpose.
 */
export function sceneCoverageSlots(
  layout: LayoutId,
  box: { width: number; height: number },
  cornerRadius: number,
): Slot[] {
  if (layout === 'one') return [caseSlot(box, cornerRadius)];
  return layoutCells(layout, box).map((cell) => ({ width: cell.width, height: cell.height }));
}

// ---------------------------------------------------------------------------------------------
// Filters

/** A colour matrix on 0-255 RGB: three rows of [r, g, b, offset]. */
export type ColourMatrix = readonly (readonly [number, number, number, number])[];

const IDENTITY: ColourMatrix = [
  [1, 0, 0, 0],
  [0, 1, 0, 0],
  [0, 0, 1, 0],
];

/** Luma weights of Rec. 601, as CSS `grayscale()` and most editors use. */
const LUMA = [0.299, 0.587, 0.114] as const;

/** Saturation by `s` (1 unchanged), as the SVG `feColorMatrix type="saturate"`. */
function saturate(s: number): ColourMatrix {
  return [
    [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0],
    [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0],
    [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0],
  ];
}

/** Contrast by `c` around mid-grey. */
function contrast(c: number): ColourMatrix {
  const o = 127.5 * (1 - c);
  return [
    [c, 0, 0, o],
    [0, c, 0, o],
    [0, 0, c, o],
  ];
}

/** `outer` after `inner`. */
function compose(outer: ColourMatrix, inner: ColourMatrix): ColourMatrix {
  return outer.map((row) => {
    const at = (j: number) => row[0] * inner[0]![j]! + row[1] * inner[1]![j]! + row[2] * inner[2]![j]!;
    return [at(0), at(1), at(2), at(3) + row[3]] as const;
  });
}

export const FILTER_MATRICES: Readonly<Record<FilterId, ColourMatrix>> = {
  none: IDENTITY,
  bw: [
    [...LUMA, 0],
    [...LUMA, 0],
    [...LUMA, 0],
  ],
  sepia: [
    [0.393, 0.769, 0.189, 0],
    [0.349, 0.686, 0.168, 0],
    [0.272, 0.534, 0.131, 0],
  ],
  vivid: compose(contrast(1.12), saturate(1.5)),
  warm: compose(
    [
      [1.08, 0, 0, 10],
      [0, 1.02, 0, 4],
      [0, 0, 0.86, -6],
    ],
    saturate(1.1),
  ),
  cool: compose(
    [
      [0.9, 0, 0, -4],
      [0, 1.0, 0, 2],
      [0, 0, 1.1, 14],
    ],
    saturate(0.95),
  ),
};

const clampByte = (v: number): number => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

/** Applies a filter to RGB or RGBA bytes in place (alpha untouched). */
export function applyFilter(pixels: Uint8Array | Uint8ClampedArray, channels: 3 | 4, filter: FilterId): void {
  if (filter === 'none') return;
  const [r, g, b] = FILTER_MATRICES[filter];
  const [r0, r1, r2, r3] = r!;
  const [g0, g1, g2, g3] = g!;
  const [b0, b1, b2, b3] = b!;
  for (let i = 0; i < pixels.length; i += channels) {
    const R = pixels[i]!;
    const G = pixels[i + 1]!;
    const B = pixels[i + 2]!;
    pixels[i] = clampByte(r0 * R + r1 * G + r2 * B + r3);
    pixels[i + 1] = clampByte(g0 * R + g1 * G + g2 * B + g3);
    pixels[i + 2] = clampByte(b0 * R + b1 * G + b2 * B + b3);
  }
}
