/**
 * The print file of a design, which is a scene (`@shop/contracts/scene`: a layout of photos with
 * filters, texts, stickers; a one-photo design is the scene `sceneFromTransform` makes), drawn
 * with the SAME function the editor draws on screen (`drawScene` of `@shop/case-render/scene`) on
 * @napi-rs/canvas (Skia) at the case's real size (the template's crop box at `dpi`, 300 by
 * default), from the ORIGINAL photos, with the same font files and sticker images the browser
 * uses: a PNG that records its resolution (pHYs) and a one-page PDF of exactly the case's size.
 *
 * To stay fast on 12-48 MP photos it never builds a photo larger than it prints:
 *
 * 1. per slot, `visiblePhotoRect` gives the part of the photo that lands in its cell;
 * 2. sharp decodes just that, at the size it is drawn (a JPEG or WebP reduced by half or more is
 *    shrunk while decoding, then cut), as RGBA, one photo at a time (bench/scene-print.ts);
 * 3. the slot's filter is applied to those pixels (`applyFilter`, as the editor does on its copy),
 *    and the pixels are handed to `drawScene` with the `region` of the photo they hold;
 * 4. the template's crop box, whitened by the rule of docs/product.md §9.4 and scaled to the
 *    canvas, is the scene's overlay.
 *
 * STYLES of the overlay
 * - 'print' (default, the file the printer gets): the mask is the template's own alpha with its
 *   colours set to white. Outside the body and the camera opening come out white (no ink) and the
 *   template's drawing aids disappear: the grey camera island and the dark outline stroke would
 *   otherwise be printed as ink on the case (a visible grey patch around the camera, a dark line
 *   along the edge wherever the print is a fraction of a millimetre off). The stroke's inner half
 *   turns white too: about 0.06 mm at our 8 px/mm templates, below what the printer resolves.
 *   Taking the mask from the template (not from the outline's geometry) keeps working for any
 *   template image an administrator uploads.
 * - 'preview': the whitened template laid over the design exactly as the editor draws it, grey
 *   island and outline included, for comparing with the PNG the browser stored.
 *
 * Fonts are registered once per process (lib/scene-text.ts) under the family names the scene's CSS
 * fonts use; sticker SVGs are loaded once and drawn as vectors at whatever size they print.
 */
import { createRequire } from 'node:module';
import { createCanvas, type Image, ImageData, loadImage } from '@napi-rs/canvas';
import type { PhoneOutline } from '@shop/case-geometry/outline';
import { mmToPt, PRINT_DPI, printSize } from '@shop/case-geometry/print-size';
import { cropBox, cropRgba, whitenNearWhiteInPlace } from '@shop/case-geometry/template-rules';
import { type Rect, visiblePhotoRect } from '@shop/case-geometry/transform';
import { dpi as asDpi, mm } from '@shop/case-geometry/units';
import { applyFilter, drawScene, type SceneContext, type ScenePhoto } from '@shop/case-render/scene';
import type { DesignTransform } from '@shop/contracts/orders';
import { type CellRect, type FilterId, layoutCells, type Scene, stickerInfo } from '@shop/contracts/scene';
import type { SharpOptions } from 'sharp';
import { registerSceneFonts } from '../../lib/scene-text.ts';
import sharp from '../../lib/sharp.ts';
import { pdfWithFullPagePng, type WhiteLayer, whiteRowBytes } from './pdf.ts';

export type PrintStyle = 'print' | 'preview';

export interface RenderedPrint {
  png: Buffer;
  pdf: Buffer;
  widthPx: number;
  heightPx: number;
  dpi: number;
  /** The white-ink layer under the design (in the PDF), for a clear case; null otherwise. */
  white: WhiteLayer | null;
}

export interface RenderScenePrintInput {
  scene: Scene;
  /** The original uploads' bytes, one per slot of the scene (the photo its slot names). */
  photos: readonly Buffer[];
  /** The model's template image (PNG with the body transparent). */
  template: Buffer;
  outline: PhoneOutline;
  /** Pixels per inch of the output; 300 by default. */
  dpi?: number;
  style?: PrintStyle;
  /** Title stored in the PDF's metadata. */
  title?: string;
  /**
   * For a clear case: the name of the printer's white ink. The PDF then carries a white layer
   * under the design (see `whiteLayer`). Absent or null: no white layer, the file as always.
   */
  whiteInk?: string | null;
}

const MIN_DPI = 10;
const MAX_DPI = 1200;
/** Reduced by at least half: JPEG and WebP decoders can shrink while decoding. */
const SHRINK_ON_LOAD_BELOW = 0.5;
/** zlib level for the PNG: 3 is within a few per cent of 6 in size and much faster on photos. */
const PNG_COMPRESSION = 3;

/** Resolves files of our npm dependencies (sticker SVGs) wherever they are installed. */
const packageFiles = createRequire(import.meta.url);

/** Sticker images by sticker id, loaded once (an OpenMoji SVG draws sharp at any size). */
const stickerImages = new Map<string, Promise<Image>>();

function stickerImage(id: string): Promise<Image> {
  let image = stickerImages.get(id);
  if (!image) {
    const info = stickerInfo(id);
    if (!info) return Promise.reject(new Error(`unknown sticker ${id}`));
    image = loadImage(packageFiles.resolve(`openmoji/color/svg/${info.hex}.svg`));
    // A failed load is not cached: the next print tries again.
    image.catch(() => stickerImages.delete(id));
    stickerImages.set(id, image);
  }
  return image;
}

async function stickersOf(scene: Scene): Promise<Map<string, Image>> {
  const ids = [...new Set(scene.layers.flatMap((l) => (l.kind === 'sticker' ? [l.sticker] : [])))];
  const images = await Promise.all(ids.map(stickerImage));
  return new Map(ids.map((id, i) => [id, images[i]!]));
}

interface OpenedPhoto {
  input: Buffer;
  options: SharpOptions;
  width: number;
  height: number;
  canShrinkOnLoad: boolean;
}

async function openPhoto(bytes: Buffer): Promise<OpenedPhoto> {
  const meta = await sharp(bytes).metadata();
  if (!meta.width || !meta.height) throw new Error('photo has no dimensions');
  if ((meta.orientation ?? 1) > 1) {
    // Uploads are stored with EXIF orientation applied; should one slip through, turn it upright
    // first, as the browser shows it. Raw pixels keep it lossless.
    const { data, info } = await sharp(bytes).autoOrient().raw().toBuffer({ resolveWithObject: true });
    return {
      input: data,
      options: { raw: { width: info.width, height: info.height, channels: info.channels } },
      width: info.width,
      height: info.height,
      canShrinkOnLoad: false,
    };
  }
  return {
    input: bytes,
    options: {},
    width: meta.width,
    height: meta.height,
    canShrinkOnLoad: meta.format === 'jpeg' || meta.format === 'webp',
  };
}

/** Whole photo pixels covering a fractional rectangle, inside the photo. */
function pixelBounds(r: Rect, limit: { width: number; height: number }): Rect {
  const eps = 1e-6;
  const x = Math.max(0, Math.floor(r.x + eps));
  const y = Math.max(0, Math.floor(r.y + eps));
  const right = Math.min(limit.width, Math.ceil(r.x + r.width - eps));
  const bottom = Math.min(limit.height, Math.ceil(r.y + r.height - eps));
  return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) };
}

/**
 * The template's crop box as an RGBA layer of the output's size: whitened by the rule of
 * docs/product.md §9.4 and, for the 'print' style, with every colour set to white (see the top of
 * the file).
 */
async function templateMask(
  template: Buffer,
  output: { width: number; height: number },
  style: PrintStyle,
): Promise<Buffer> {
  const { data, info } = await sharp(template)
    .ensureAlpha()
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`unexpected template raster with ${info.channels} channels`);
  const pixels = new Uint8Array(data.buffer, data.byteOffset, data.length);
  const box = cropBox(pixels, info.width, info.height);
  if (!box) throw new Error('the template has no visible pixels');
  const layer = cropRgba(pixels, info.width, box);
  whitenNearWhiteInPlace(layer);
  if (style === 'print') {
    for (let i = 0; i < layer.length; i += 4) {
      layer[i] = 255;
      layer[i + 1] = 255;
      layer[i + 2] = 255;
    }
  }
  return sharp(layer, { raw: { width: box.width, height: box.height, channels: 4 } })
    .resize(output.width, output.height, { fit: 'fill' })
    .raw()
    .toBuffer();
}

/** RGBA pixels as something drawImage takes. */
function rgbaCanvas(data: Buffer, width: number, height: number) {
  const canvas = createCanvas(width, height);
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  canvas.getContext('2d').putImageData(new ImageData(pixels, width, height), 0, 0);
  return canvas;
}

/**
 * One slot's photo: the part visible in the cell, decoded at the size it is drawn, filtered.
 * `region` says which part of the whole photo (in the original's pixels) the image holds.
 */
async function slotPhoto(
  bytes: Buffer,
  transform: DesignTransform,
  filter: FilterId,
  cell: CellRect,
): Promise<ScenePhoto> {
  const photo = await openPhoto(bytes);
  const size = { width: photo.width, height: photo.height };
  // Output pixels per photo pixel.
  const k = (transform.scale * cell.width) / photo.width;
  // The cell's size only: the transform is relative to the cell, wherever the cell lies.
  const frame = { width: cell.width, height: cell.height };
  const visible = visiblePhotoRect(transform, size, frame) ?? { x: 0, y: 0, width: 1, height: 1 };
  let pipeline = sharp(photo.input, photo.options);
  let region: Rect;
  if (photo.canShrinkOnLoad && k <= SHRINK_ON_LOAD_BELOW) {
    // Resize the whole photo first, so the decoder shrinks while decoding, then cut the window.
    const scaled = {
      width: Math.max(1, Math.round(photo.width * k)),
      height: Math.max(1, Math.round(photo.height * k)),
    };
    const sx = scaled.width / photo.width;
    const sy = scaled.height / photo.height;
    const window = pixelBounds(
      { x: visible.x * sx, y: visible.y * sy, width: visible.width * sx, height: visible.height * sy },
      scaled,
    );
    pipeline = pipeline
      .resize(scaled.width, scaled.height, { fit: 'fill' })
      .extract({ left: window.x, top: window.y, width: window.width, height: window.height });
    region = { x: window.x / sx, y: window.y / sy, width: window.width / sx, height: window.height / sy };
  } else {
    region = pixelBounds(visible, size);
    if (region.width !== photo.width || region.height !== photo.height) {
      pipeline = pipeline.extract({
        left: region.x,
        top: region.y,
        width: region.width,
        height: region.height,
      });
    }
    const target = {
      width: Math.max(1, Math.round(region.width * k)),
      height: Math.max(1, Math.round(region.height * k)),
    };
    if (target.width !== region.width || target.height !== region.height) {
      pipeline = pipeline.resize(target.width, target.height, { fit: 'fill' });
    }
  }
  const { data, info } = await pipeline
    .ensureAlpha()
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`unexpected photo raster with ${info.channels} channels`);
  applyFilter(data, 4, filter);
  return { image: rgbaCanvas(data, info.width, info.height), size, region };
}

/** A design's pixel is opaque, and gets white ink under it, from this alpha on (50 %). */
export const WHITE_ALPHA_THRESHOLD = 128;

/**
 * A scene's background that is white is, on a clear case, the case itself: white prints no ink,
 * so there the case stays clear (no white ink either). Any other background colour is design.
 */
const isClearBackground = (background: string): boolean => /^#f{6}$/i.test(background);

/**
 * Where white ink goes under a clear case's design: the pixels where the design (photos, texts,
 * stickers and a background that is not white, drawn without the template) is opaque, alpha at
 * least WHITE_ALPHA_THRESHOLD, and that lie on the case's printable area (where the template's
 * mask is transparent: not outside the body, not the camera opening).
 */
function whiteLayer(
  scene: Scene,
  images: { photos: ScenePhoto[]; stickers: Map<string, Image> },
  mask: Buffer,
  size: { width: number; height: number },
  ink: string,
): WhiteLayer {
  const { width: W, height: H } = size;
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  const design = isClearBackground(scene.background) ? { ...scene, background: 'rgba(0,0,0,0)' } : scene;
  drawScene(
    ctx as unknown as SceneContext,
    design,
    { ...images, overlay: null },
    { x: 0, y: 0, width: W, height: H },
  );
  const rgba = ctx.getImageData(0, 0, W, H).data;
  const rowBytes = whiteRowBytes(W);
  const bits = Buffer.alloc(rowBytes * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const a = (y * W + x) * 4 + 3;
      if (rgba[a]! >= WHITE_ALPHA_THRESHOLD && mask[a]! < WHITE_ALPHA_THRESHOLD) {
        bits[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    }
  }
  return { ink, width: W, height: H, bits };
}

/** The PNG and PDF print files of a design. */
export async function renderScenePrintFile(input: RenderScenePrintInput): Promise<RenderedPrint> {
  const { scene } = input;
  const resolution = input.dpi ?? PRINT_DPI;
  if (!Number.isFinite(resolution) || resolution < MIN_DPI || resolution > MAX_DPI) {
    throw new RangeError(`dpi must be between ${MIN_DPI} and ${MAX_DPI}, got ${resolution}`);
  }
  if (input.photos.length !== scene.slots.length) {
    throw new Error(`the scene has ${scene.slots.length} slots and ${input.photos.length} photos were given`);
  }
  registerSceneFonts();
  const size = printSize(input.outline, asDpi(resolution));
  const W = size.widthPx as number;
  const H = size.heightPx as number;
  const cells = layoutCells(scene.layout, { width: W, height: H });

  // One photo at a time: four 12-48 MP decodes at once would multiply the peak memory for little
  // gain on a 2-core server (libvips already uses both cores on each).
  const photos: ScenePhoto[] = [];
  for (const [i, slot] of scene.slots.entries()) {
    const bytes = input.photos[i];
    if (!slot.transform || !bytes) throw new Error(`slot ${i} of the scene has no placed photo`);
    photos.push(await slotPhoto(bytes, slot.transform, slot.filter, cells[i]!));
  }
  const [stickers, mask] = await Promise.all([
    stickersOf(scene),
    templateMask(input.template, { width: W, height: H }, input.style ?? 'print'),
  ]);

  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  drawScene(
    ctx as unknown as SceneContext,
    scene,
    { photos, stickers, overlay: rgbaCanvas(mask, W, H) },
    { x: 0, y: 0, width: W, height: H },
  );
  const rgba = ctx.getImageData(0, 0, W, H).data;
  const png = await sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.length), {
    raw: { width: W, height: H, channels: 4 },
  })
    // The background fills the box: every pixel is opaque, and the print file has no alpha.
    .removeAlpha()
    .png({ compressionLevel: PNG_COMPRESSION })
    .withMetadata({ density: resolution })
    .toBuffer();
  const white = input.whiteInk
    ? whiteLayer(scene, { photos, stickers }, mask, { width: W, height: H }, input.whiteInk)
    : null;
  const pdf = await pdfWithFullPagePng(
    png,
    { widthPt: mmToPt(mm(input.outline.widthMm)), heightPt: mmToPt(mm(input.outline.heightMm)) },
    input.title,
    white,
  );
  return { png, pdf, widthPx: W, heightPx: H, dpi: resolution, white };
}
