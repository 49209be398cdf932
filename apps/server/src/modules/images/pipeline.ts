/**
 * The photo ingest pipeline: a customer's upload in, three clean JPEGs out. No routes, no database.
 *
 * 1. Refuse cheaply, in this order: empty (400), over MAX_UPLOAD_BYTES (413), not JPEG/PNG/WebP/
 *    HEIC by its magic bytes (415), over MAX_PIXELS by the header alone (413), a side over
 *    MAX_SIDE or longer than MAX_ASPECT_RATIO times the other (422), animated (415). The header is
 *    read before waiting for an ingest slot, so a hostile header never holds one.
 * 2. Decode ONCE to raw 8-bit sRGB pixels, in the orientation they are stored in: transparency
 *    flattened onto white (a case is printed on an opaque surface, so there is no transparency to
 *    keep), embedded ICC profiles converted to sRGB, 16-bit and grey inputs made 8-bit RGB.
 *    A truncated or corrupt file fails here (422). HEIC is decoded by libheif (WASM) in a worker.
 * 3. From those pixels, in parallel: the original (EXIF orientation applied, JPEG q92, no larger
 *    in pixels than the print of the largest case needs: `printWorthySize`) and the editor size
 *    (longest side <= 2048, oriented AFTER shrinking, which is much cheaper), then the preview
 *    (<= 480) from the editor pixels. An original that would weigh more than the upload did (a
 *    noisy photo re-encoded) is encoded again at lower qualities, down to ORIGINAL_MIN_QUALITY.
 *    An encoder that fails is a 422, never a 500.
 *
 * The upload may be a file on disk (the route spooled the request body there): only its header is
 * read while it waits for a slot, its bytes once it has one.
 *
 * The outputs are encoded from raw pixels, so nothing of the upload's metadata (EXIF with GPS,
 * XMP, IPTC, ICC, comments, thumbnails) can reach them. Decoding to raw first and rotating from
 * memory is ~2x cheaper than letting libvips rotate inside a streaming decode (measured:
 * bench/ingest.ts), and every output starts from the same decoded pixels.
 */

import { open, readFile } from 'node:fs/promises';
import { type CaseSize, LOW_RESOLUTION_DPI, printWorthySize } from '@shop/case-geometry/print-size';
import { messages } from '@shop/contracts/messages';
import type { Sharp, SharpOptions } from 'sharp';
import { AppError } from '../../lib/errors.ts';
import sharp from '../../lib/sharp.ts';
import {
  decodeHeif,
  decodeWithSharp,
  INPUT,
  type RawImage,
  readHeader,
  tooLarge,
  unprocessable,
  unsupported,
} from './decode.ts';
import { type SourceFormat, sniffImageFormat } from './sniff.ts';

export interface ImageVariant {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  width: number;
  height: number;
}

/** A problem that does not block the upload; the editor shows `message` to the customer. */
export interface ImageWarning {
  code: 'LOW_RESOLUTION';
  message: string;
  /** Pixels per inch the photo prints at when it just covers the reference case. */
  dpi: number;
}

export interface IngestedImage {
  sourceFormat: SourceFormat;
  /**
   * What the print can use: the upload's pixels, or fewer when it has more than the largest case
   * needs at 300 DPI; EXIF orientation applied, ALL metadata stripped, re-encoded (kept for printing).
   */
  original: ImageVariant;
  /** Longest side at most 2048 px (what the browser editor works on). */
  editor: ImageVariant;
  /** Longest side at most 480 px (previews, order cards, back office lists). */
  preview: ImageVariant;
  /** Warnings that do not block, e.g. too small to print sharply (the editor warns the customer). */
  warnings: ImageWarning[];
}

export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
export { MAX_ASPECT_RATIO, MAX_PIXELS, MAX_SIDE } from './limits.ts';
export const EDITOR_MAX_SIDE = 2048;
export const PREVIEW_MAX_SIDE = 480;
/**
 * Ingests running at once; more wait their turn. Each holds its decoded pixels (up to 150 MB at
 * MAX_PIXELS) and keeps about two threads busy, so this bounds memory and CPU on a small server.
 */
export const MAX_CONCURRENT_INGESTS = 2;
/**
 * Megapixels decoding at once: two ordinary photos (12-24 MP) share the two slots, but two huge
 * ones (35-50 MP, 100-150 MB of pixels each plus their encoders) take turns, so that a burst of
 * big uploads stays within a few hundred megabytes (bench/upload-memory.ts). A photo is always
 * let in when nothing else runs, whatever its size.
 */
export const MAX_PIXELS_IN_FLIGHT = 60_000_000;
/** What a HEIC counts for before its header is read (in the decoder worker): an ordinary photo. */
const HEIF_PIXELS_GUESS = 24_000_000;
/**
 * The largest case we sell (Galaxy S24 Ultra's width, the tallest model's height, in mm): a photo
 * that covers it at LOW_RESOLUTION_DPI or better is sharp enough for any model. The editor repeats
 * the check with the real model and the customer's zoom (case-geometry `effectiveDpi`).
 */
export const REFERENCE_CASE_MM = { widthMm: 79, heightMm: 172 };

/**
 * Huffman optimisation off for the original: it is a second pass over the coefficients that costs
 * more than the whole encode (12 MP: ~160 ms vs ~45 ms) for a file ~5% smaller. The editor and
 * preview sizes keep it: they are small and travel to browsers.
 */
const ORIGINAL_JPEG = { quality: 92, mozjpeg: false, optimiseCoding: false } as const;
/**
 * Qualities tried, in turn, for an original that came out heavier than its upload (sensor noise
 * costs JPEG dearly at q92, and a phone's own JPEG is often q80-90). q75 is the floor: still no
 * visible loss on a printed case; an original heavier than its upload even there keeps q75.
 */
const ORIGINAL_RETRY_QUALITIES = [86, 80, 75] as const;
export const ORIGINAL_MIN_QUALITY = ORIGINAL_RETRY_QUALITIES.at(-1)!;
const EDITOR_JPEG = { quality: 85, mozjpeg: false } as const;
const PREVIEW_JPEG = { quality: 80, mozjpeg: false } as const;

/** An upload in memory, or spooled to a file on disk by the route. */
export type ImageSource = Buffer | { path: string; size: number };

/** Enough of the file for the magic bytes and an HEIF `ftyp` box. */
const HEAD_BYTES = 4096;

async function head(source: ImageSource): Promise<Buffer> {
  if (Buffer.isBuffer(source)) return source;
  const handle = await open(source.path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export interface IngestOptions {
  /**
   * The case the original must print sharply on: the largest of the catalogue (the routes ask the
   * database). REFERENCE_CASE_MM when not given.
   */
  printCase?: CaseSize;
}

export async function ingestImage(source: ImageSource, opts: IngestOptions = {}): Promise<IngestedImage> {
  const size = Buffer.isBuffer(source) ? source.length : source.size;
  if (!source || size === 0) throw new AppError(400, 'NO_IMAGE', messages.noImageProvided);
  if (size > MAX_UPLOAD_BYTES) throw tooLarge();
  const sourceFormat = sniffImageFormat(await head(source));
  if (!sourceFormat) throw unsupported();
  // The header first, outside the slots: a file that lies about its size never waits for one.
  const meta =
    sourceFormat === 'heif'
      ? null
      : await readHeader(Buffer.isBuffer(source) ? source : source.path, sourceFormat);
  const release = await slots.acquire(meta ? meta.width! * meta.height! : HEIF_PIXELS_GUESS);
  try {
    const input = Buffer.isBuffer(source) ? source : await readFile(source.path);
    const raw =
      sourceFormat === 'heif' || !meta
        ? await decodeHeif(input)
        : await decodeWithSharp(input, sourceFormat, meta);
    const variants = await encodeVariants(raw, {
      printCase: opts.printCase ?? REFERENCE_CASE_MM,
      uploadBytes: size,
    }).catch((err: unknown) => {
      throw err instanceof AppError ? err : unprocessable();
    });
    return { sourceFormat, ...variants, warnings: resolutionWarnings(orientedSize(raw)) };
  } finally {
    release();
  }
}

// --- Encoding ------------------------------------------------------------------------------------

const rawInput = (img: { width: number; height: number }): SharpOptions => ({
  ...INPUT,
  raw: { width: img.width, height: img.height, channels: 3 },
});

/**
 * EXIF orientation as sharp operations. sharp mirrors before it rotates; each mapping was checked
 * against sharp's own auto-orientation (test: images-pipeline.test.ts, all eight values).
 */
export function orient(image: Sharp, orientation: number): Sharp {
  switch (orientation) {
    case 2:
      return image.flop();
    case 3:
      return image.rotate(180);
    case 4:
      return image.flip();
    case 5:
      return image.rotate(90).flip();
    case 6:
      return image.rotate(90);
    case 7:
      return image.rotate(90).flop();
    case 8:
      return image.rotate(270);
    default:
      return image;
  }
}

const turnsSideways = (orientation: number) => orientation >= 5 && orientation <= 8;

function orientedSize(raw: RawImage): { width: number; height: number } {
  return turnsSideways(raw.orientation)
    ? { width: raw.height, height: raw.width }
    : { width: raw.width, height: raw.height };
}

async function jpeg(image: Sharp, options: sharp.JpegOptions): Promise<ImageVariant> {
  const { data, info } = await image.jpeg(options).toBuffer({ resolveWithObject: true });
  return { bytes: data, contentType: 'image/jpeg', width: info.width, height: info.height };
}

/**
 * The original for the print: shrunk to what the case can use, and never heavier than the upload
 * when a quality down to ORIGINAL_MIN_QUALITY allows it.
 */
async function encodeOriginal(
  raw: RawImage,
  printCase: CaseSize,
  uploadBytes: number,
): Promise<ImageVariant> {
  const keep = printWorthySize({ width: raw.width, height: raw.height }, printCase);
  // A square box of the kept long side: the same size whichever way the orientation turns it.
  const side = Math.max(keep.width, keep.height);
  const pixels = () => {
    const image = sharp(raw.data, rawInput(raw));
    return orient(
      keep.width < raw.width ? image.resize({ width: side, height: side, fit: 'inside' }) : image,
      raw.orientation,
    );
  };
  let best = await jpeg(pixels(), ORIGINAL_JPEG);
  for (const quality of ORIGINAL_RETRY_QUALITIES) {
    if (best.bytes.length <= uploadBytes) break;
    const next = await jpeg(pixels(), { ...ORIGINAL_JPEG, quality });
    if (next.bytes.length < best.bytes.length) best = next;
  }
  return best;
}

async function encodeVariants(
  raw: RawImage,
  opts: { printCase: CaseSize; uploadBytes: number },
): Promise<Pick<IngestedImage, 'original' | 'editor' | 'preview'>> {
  const within = (side: number) =>
    ({ width: side, height: side, fit: 'inside', withoutEnlargement: true }) as const;
  const [original, [editor, preview]] = await Promise.all([
    encodeOriginal(raw, opts.printCase, opts.uploadBytes),
    (async () => {
      // Shrink first, then orient: rotating 3 MP costs a fraction of rotating the full photo.
      const small = await orient(
        sharp(raw.data, rawInput(raw)).resize(within(EDITOR_MAX_SIDE)),
        raw.orientation,
      )
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels = {
        ...INPUT,
        raw: { width: small.info.width, height: small.info.height, channels: 3 as const },
      };
      return Promise.all([
        jpeg(sharp(small.data, pixels), EDITOR_JPEG),
        jpeg(sharp(small.data, pixels).resize(within(PREVIEW_MAX_SIDE)), PREVIEW_JPEG),
      ]);
    })(),
  ]);
  return { original, editor, preview };
}

// --- Print resolution ----------------------------------------------------------------------------

/**
 * Pixels per inch a photo prints at when scaled to just cover a case of `caseMm`, in whichever of
 * its two orientations suits the case better (the editor can turn it).
 */
export function coverDpi(
  photo: { width: number; height: number },
  caseMm: { widthMm: number; heightMm: number } = REFERENCE_CASE_MM,
): number {
  const inches = (mm: number) => mm / 25.4;
  const fit = (w: number, h: number) => Math.min(w / inches(caseMm.widthMm), h / inches(caseMm.heightMm));
  return Math.max(fit(photo.width, photo.height), fit(photo.height, photo.width));
}

/** The non-blocking "may print blurry" warning, for the reference case or a given model's size. */
export function resolutionWarnings(
  photo: { width: number; height: number },
  caseMm: { widthMm: number; heightMm: number } = REFERENCE_CASE_MM,
): ImageWarning[] {
  const dpi = coverDpi(photo, caseMm);
  if (dpi >= LOW_RESOLUTION_DPI) return [];
  return [{ code: 'LOW_RESOLUTION', message: messages.imageLowResolution, dpi: Math.floor(dpi) }];
}

// --- Concurrency ---------------------------------------------------------------------------------

const slots = (() => {
  let running = 0;
  let pixels = 0;
  const waiting: Array<{ weight: number; start: () => void }> = [];
  const fits = (weight: number) =>
    running === 0 || (running < MAX_CONCURRENT_INGESTS && pixels + weight <= MAX_PIXELS_IN_FLIGHT);
  const take = (weight: number) => {
    running++;
    pixels += weight;
  };
  return {
    /** Waits, in arrival order, for a slot and room for `weight` pixels. */
    acquire(weight: number): Promise<() => void> {
      const release = () => {
        running--;
        pixels -= weight;
        // First come, first served: the head of the queue waits for room rather than being overtaken.
        while (waiting[0] && fits(waiting[0].weight)) {
          const next = waiting.shift()!;
          take(next.weight);
          next.start();
        }
      };
      if (waiting.length === 0 && fits(weight)) {
        take(weight);
        return Promise.resolve(release);
      }
      return new Promise((resolve) => waiting.push({ weight, start: () => resolve(release) }));
    },
  };
})();
