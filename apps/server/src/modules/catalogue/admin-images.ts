/**
 * The back office's upload of catalogue images (`POST /api/admin/images?kind=`, `http/admin-images.ts`) (brand marks,
 * model photos, store photos and case templates). Customer photos have their own pipeline
 * (`images/pipeline.ts`); these are public files that every visitor's browser loads, so:
 *
 * - admins only, decided before a byte of the body is read;
 * - PNG, JPEG or WebP by their magic bytes (never SVG or anything else that can carry a script),
 *   at most CATALOGUE_MAX_BYTES and CATALOGUE_MAX_PIXELS (read from the header before decoding),
 *   still images only;
 * - always re-encoded from decoded pixels, so no metadata and no trailing payload survive;
 * - a template must be a PNG with transparency, and gets the crop rule of docs/product.md §9.4 here, once: its crop
 *   box must exist (some non-empty pixel) and near-white pixels are stored whitened, so the editor,
 *   the print renderer and the back office's preview all start from the same pixels.
 *
 * Every check runs before anything is stored: a refused upload leaves no row and no file.
 */
import { cropBox, whitenNearWhiteInPlace } from '@shop/case-geometry/template-rules';
import type { Rect } from '@shop/case-geometry/transform';
import type { CatalogueImageKind } from '@shop/contracts/admin';
import { messages } from '@shop/contracts/messages';
import type { SharpOptions } from 'sharp';
import { AppError, fail } from '../../lib/errors.ts';
import sharp from '../../lib/sharp.ts';
import { pngFrameCount, sniffImageFormat } from '../images/index.ts';

export const CATALOGUE_MAX_BYTES = 10 * 1024 * 1024;
export const CATALOGUE_MAX_PIXELS = 25_000_000;
/** Brand, model and store pictures are shown small: a larger one would only slow the shop down. */
export const CATALOGUE_MAX_SIDE = 1600;

const INPUT: SharpOptions = { limitInputPixels: CATALOGUE_MAX_PIXELS, failOn: 'error' };

type CatalogueFormat = 'png' | 'jpeg' | 'webp';

interface ProcessedImage {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
  cropBox?: Rect;
}

const unsupported = () => fail(415, 'UNSUPPORTED_IMAGE', 'catalogueImageUnsupported');
export const catalogueImageTooLarge = () => fail(413, 'IMAGE_TOO_LARGE', 'catalogueImageTooLarge');
const tooManyPixels = () => fail(413, 'IMAGE_TOO_LARGE', 'catalogueImageTooManyPixels');
const unreadable = () => fail(422, 'UNREADABLE_IMAGE', 'unreadableImage');

function readFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  return /exceeds pixel limit/i.test(String((err as Error)?.message)) ? tooManyPixels() : unreadable();
}

/** Type by content, size and frames from the header: nothing is decoded before these pass. */
async function inspect(input: Buffer): Promise<{ format: CatalogueFormat; hasAlpha: boolean }> {
  const sniffed = sniffImageFormat(input);
  if (sniffed !== 'png' && sniffed !== 'jpeg' && sniffed !== 'webp') throw unsupported();
  const meta = await sharp(input, INPUT)
    .metadata()
    .catch((err: unknown) => {
      throw readFailure(err);
    });
  if (meta.format !== sniffed) throw unsupported();
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > CATALOGUE_MAX_PIXELS) throw tooManyPixels();
  if ((meta.pages ?? 1) > 1 || (sniffed === 'png' && pngFrameCount(input) > 1)) {
    throw new AppError(415, 'UNSUPPORTED_IMAGE', messages.animatedImage);
  }
  return { format: sniffed, hasAlpha: meta.hasAlpha === true };
}

/** A brand, model or store picture: turned upright, at most CATALOGUE_MAX_SIDE, same format, alpha kept. */
async function processPicture(input: Buffer, format: CatalogueFormat): Promise<ProcessedImage> {
  try {
    const image = sharp(input, INPUT)
      .rotate()
      .resize({
        width: CATALOGUE_MAX_SIDE,
        height: CATALOGUE_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb');
    const encoded =
      format === 'png'
        ? image.png({ compressionLevel: 9 })
        : format === 'jpeg'
          ? image.jpeg({ quality: 90, mozjpeg: true })
          : image.webp({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: `image/${format}`, width: info.width, height: info.height };
  } catch (err) {
    throw readFailure(err);
  }
}

/** True when some pixel lets the photo through (alpha below 255). */
function hasTransparency(rgba: Buffer): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! < 255) return true;
  return false;
}

/** A case template: a PNG with transparency, whitened by docs/product.md §9.4, with its crop box. */
async function processTemplate(
  input: Buffer,
  format: CatalogueFormat,
  hasAlpha: boolean,
): Promise<ProcessedImage> {
  if (format !== 'png' || !hasAlpha) throw fail(415, 'UNSUPPORTED_IMAGE', 'templateNeedsAlpha');
  let raw: { data: Buffer; info: sharp.OutputInfo };
  try {
    raw = await sharp(input, INPUT)
      .ensureAlpha()
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw readFailure(err);
  }
  const { data, info } = raw;
  if (info.channels !== 4) throw unreadable();
  if (!hasTransparency(data)) throw fail(415, 'UNSUPPORTED_IMAGE', 'templateNeedsAlpha');
  const box = cropBox(data, info.width, info.height);
  if (!box) throw fail(400, 'VALIDATION_FAILED', 'templateEmpty');
  whitenNearWhiteInPlace(data);
  const bytes = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { bytes, contentType: 'image/png', width: info.width, height: info.height, cropBox: box };
}

export async function processCatalogueImage(
  kind: CatalogueImageKind,
  input: Buffer,
): Promise<ProcessedImage> {
  if (input.length === 0) throw new AppError(400, 'NO_IMAGE', messages.noImageProvided);
  if (input.length > CATALOGUE_MAX_BYTES) throw catalogueImageTooLarge();
  const { format, hasAlpha } = await inspect(input);
  return kind === 'template' ? processTemplate(input, format, hasAlpha) : processPicture(input, format);
}
