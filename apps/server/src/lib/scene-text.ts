/**
 * The scene's fonts on Skia (@napi-rs/canvas), for the server's print and for the checks that
 * measure a design's texts as the print draws them. The same font files the browser loads
 * (@fontsource packages), registered once per process under the family names `cssFont` asks for.
 */
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import type { PhoneOutline, PxSize } from '@shop/case-geometry/outline';
import type { SceneContext } from '@shop/case-render/scene';
import { textFrame, textsOutside } from '@shop/case-render/text-fit';
import { EMOJI_FONT, FONT_SUBSETS, FONTS, type Scene, type TextLayer } from '@shop/contracts/scene';

/** Resolves files of our npm dependencies (the font packages) wherever they are installed. */
const packageFiles = createRequire(import.meta.url);

let fontsRegistered = false;

/**
 * Registers the scene fonts with Skia once per process: every face of FONTS in every subset the
 * shop ships, and the colour-emoji face, each under the family name `cssFont` asks for. A missing
 * file is a broken installation: it throws rather than print another font.
 */
export function registerSceneFonts(): void {
  if (fontsRegistered) return;
  const register = (file: string, family: string) => {
    if (!GlobalFonts.registerFromPath(file, family)) throw new Error(`cannot register font ${file}`);
  };
  for (const font of FONTS) {
    for (const subset of FONT_SUBSETS) {
      register(
        packageFiles.resolve(`${font.package}/files/${font.stem}-${subset}-${font.weight}-normal.woff2`),
        font.family,
      );
    }
  }
  // The colour-emoji face: the same single file the browser loads.
  register(packageFiles.resolve(`${EMOJI_FONT.package}/${EMOJI_FONT.file}`), EMOJI_FONT.family);
  fontsRegistered = true;
}

/**
 * The texts of a scene that leave the printable area, measured as the print draws them: the same
 * faces registered here, on Skia, in the print file's pixels (the template's box when the model has
 * no outline yet).
 */
export function textsOutsidePrintableArea(
  scene: Scene,
  outline: PhoneOutline | null,
  templateBox: PxSize,
): TextLayer[] {
  if (!scene.layers.some((l) => l.kind === 'text')) return [];
  registerSceneFonts();
  const ctx = createCanvas(1, 1).getContext('2d') as unknown as SceneContext;
  return textsOutside(ctx, scene, textFrame(outline, templateBox));
}
