import type { PxSize } from '@shop/case-geometry/outline';
import type { Rect } from '@shop/case-geometry/transform';

/**
 * Where the case's crop box sits on the editor's stage (480x760 CSS px at most, docs/product.md §2.8):
 * as large as fits with a small margin, centred. Around it the photo stays visible behind a veil,
 * so the customer sees the parts that will not be printed while moving it.
 */
export interface StageLayout {
  /** The stage's size in CSS pixels (what pointer events measure). */
  width: number;
  height: number;
  /** Device pixels per CSS pixel of the canvases' backing stores. */
  dpr: number;
  /** The crop box on the stage, in CSS pixels. */
  box: Rect;
}

/** Margin around the box, as a fraction of the stage's shorter side. */
const MARGIN = 0.05;

export function stageLayout(stage: PxSize, dpr: number, box: PxSize): StageLayout {
  const margin = Math.min(stage.width, stage.height) * MARGIN;
  const room = { width: stage.width - 2 * margin, height: stage.height - 2 * margin };
  const fit = Math.min(room.width / box.width, room.height / box.height);
  const width = box.width * fit;
  const height = box.height * fit;
  return {
    width: stage.width,
    height: stage.height,
    dpr,
    box: { x: (stage.width - width) / 2, y: (stage.height - height) / 2, width, height },
  };
}
