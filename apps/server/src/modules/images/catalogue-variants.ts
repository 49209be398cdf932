/**
 * Resized AVIF and WebP copies of the public catalogue pictures (models' mock-ups and photos,
 * stores' photos, brands' marks), for the storefront's <picture> srcsets: made the first time a
 * browser asks for one, stored as a child of the original (like a customer photo's editor size),
 * and served from storage ever after. Widths come from a fixed list (PICTURE_WIDTHS).
 */
import type { PictureFormat, PictureWidth } from '@shop/contracts/storefront';
import type { Database } from '../../db/client.ts';
import sharp from '../../lib/sharp.ts';
import type { FileKind, FileRecord, FileService, FileVariant } from '../files/index.ts';

/** The kinds every visitor sees; customers' files never get copies made on request. */
export const PICTURE_KINDS: ReadonlySet<FileKind> = new Set(['model-image', 'store-image', 'brand-image']);

/** Encodes at a time: a cold catalogue page asks for a dozen at once, other requests go on. */
const MAX_ENCODES = 2;
let running = 0;
const waiting: (() => void)[] = [];
/** Copies being made right now, so a second request for one waits for the first. */
const inFlight = new Map<string, Promise<FileRecord>>();

export async function pictureVariant(
  db: Database,
  files: FileService,
  original: FileRecord,
  width: PictureWidth,
  format: PictureFormat,
): Promise<FileRecord> {
  const variant: FileVariant = `w${width}-${format}`;
  const stored = await files.findVariant(db, original.id, variant);
  if (stored) return stored;
  const key = `${original.id}:${variant}`;
  let making = inFlight.get(key);
  if (!making) {
    making = withEncodeSlot(() => makeVariant(db, files, original, width, format, variant)).finally(() =>
      inFlight.delete(key),
    );
    inFlight.set(key, making);
  }
  return making;
}

async function makeVariant(
  db: Database,
  files: FileService,
  original: FileRecord,
  width: PictureWidth,
  format: PictureFormat,
  variant: FileVariant,
): Promise<FileRecord> {
  const bytes = await files.bytes(original);
  if (!bytes) throw new Error(`picture ${original.id} has no bytes in storage`);
  // SVG marks are drawn at the asked width; bitmaps are never enlarged.
  const svg = original.contentType === 'image/svg+xml';
  const image = sharp(
    bytes,
    svg ? { density: 72 * Math.max(1, width / (original.width ?? width)) } : {},
  ).resize({
    width,
    withoutEnlargement: !svg,
  });
  const encoded =
    format === 'avif'
      ? image.avif({ quality: 55, effort: 2 })
      : image.webp({ quality: 78, alphaQuality: 90, effort: 4 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return db.transaction((tx) =>
    files.save(tx, {
      kind: original.kind,
      contentType: format === 'avif' ? 'image/avif' : 'image/webp',
      bytes: data,
      width: info.width,
      height: info.height,
      parentId: original.id,
      variant,
    }),
  );
}

async function withEncodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_ENCODES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}
