/**
 * The scene's fonts on Skia (@napi-rs/canvas), for the server's print and for the checks that
 * measure a design's texts as the print draws them. The same font files the browser loads
 * (@fontsource packages), registered once per process under the family names `cssFont` asks for.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import type { PhoneOutline, PxSize } from '@shop/case-geometry/outline';
import type { SceneContext } from '@shop/case-render/scene';
import { textFrame, textsOutside } from '@shop/case-render/text-fit';
import { EMOJI_FONT, FONT_SUBSETS, FONTS, type Scene, type TextLayer } from '@shop/contracts/scene';

/** Resolves files of our npm dependencies (the font packages) wherever they are installed. */
const packageFiles = createRequire(import.meta.url);

/**
 * Where the build writes its fonts (apps/server/build.mjs): beside the bundle when this code runs
 * from dist/, in the built dist/ when it runs from source (tests, benches, `npm run dev`).
 */
const BUILT_FONT_DIRS = [new URL('./fonts/', import.meta.url), new URL('../../dist/fonts/', import.meta.url)];

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
  // The colour-emoji face as ONE file, the package's whole font ('emoji' subset). The browser
  // loads the same font in numbered slices by unicode-range; Skia draws nothing from those slices
  // (and picks one file per family), so the server takes the whole font: the same glyphs. The
  // build's plain copy of it when there is one (build.mjs: 50 MB less memory), else the package's.
  const emoji = `${EMOJI_FONT.stem}-emoji-400-normal`;
  const built = BUILT_FONT_DIRS.map((dir) => fileURLToPath(new URL(`${emoji}.ttf`, dir))).find(existsSync);
  register(built ?? packageFiles.resolve(`${EMOJI_FONT.package}/files/${emoji}.woff2`), EMOJI_FONT.family);
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
