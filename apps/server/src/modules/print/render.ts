/**
 * The print file: the customer's ORIGINAL photo placed by the stored DesignTransform on the case
 * at its real size (the template's crop box at `dpi`, 300 by default), the template mask over it,
 * as a PNG that records its resolution (pHYs) and a one-page PDF of exactly the case's size.
 *
 * The placement uses the same case-geometry functions as the browser editor; only the output size
 * differs. To stay fast on 12-48 MP photos nothing larger than needed is ever built:
 *
 * 1. `visiblePhotoRect` gives the part of the photo that lands on the case (inverse matrix).
 * 2. sharp decodes and scales just that: it extracts the region, then resizes it to its final
 *    size. When the photo is reduced by half or more and is a JPEG or WebP, it instead resizes the
 *    whole photo so that libjpeg/libwebp shrink while decoding (2-4x fewer pixels decoded), then
 *    cuts the visible window out of the result.
 * 3. The mirror and quarter turns are a pure re-indexing of pixels, done while copying the window
 *    onto the white canvas (exact, and cheaper than another sharp pass).
 * 4. The template's crop box, whitened by the rule of docs/product.md §9.4, is scaled to the canvas and laid over.
 *
 * STYLES
 * - 'print' (default, the file the printer gets): the mask is the template's own alpha with its
 *   colours set to white. Outside the body and the camera opening come out white (no ink) and the
 *   template's drawing aids disappear: the grey camera island and the dark outline stroke would
 *   otherwise be printed as ink on the case (a visible grey patch around the camera, a dark line
 *   along the edge wherever the print is a fraction of a millimetre off). The stroke's inner half
 *   turns white too: about 0.06 mm at our 8 px/mm templates, below what the printer resolves.
 *   Taking the mask from the template (not from the outline's geometry) keeps working for any
 *   template image an administrator uploads.
 * - 'preview': the whitened template composited over the photo exactly as the editor draws it,
 *   grey island and outline included, for comparing with the PNG the browser stored.
 */
import type { PhoneOutline } from '@shop/case-geometry/outline';
import { mmToPt, PRINT_DPI, printSize } from '@shop/case-geometry/print-size';
import { cropBox, cropRgba, whitenNearWhiteInPlace } from '@shop/case-geometry/template-rules';
import {
  normaliseQuarterTurns,
  photoToOutputMatrix,
  type QuarterTurns,
  type Rect,
  transformRect,
  visiblePhotoRect,
} from '@shop/case-geometry/transform';
import { dpi as asDpi, mm } from '@shop/case-geometry/units';
import type { DesignTransform } from '@shop/contracts/orders';
import type { SharpOptions } from 'sharp';
import sharp from '../../lib/sharp.ts';
import { pdfWithFullPagePng } from './pdf.ts';

export type PrintStyle = 'print' | 'preview';

export interface RenderPrintInput {
  /** The original upload's bytes (not the editor's downscaled copy). */
  photo: Buffer;
  /** The model's template image (PNG with the body transparent). */
  template: Buffer;
  outline: PhoneOutline;
  transform: DesignTransform;
  /** Pixels per inch of the output; 300 by default. */
  dpi?: number;
  style?: PrintStyle;
  /** Title stored in the PDF's metadata. */
  title?: string;
}

export interface PrintRaster {
  /** Packed 8-bit RGB, row by row, no alpha. */
  rgb: Buffer;
  widthPx: number;
  heightPx: number;
  dpi: number;
}

export interface RenderedPrint {
  png: Buffer;
  pdf: Buffer;
  widthPx: number;
  heightPx: number;
  dpi: number;
}

export const MIN_DPI = 10;
export const MAX_DPI = 1200;
/** Reduced by at least half: JPEG and WebP decoders can shrink while decoding. */
const SHRINK_ON_LOAD_BELOW = 0.5;
/** zlib level for the PNG: 3 is within a few per cent of 6 in size and much faster on photos. */
export const PNG_COMPRESSION = 3;
const WHITE = { r: 255, g: 255, b: 255 };

/** The PNG and PDF print files. */
export async function renderPrintFile(input: RenderPrintInput): Promise<RenderedPrint> {
  const raster = await renderPrintRaster(input);
  const png = await sharp(raster.rgb, {
    raw: { width: raster.widthPx, height: raster.heightPx, channels: 3 },
  })
    .png({ compressionLevel: PNG_COMPRESSION })
    .withMetadata({ density: raster.dpi })
    .toBuffer();
  const pdf = await pdfWithFullPagePng(
    png,
    { widthPt: mmToPt(mm(input.outline.widthMm)), heightPt: mmToPt(mm(input.outline.heightMm)) },
    input.title,
  );
  return { png, pdf, widthPx: raster.widthPx, heightPx: raster.heightPx, dpi: raster.dpi };
}

/** The print image as raw RGB pixels (what `renderPrintFile` encodes). */
export async function renderPrintRaster(input: RenderPrintInput): Promise<PrintRaster> {
  const resolution = input.dpi ?? PRINT_DPI;
  if (!Number.isFinite(resolution) || resolution < MIN_DPI || resolution > MAX_DPI) {
    throw new RangeError(`dpi must be between ${MIN_DPI} and ${MAX_DPI}, got ${resolution}`);
  }
  const size = printSize(input.outline, asDpi(resolution));
  const output = { width: size.widthPx as number, height: size.heightPx as number };
  const [rgb, mask] = await Promise.all([
    placePhoto(input.photo, input.transform, output),
    templateMask(input.template, output, input.style ?? 'print'),
  ]);
  compositeOver(rgb, mask);
  return { rgb, widthPx: output.width, heightPx: output.height, dpi: resolution };
}

export interface OpenedPhoto {
  input: Buffer;
  options: SharpOptions;
  width: number;
  height: number;
  canShrinkOnLoad: boolean;
  hasAlpha: boolean;
}

export async function openPhoto(bytes: Buffer): Promise<OpenedPhoto> {
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
      hasAlpha: info.channels === 2 || info.channels === 4,
    };
  }
  return {
    input: bytes,
    options: {},
    width: meta.width,
    height: meta.height,
    canShrinkOnLoad: meta.format === 'jpeg' || meta.format === 'webp',
    hasAlpha: meta.hasAlpha ?? false,
  };
}

/** Whole photo pixels covering a fractional rectangle, inside the photo. */
export function pixelBounds(r: Rect, limit: { width: number; height: number }): Rect {
  const eps = 1e-6;
  const x = Math.max(0, Math.floor(r.x + eps));
  const y = Math.max(0, Math.floor(r.y + eps));
  const right = Math.min(limit.width, Math.ceil(r.x + r.width - eps));
  const bottom = Math.min(limit.height, Math.ceil(r.y + r.height - eps));
  return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) };
}

/**
 * Pixel (X, Y) of the placed (mirrored and turned) image -> pixel (i, j) of the image before the
 * mirror and turns, of size w x h. The integer form of the transform's R(q) . F(flipX).
 */
function placedToUpright(q: QuarterTurns, flipX: boolean, w: number, h: number) {
  return (X: number, Y: number): { i: number; j: number } => {
    let i: number;
    let j: number;
    if (q === 0) [i, j] = [X, Y];
    else if (q === 1) [i, j] = [Y, h - 1 - X];
    else if (q === 2) [i, j] = [w - 1 - X, h - 1 - Y];
    else [i, j] = [w - 1 - Y, X];
    return { i: flipX ? w - 1 - i : i, j };
  };
}

/** A white RGB canvas of the output's size with the photo placed on it. */
async function placePhoto(
  bytes: Buffer,
  transform: DesignTransform,
  output: { width: number; height: number },
) {
  const W = output.width;
  const H = output.height;
  const canvas = Buffer.alloc(W * H * 3, 255);
  const photo = await openPhoto(bytes);
  const photoSize = { width: photo.width, height: photo.height };
  const visible = visiblePhotoRect(transform, photoSize, output);
  if (!visible) return canvas;

  const q = normaliseQuarterTurns(transform.quarterTurns);
  const scale = (transform.scale * W) / photo.width;
  const shrinkOnLoad = photo.canShrinkOnLoad && scale <= SHRINK_ON_LOAD_BELOW;
  // The photo pixels to decode and where they land on the canvas (may reach outside it).
  const region = shrinkOnLoad ? { x: 0, y: 0, ...photoSize } : pixelBounds(visible, photoSize);
  const placed = transformRect(photoToOutputMatrix(transform, photoSize, output), region);
  const left = Math.round(placed.x);
  const top = Math.round(placed.y);
  const placedW = Math.max(1, Math.round(placed.x + placed.width) - left);
  const placedH = Math.max(1, Math.round(placed.y + placed.height) - top);
  const uprightW = q % 2 ? placedH : placedW;
  const uprightH = q % 2 ? placedW : placedH;

  // The part of the placed image inside the canvas, and the same pixels before mirror and turns.
  const X0 = Math.max(0, -left);
  const Y0 = Math.max(0, -top);
  const X1 = Math.min(placedW, W - left);
  const Y1 = Math.min(placedH, H - top);
  if (X1 <= X0 || Y1 <= Y0) return canvas;
  const toUpright = placedToUpright(q, transform.flipX, uprightW, uprightH);
  const c0 = toUpright(X0, Y0);
  const c1 = toUpright(X1 - 1, Y1 - 1);
  const window = {
    left: Math.min(c0.i, c1.i),
    top: Math.min(c0.j, c1.j),
    width: Math.abs(c0.i - c1.i) + 1,
    height: Math.abs(c0.j - c1.j) + 1,
  };

  let pipeline = sharp(photo.input, photo.options);
  const wholePhoto = region.width === photo.width && region.height === photo.height;
  if (!wholePhoto) {
    pipeline = pipeline.extract({
      left: region.x,
      top: region.y,
      width: region.width,
      height: region.height,
    });
  }
  pipeline = pipeline.resize(uprightW, uprightH, { fit: 'fill' });
  if (window.width !== uprightW || window.height !== uprightH) pipeline = pipeline.extract(window);
  if (photo.hasAlpha) pipeline = pipeline.flatten({ background: WHITE });
  const { data, info } = await pipeline
    .removeAlpha()
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3 || info.width !== window.width || info.height !== window.height) {
    throw new Error(`unexpected photo raster ${info.width}x${info.height}x${info.channels}`);
  }

  // Copy the window onto the canvas, mirroring and turning by re-indexing. Along a canvas row the
  // source index moves by a constant step, so the inner loop is three byte copies and an add.
  const origin = toUpright(X0, Y0);
  const next = toUpright(X0 + 1, Y0);
  const below = toUpright(X0, Y0 + 1);
  const srcIndex = (p: { i: number; j: number }) =>
    ((p.j - window.top) * window.width + (p.i - window.left)) * 3;
  const stepX = srcIndex(next) - srcIndex(origin);
  const stepY = srcIndex(below) - srcIndex(origin);
  const rowLength = X1 - X0;
  for (let Y = Y0; Y < Y1; Y++) {
    let src = srcIndex(origin) + (Y - Y0) * stepY;
    let dst = ((top + Y) * W + left + X0) * 3;
    if (stepX === 3) {
      data.copy(canvas, dst, src, src + rowLength * 3);
      continue;
    }
    for (let n = 0; n < rowLength; n++) {
      canvas[dst] = data[src]!;
      canvas[dst + 1] = data[src + 1]!;
      canvas[dst + 2] = data[src + 2]!;
      dst += 3;
      src += stepX;
    }
  }
  return canvas;
}

/**
 * The template's crop box as an RGBA layer of the output's size: whitened by the rule of docs/product.md §9.4 and,
 * for the 'print' style, with every colour set to white (see the top of the file).
 */
export async function templateMask(
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

/** Source-over of an RGBA layer onto an RGB canvas of the same size, in place. */
function compositeOver(rgb: Buffer, rgba: Buffer): void {
  if (rgba.length / 4 !== rgb.length / 3) throw new Error('layer and canvas sizes differ');
  for (let p = 0, m = 0; p < rgb.length; p += 3, m += 4) {
    const a = rgba[m + 3]!;
    if (a === 0) continue;
    if (a === 255) {
      rgb[p] = rgba[m]!;
      rgb[p + 1] = rgba[m + 1]!;
      rgb[p + 2] = rgba[m + 2]!;
      continue;
    }
    const b = 255 - a;
    rgb[p] = (rgba[m]! * a + rgb[p]! * b + 127) / 255;
    rgb[p + 1] = (rgba[m + 1]! * a + rgb[p + 1]! * b + 127) / 255;
    rgb[p + 2] = (rgba[m + 2]! * a + rgb[p + 2]! * b + 127) / 255;
  }
}
