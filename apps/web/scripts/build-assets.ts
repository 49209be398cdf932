/**
 * The storefront's generated pictures, made before `vite build` (and `vite` in development):
 *
 * - src/assets/generated/: the landing's product mock-ups (hero and gift), drawn from the catalogue's
 *   real phone outlines by @shop/case-render on @napi-rs/canvas (Skia), in AVIF and WebP at each
 *   width the page's srcset offers; and the brand marks of the landing, from simple-icons. Vite
 *   puts a content hash in their names, so browsers keep them for a year.
 * - public/icons/ and public/favicon.ico: the favicon set and the web app manifest's icons, from
 *   public/favicon.svg.
 * - public/fonts/ and public/stickers/: the editor's text faces (each FONTS entry in its
 *   FONT_SUBSETS) from their @fontsource packages, with public/fonts/faces.json giving each
 *   file's unicode-range (read from the package's CSS) to src/features/editor/lib/fonts.ts; the
 *   colour-emoji face (EMOJI_FONT, one file); and the OpenMoji SVG of each STICKERS entry as
 *   `<id>.svg`. The browser fetches them when the editor needs them: none of it is in the JavaScript.
 *
 * Nothing is downloaded and nothing is committed: a fresh clone makes them in a few seconds. A stamp
 * of the inputs skips the work when nothing changed since the last build.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import type { PhoneOutline } from '@shop/case-geometry/outline';
import { brandMarkSvg } from '@shop/case-render/brand-mark';
import type { Context2D } from '@shop/case-render/context';
import { SAMPLE_DESIGNS, type SampleDesign } from '@shop/case-render/designs';
import { drawCaseMockup } from '@shop/case-render/mockup';
import { EMOJI_FONT, FONT_SUBSETS, FONTS, STICKERS } from '@shop/contracts/scene';
import sharp from 'sharp';
import { type SimpleIcon, siApple, siOppo, siSamsung, siXiaomi } from 'simple-icons';
import { GIFT_SIZE, GIFT_WIDTHS, HERO_SIZE, HERO_WIDTHS } from '../src/features/landing/mockup-sizes.ts';

const webRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(webRoot, '..', '..');
const generatedDir = path.join(webRoot, 'src/assets/generated');
const iconsDir = path.join(webRoot, 'public/icons');
const phoneModelsFile = path.join(repoRoot, 'apps/server/src/db/seed/phone-models.json');
const fontsDir = path.join(webRoot, 'public/fonts');
const stickersDir = path.join(webRoot, 'public/stickers');
const nodeModules = path.join(repoRoot, 'node_modules');

const INPUTS = [
  import.meta.filename,
  phoneModelsFile,
  path.join(webRoot, 'public/favicon.svg'),
  path.join(webRoot, 'src/features/landing/mockup-sizes.ts'),
  path.join(repoRoot, 'packages/case-render/src/mockup.ts'),
  path.join(repoRoot, 'packages/case-render/src/designs.ts'),
  path.join(repoRoot, 'packages/case-render/src/context.ts'),
  path.join(repoRoot, 'packages/case-render/src/brand-mark.ts'),
  path.join(repoRoot, 'node_modules/simple-icons/package.json'),
];

interface PhoneRecord extends PhoneOutline {
  brand: string;
  name: string;
}

async function main(): Promise<void> {
  await mkdir(generatedDir, { recursive: true });
  await Promise.all([writePictures(), writeEditorAssets()]);
}

async function writePictures(): Promise<void> {
  const started = performance.now();
  const stampFile = path.join(generatedDir, '.stamp');
  const hash = createHash('sha256');
  for (const file of INPUTS) hash.update(await readFile(file));
  const stamp = hash.digest('hex');
  if ((await readFile(stampFile, 'utf8').catch(() => '')) === stamp) {
    console.info('storefront pictures: up to date');
    return;
  }
  await Promise.all([mkdir(generatedDir, { recursive: true }), mkdir(iconsDir, { recursive: true })]);

  const { models } = JSON.parse(await readFile(phoneModelsFile, 'utf8')) as { models: PhoneRecord[] };
  const phone = (name: string): PhoneRecord => {
    const found = models.find((m) => m.name === name);
    if (!found) throw new Error(`phone-models.json has no ${name}`);
    return found;
  };
  const design = (id: string): SampleDesign => SAMPLE_DESIGNS.find((d) => d.id === id)!;

  const hero = drawScene(HERO_SIZE, [
    { phone: phone('Galaxy S25'), design: design('olas'), cx: 0.25, cy: 0.53, height: 0.74, angle: -11 },
    { phone: phone('iPhone 16 Pro'), design: design('flores'), cx: 0.75, cy: 0.5, height: 0.76, angle: 9 },
    { phone: phone('iPhone 15'), design: design('atardecer'), cx: 0.5, cy: 0.47, height: 0.86, angle: 0 },
  ]);
  const gift = drawGift(phone('iPhone 16'), design('arcoiris'));

  await Promise.all([
    encodeWidths('hero', hero, HERO_WIDTHS),
    encodeWidths('gift', gift, GIFT_WIDTHS),
    writeBrandMarks(),
    writeIcons(),
  ]);
  await writeFile(stampFile, stamp);
  console.info(`storefront pictures: made in ${Math.round(performance.now() - started)} ms`);
}

interface Placed {
  phone: PhoneOutline;
  design: SampleDesign;
  /** Centre, as fractions of the scene. */
  cx: number;
  cy: number;
  /** Height of the phone as a fraction of the scene's height. */
  height: number;
  /** Degrees, clockwise. */
  angle: number;
}

/** Cases on a transparent background, drawn in order (the last one in front). */
function drawScene(size: { width: number; height: number }, cases: Placed[]): Canvas {
  const canvas = createCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d') as unknown as Context2D;
  for (const c of cases) {
    const k = (c.height * size.height) / c.phone.heightMm;
    ctx.save();
    ctx.translate(c.cx * size.width, c.cy * size.height);
    ctx.rotate((c.angle * Math.PI) / 180);
    drawCaseMockup(ctx, c.phone, {
      pxPerMm: k,
      x: (-c.phone.widthMm * k) / 2,
      y: (-c.phone.heightMm * k) / 2,
      design: c.design.paint,
      rimColour: c.design.rim,
    });
    ctx.restore();
  }
  return canvas;
}

/** A case leaning out of an open gift box with a ribbon and a bow. */
function drawGift(phone: PhoneOutline, design: SampleDesign): Canvas {
  const { width: W, height: H } = GIFT_SIZE;
  const canvas = drawScene(GIFT_SIZE, [{ phone, design, cx: 0.52, cy: 0.42, height: 0.7, angle: 12 }]);
  const ctx = canvas.getContext('2d') as unknown as Context2D;
  const box = { x: W * 0.16, y: H * 0.56, width: W * 0.68, height: H * 0.38 };

  ctx.save();
  ctx.shadowColor = 'rgba(15,23,42,0.28)';
  ctx.shadowBlur = W * 0.05;
  ctx.shadowOffsetY = W * 0.025;
  const side = ctx.createLinearGradient(box.x, 0, box.x + box.width, 0);
  side.addColorStop(0, '#f26b5b');
  side.addColorStop(1, '#c8453a');
  ctx.fillStyle = side;
  ctx.fillRect(box.x, box.y, box.width, box.height);
  ctx.restore();
  // The box's open rim, and the ribbon down its front.
  ctx.fillStyle = '#a9362d';
  ctx.fillRect(box.x, box.y, box.width, box.height * 0.07);
  const ribbon = box.width * 0.14;
  ctx.fillStyle = '#ffd166';
  ctx.fillRect(box.x + box.width / 2 - ribbon / 2, box.y, ribbon, box.height);
  ctx.fillStyle = 'rgba(0,0,0,0.12)';
  ctx.fillRect(box.x + box.width / 2 + ribbon / 2 - ribbon * 0.18, box.y, ribbon * 0.18, box.height);

  // The bow, on the box's front.
  const bx = box.x + box.width / 2;
  const by = box.y + box.height * 0.36;
  ctx.fillStyle = '#f7b32b';
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.ellipse(bx + side * ribbon * 0.85, by, ribbon * 0.9, ribbon * 0.5, side * -0.35, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = '#ffd166';
  ctx.beginPath();
  ctx.arc(bx, by, ribbon * 0.42, 0, Math.PI * 2);
  ctx.fill();
  return canvas;
}

/** `name-<width>.avif` and `.webp` for each width, from one large drawing. */
async function encodeWidths(name: string, canvas: Canvas, widths: readonly number[]): Promise<void> {
  const png = await canvas.encode('png');
  await Promise.all(
    widths.map(async (width) => {
      const resized = sharp(png).resize({ width });
      await Promise.all([
        resized
          .clone()
          .avif({ quality: 58, effort: 3 })
          .toFile(path.join(generatedDir, `${name}-${width}.avif`)),
        resized
          .clone()
          .webp({ quality: 80, alphaQuality: 90, effort: 5 })
          .toFile(path.join(generatedDir, `${name}-${width}.webp`)),
      ]);
    }),
  );
}

const BRAND_MARKS: Record<string, SimpleIcon> = {
  apple: siApple,
  samsung: siSamsung,
  xiaomi: siXiaomi,
  oppo: siOppo,
};

/** One SVG per brand, in the brand's colour, with simple-icons' notes kept in the file. */
async function writeBrandMarks(): Promise<void> {
  await Promise.all(
    Object.entries(BRAND_MARKS).map(([file, icon]) =>
      writeFile(path.join(generatedDir, `brand-${file}.svg`), brandMarkSvg(icon)),
    ),
  );
}

/** PNG icons for browsers, home screens and the manifest, and a favicon.ico holding a 32 px PNG. */
async function writeIcons(): Promise<void> {
  const svg = await readFile(path.join(webRoot, 'public/favicon.svg'));
  const plain = async (size: number) =>
    sharp(svg, { density: 72 * (size / 32) * 1.5 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer();
  const padded = async (size: number, background: string, padding: number) => {
    const inner = Math.round(size * (1 - 2 * padding));
    return sharp({ create: { width: size, height: size, channels: 4, background } })
      .composite([{ input: await plain(inner) }])
      .png({ compressionLevel: 9 })
      .toBuffer();
  };
  const [ico32, touch, any192, any512, maskable] = await Promise.all([
    plain(32),
    padded(180, '#ffffff', 0.1),
    plain(192),
    plain(512),
    padded(512, '#ffffff', 0.18),
  ]);
  await Promise.all([
    writeFile(path.join(iconsDir, 'apple-touch-icon.png'), touch),
    writeFile(path.join(iconsDir, 'icon-192.png'), any192),
    writeFile(path.join(iconsDir, 'icon-512.png'), any512),
    writeFile(path.join(iconsDir, 'icon-maskable-512.png'), maskable),
    writeFile(path.join(webRoot, 'public/favicon.ico'), icoOf(ico32, 32)),
  ]);
}

/** An ICO file with one PNG image in it (every current browser reads PNG inside ICO). */
function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18);
  return Buffer.concat([header, png]);
}

// ---------------------------------------------------------------------------------------------
// The editor's fonts and stickers

const EDITOR_INPUTS = [
  import.meta.filename,
  path.join(repoRoot, 'packages/contracts/src/scene.ts'),
  ...[...new Set([...FONTS.map((f) => f.package), EMOJI_FONT.package, 'openmoji'])].map((p) =>
    path.join(nodeModules, p, 'package.json'),
  ),
];

/** One face file of public/fonts/ and the characters it holds (CSS `unicode-range`). */
interface FaceFile {
  file: string;
  unicodeRange: string;
}

/** public/fonts/faces.json, read by the editor (src/features/editor/lib/fonts.ts). */
interface FacesManifest {
  /** By FontId: the FONT_SUBSETS faces of the font. */
  fonts: Record<string, FaceFile[]>;
}

async function writeEditorAssets(): Promise<void> {
  const started = performance.now();
  const stampFile = path.join(generatedDir, '.editor-stamp');
  const hash = createHash('sha256');
  for (const file of EDITOR_INPUTS) hash.update(await readFile(file));
  const stamp = hash.digest('hex');
  const manifestFile = path.join(fontsDir, 'faces.json');
  const made = await readFile(manifestFile).then(
    () => true,
    () => false,
  );
  if (made && (await readFile(stampFile, 'utf8').catch(() => '')) === stamp) {
    console.info('editor fonts and stickers: up to date');
    return;
  }
  await Promise.all([
    rm(fontsDir, { recursive: true, force: true }),
    rm(stickersDir, { recursive: true, force: true }),
  ]);
  await Promise.all([mkdir(fontsDir, { recursive: true }), mkdir(stickersDir, { recursive: true })]);

  const manifest: FacesManifest = { fonts: {} };
  const copies: { pkg: string; file: string }[] = [];
  for (const font of FONTS) {
    const faces = await fontFaceFiles(font.package, `${font.weight}.css`);
    manifest.fonts[font.id] = FONT_SUBSETS.map((subset) => {
      const file = `${font.stem}-${subset}-${font.weight}-normal.woff2`;
      const face = faces.find((f) => f.file === file);
      if (!face) throw new Error(`${font.package}/${font.weight}.css has no face ${file}`);
      copies.push({ pkg: font.package, file });
      return face;
    });
  }

  await Promise.all([
    ...copies.map(({ pkg, file }) =>
      copyFile(path.join(nodeModules, pkg, 'files', file), path.join(fontsDir, file)),
    ),
    copyFile(
      path.join(nodeModules, EMOJI_FONT.package, EMOJI_FONT.file),
      path.join(fontsDir, EMOJI_FONT.file),
    ),
    ...STICKERS.map(async (s) => {
      const svg = await readFile(path.join(nodeModules, 'openmoji/color/svg', `${s.hex}.svg`), 'utf8');
      await writeFile(path.join(stickersDir, `${s.id}.svg`), stickerSvg(svg, s.hex));
    }),
  ]);
  await writeFile(manifestFile, `${JSON.stringify(manifest)}\n`);
  await writeFile(stampFile, stamp);
  console.info(
    `editor fonts and stickers: ${copies.length + 1} faces, ${STICKERS.length} stickers in ${Math.round(performance.now() - started)} ms`,
  );
}

/** The woff2 files and unicode-ranges of the `@font-face` rules of one CSS file of a @fontsource package. */
async function fontFaceFiles(pkg: string, cssFile: string): Promise<FaceFile[]> {
  const css = await readFile(path.join(nodeModules, pkg, cssFile), 'utf8');
  const faces: FaceFile[] = [];
  for (const rule of css.matchAll(/@font-face\s*{([^}]*)}/g)) {
    const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(rule[1]!)?.[1];
    const unicodeRange = /unicode-range:\s*([^;]+);/.exec(rule[1]!)?.[1]?.trim();
    if (file && unicodeRange) faces.push({ file, unicodeRange });
  }
  return faces;
}

/**
 * An OpenMoji SVG as the editor and the print draw it: with its 72-unit size stated (an SVG without
 * width and height has no natural size for drawImage in every browser) and the credit and licence
 * the CC BY-SA 4.0 asks for in the file itself.
 */
function stickerSvg(svg: string, hex: string): string {
  const root = /<svg\b[^>]*>/.exec(svg);
  if (!root) throw new Error(`openmoji ${hex}.svg has no <svg> element`);
  const sized = root[0].includes(' width=')
    ? root[0]
    : root[0].replace('<svg', '<svg width="72" height="72"');
  const note = `<!-- OpenMoji ${hex} (https://openmoji.org), CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/); width and height added. -->`;
  return `${svg.slice(0, root.index)}${sized}\n${note}${svg.slice(root.index + root[0].length)}`;
}

await main();
