import type { PhoneOutline, PxSize } from '@shop/case-geometry/outline';
import type { SceneContext } from '@shop/case-render/scene';
import { fitTextInside, textFrame } from '@shop/case-render/text-fit';
import type { TextFit } from './scene-edit';

/**
 * The editor's `TextFit` for a model: texts measured on a canvas of their own (the document's
 * fonts apply to it) in the frame the server measures in, the print's pixels, so the editor and
 * the server agree on where the printable area ends.
 */
export function textFitFor(outline: PhoneOutline | null, templateBox: PxSize): TextFit {
  const frame = textFrame(outline, templateBox);
  let ctx: SceneContext | null = null;
  return (layer) => {
    ctx ??= document.createElement('canvas').getContext('2d') as unknown as SceneContext | null;
    // Without a 2D context (never in a browser that runs the editor) nothing can be measured.
    return ctx ? fitTextInside(ctx, layer, frame) : layer;
  };
}
