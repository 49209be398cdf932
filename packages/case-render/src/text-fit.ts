/**
 * Texts inside the printable area (`@shop/case-geometry/printable-area`: the case inset from its
 * edges, without the camera opening and its margin), measured by `layerBounds` with the real font: the editor keeps each text inside with `fitTextInside`, the server refuses a
 * design with `textsOutside`. Both measure in the same frame, the print file's own pixels, so a
 * string is measured at the size it prints, with the same faces on both sides.
 *
 * Stickers are not held to the area: a sticker reaching past the edge is a decoration bled off the
 * case, while a word cut at the edge is a mistake.
 */
import type { PhoneOutline, PxSize } from '@shop/case-geometry/outline';
import { printSize } from '@shop/case-geometry/print-size';
import {
  cameraKeepOut,
  caseShape,
  printableArea,
  textAreaTolerance,
} from '@shop/case-geometry/printable-area';
import { type Scene, TEXT_SIZE, type TextLayer } from '@shop/contracts/scene';
import type { Box } from './context.ts';
import {
  boundsCorners,
  boundsOverlapRect,
  type LayerBounds,
  layerBounds,
  type SceneContext,
} from './scene.ts';

/**
 * Where texts are measured: the case's box, its printable area (a rectangle, less `keepOut`) and
 * the server's tolerance in it.
 */
export interface TextFrame {
  box: Box;
  area: Box;
  /** The camera opening with its margin, which no text may reach into; null without an outline. */
  keepOut: Box | null;
  /** How far past the area the server lets a text reach, in the box's unit. */
  tolerance: number;
}

/**
 * The frame of a model's texts: the print file's box at 300 DPI when the outline is known (what the
 * print is drawn in), else the template's crop box with a usual phone's measurements.
 */
export function textFrame(outline: PhoneOutline | null, templateBox: PxSize): TextFrame {
  const print = outline && printSize(outline);
  const size = print ? { width: print.widthPx as number, height: print.heightPx as number } : templateBox;
  const box = { x: 0, y: 0, ...size };
  const shape = caseShape(outline, size);
  return {
    box,
    area: printableArea(shape, box),
    keepOut: cameraKeepOut(outline, box),
    tolerance: textAreaTolerance(shape, size),
  };
}

/** The axis-aligned box around a turned rectangle. */
export function boundingBox(bounds: LayerBounds): Box {
  const corners = boundsCorners(bounds);
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** Does the turned rectangle lie inside `area`, give or take `tolerance`? (`area` is convex and axis-aligned: its box decides.) */
export function boundsInside(bounds: LayerBounds, area: Box, tolerance = 0): boolean {
  const b = boundingBox(bounds);
  return (
    b.x >= area.x - tolerance &&
    b.y >= area.y - tolerance &&
    b.x + b.width <= area.x + area.width + tolerance &&
    b.y + b.height <= area.y + area.height + tolerance
  );
}

/** How far a span [start, start + length] must move to lie in [from, from + room] (it fits). */
function shiftInto(start: number, length: number, from: number, room: number): number {
  if (start < from) return from - start;
  if (start + length > from + room) return from + room - (start + length);
  return 0;
}

/** Do two boxes share more than an edge? */
const boxesOverlap = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The text moved by the least distance that takes its bounding box off the camera opening (below
 * it, beside it, or above it) while keeping it in the area; the same layer when it is clear
 * already, null when no such move keeps it inside.
 */
function clearOfCamera(ctx: SceneContext, layer: TextLayer, frame: TextFrame): TextLayer | null {
  const { box, area, keepOut } = frame;
  if (!keepOut) return layer;
  const b = boundingBox(layerBounds(ctx, layer, box));
  if (!boxesOverlap(b, keepOut)) return layer;
  const moves = [
    { dx: 0, dy: keepOut.y + keepOut.height - b.y },
    { dx: keepOut.x + keepOut.width - b.x, dy: 0 },
    { dx: keepOut.x - (b.x + b.width), dy: 0 },
    { dx: 0, dy: keepOut.y - (b.y + b.height) },
  ]
    .filter(({ dx, dy }) => {
      const moved = { ...b, x: b.x + dx, y: b.y + dy };
      return (
        moved.x >= area.x &&
        moved.y >= area.y &&
        moved.x + moved.width <= area.x + area.width &&
        moved.y + moved.height <= area.y + area.height
      );
    })
    .sort((m, n) => Math.hypot(m.dx, m.dy) - Math.hypot(n.dx, n.dy));
  const move = moves[0];
  if (!move) return null;
  return { ...layer, x: layer.x + move.dx / box.width, y: layer.y + move.dy / box.height };
}

/** Shrinking steps tried before giving up: the measure is linear in the size, but for rounding. */
const MAX_SHRINK_STEPS = 8;
/**
 * After the first step (the size that just fits, as the measure is linear) each step aims a hair
 * under it, so a face's rounding cannot keep the text over for ever.
 */
const SHRINK_SLACK = 0.999;

/**
 * The text moved (its anchor, by the least distance) and, when it is too big for the area at any
 * place, made smaller until it fits, so that its turned bounds lie inside the printable area; then
 * moved off the camera opening when it reaches into it.
 * The same layer when it is inside already; null when it cannot fit even at the smallest size
 * (a long text turned across a narrow case): the change that made it so should not happen.
 */
export function fitTextInside(ctx: SceneContext, layer: TextLayer, frame: TextFrame): TextLayer | null {
  const { box, area } = frame;
  let fitted = layer;
  for (let step = 0; ; step++) {
    const around = boundingBox(layerBounds(ctx, fitted, box));
    const room = Math.min(area.width / around.width, area.height / around.height);
    if (room >= 1) {
      const dx = shiftInto(around.x, around.width, area.x, area.width);
      const dy = shiftInto(around.y, around.height, area.y, area.height);
      const inside =
        dx === 0 && dy === 0
          ? fitted
          : { ...fitted, x: fitted.x + dx / box.width, y: fitted.y + dy / box.height };
      return clearOfCamera(ctx, inside, frame);
    }
    if (fitted.size <= TEXT_SIZE.min || step === MAX_SHRINK_STEPS) return null;
    const aim = step === 0 ? room : room * SHRINK_SLACK;
    fitted = { ...fitted, size: Math.max(TEXT_SIZE.min, fitted.size * aim) };
  }
}

/**
 * The texts of a scene that reach past the printable area, or into the camera opening with its
 * margin, by more than the tolerance.
 */
export function textsOutside(ctx: SceneContext, scene: Scene, frame: TextFrame): TextLayer[] {
  const { keepOut, tolerance } = frame;
  const hole = keepOut && {
    x: keepOut.x + tolerance,
    y: keepOut.y + tolerance,
    width: keepOut.width - 2 * tolerance,
    height: keepOut.height - 2 * tolerance,
  };
  return scene.layers.filter((layer): layer is TextLayer => {
    if (layer.kind !== 'text') return false;
    const bounds = layerBounds(ctx, layer, frame.box);
    return !boundsInside(bounds, frame.area, tolerance) || (hole !== null && boundsOverlapRect(bounds, hole));
  });
}
