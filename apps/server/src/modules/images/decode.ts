import type { ErrorCode } from '@shop/contracts/errors';
import { type MessageKey, messages } from '@shop/contracts/messages';
import type { SharpOptions } from 'sharp';
import { AppError } from '../../lib/errors.ts';
import sharp from '../../lib/sharp.ts';
import { type DecodedHeic, decodeHeic, HeicDecodeError } from './heic.ts';
import { MAX_PIXELS, shapeProblem } from './limits.ts';
import { pngFrameCount, type SourceFormat } from './sniff.ts';

/**
 * Reading an upload for the ingest pipeline (pipeline.ts): its header without decoding a pixel,
 * then its pixels, once, as raw 8-bit sRGB in the orientation they are stored in. Every refusal
 * here is the customer's file, never a 500.
 */

const WHITE = { r: 255, g: 255, b: 255 };

/** Every sharp call: refuse more pixels than the cap, and fail on truncated or broken data. */
export const INPUT: SharpOptions = { limitInputPixels: MAX_PIXELS, failOn: 'error' };

const refuse = (status: number, code: ErrorCode, key: MessageKey) =>
  new AppError(status, code, messages[key]);
export const tooLarge = () => refuse(413, 'IMAGE_TOO_LARGE', 'imageTooLarge');
const tooManyPixels = () => refuse(413, 'IMAGE_TOO_LARGE', 'imageTooManyPixels');
export const unsupported = () => refuse(415, 'UNSUPPORTED_IMAGE', 'unsupportedImage');
const animated = () => refuse(415, 'UNSUPPORTED_IMAGE', 'animatedImage');
const unreadable = () => refuse(422, 'UNREADABLE_IMAGE', 'unreadableImage');
const badShape = () => refuse(422, 'UNSUPPORTED_IMAGE', 'imageBadShape');
export const unprocessable = () => refuse(422, 'UNREADABLE_IMAGE', 'imageNotProcessable');

/** A sharp failure while READING the upload: the pixel cap (413) or a broken file (422). */
function readFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  return /exceeds pixel limit/i.test(String((err as Error)?.message)) ? tooManyPixels() : unreadable();
}

/** Decoded pixels: 8-bit sRGB, 3 channels, rows packed, still in the stored orientation. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  /** EXIF orientation (1-8) still to apply. */
  orientation: number;
}

/** Header only: size, frames and orientation, without decoding a pixel. */
export async function readHeader(
  input: Buffer | string,
  format: Exclude<SourceFormat, 'heif'>,
): Promise<sharp.Metadata> {
  const meta = await sharp(input, INPUT)
    .metadata()
    .catch((err: unknown) => {
      throw readFailure(err);
    });
  if (meta.format !== format) throw unsupported();
  if (!meta.width || !meta.height) throw unreadable();
  const problem = shapeProblem(meta.width, meta.height);
  if (problem === 'too-many-pixels') throw tooManyPixels();
  if (problem === 'bad-shape') throw badShape();
  if ((meta.pages ?? 1) > 1) throw animated();
  return meta;
}

/** The pixels of a JPEG, PNG or WebP whose header was read. */
export async function decodeWithSharp(
  input: Buffer,
  format: Exclude<SourceFormat, 'heif'>,
  meta: sharp.Metadata,
): Promise<RawImage> {
  if (format === 'png' && pngFrameCount(input) > 1) throw animated();

  try {
    // Embedded ICC profiles are converted to sRGB by sharp itself; these steps are only added
    // when needed (each costs a pass over the pixels: ~30 ms at 12 MP).
    let decoder = sharp(input, INPUT);
    if (meta.hasAlpha) decoder = decoder.flatten({ background: WHITE });
    if (meta.space !== 'srgb' || meta.channels !== (meta.hasAlpha ? 4 : 3) || meta.depth !== 'uchar') {
      decoder = decoder.toColourspace('srgb');
    }
    const { data, info } = await decoder.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw unreadable();
    return { data, width: info.width, height: info.height, orientation: meta.orientation ?? 1 };
  } catch (err) {
    throw readFailure(err);
  }
}

/** The pixels of a HEIC, decoded by libheif in its worker. */
export async function decodeHeif(input: Buffer): Promise<RawImage> {
  let decoded: DecodedHeic;
  try {
    decoded = await decodeHeic(input, MAX_PIXELS, (await displayP3Icc()) ?? null);
  } catch (err) {
    if (!(err instanceof HeicDecodeError)) throw err;
    if (err.reason === 'too-many-pixels') throw tooManyPixels();
    if (err.reason === 'bad-shape') throw badShape();
    if (err.reason === 'unsupported') throw unsupported();
    throw unreadable();
  }
  const { width, height, channels, format, bytes } = decoded;
  // libheif has applied the HEIF transformations (irot/imir); an Exif orientation inside a HEIF
  // is informative only, so there is nothing left to rotate.
  if (format === 'raw' && channels === 3) return { data: bytes, width, height, orientation: 1 };
  // Convert from the profile the worker wrapped with the pixels, and/or flatten the alpha.
  const source =
    format === 'tiff' ? sharp(bytes, INPUT) : sharp(bytes, { ...INPUT, raw: { width, height, channels } });
  const { data, info } = await source
    .flatten({ background: WHITE })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, orientation: 1 };
}

let p3Profile: Promise<Buffer | undefined> | undefined;

/** libvips ships a Display P3 profile; an image tagged with it hands us its bytes (once). */
function displayP3Icc(): Promise<Buffer | undefined> {
  p3Profile ??= sharp({ create: { width: 1, height: 1, channels: 3, background: WHITE } })
    .withIccProfile('p3')
    .png()
    .toBuffer()
    .then((png) => sharp(png).metadata())
    .then((meta) => meta.icc);
  return p3Profile;
}
