/**
 * Image type by CONTENT (magic bytes), never by file name or declared type. Only the formats we
 * accept are recognised; everything else (SVG, HTML, GIF, PDF, AVIF, text, a polyglot that does
 * not start with one of these signatures...) is `undefined`.
 */
export type SourceFormat = 'jpeg' | 'png' | 'webp' | 'heif';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** HEIF brands whose pictures are HEVC-coded (what iPhones and many Android phones write). */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
/** Generic HEIF brands: HEVC unless the file also claims an AVIF brand. */
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

const ascii = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end);

export function sniffImageFormat(bytes: Buffer): SourceFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isHeif(bytes)) return 'heif';
  return undefined;
}

/** The brands of an ISO-BMFF file's leading `ftyp` box: major brand first, then the compatible ones. */
export function ftypBrands(bytes: Buffer): string[] | undefined {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return undefined;
  const size = bytes.readUInt32BE(0);
  // 8 header + 4 major brand + 4 minor version, then 4-byte compatible brands.
  if (size < 16 || size > bytes.length || size % 4 !== 0 || size > 4096) return undefined;
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands;
}

function isHeif(bytes: Buffer): boolean {
  const brands = ftypBrands(bytes);
  if (!brands) return false;
  const [major, ...compatible] = brands as [string, ...string[]];
  if (AVIF_BRANDS.has(major) || compatible.some((b) => AVIF_BRANDS.has(b))) return false;
  return HEVC_BRANDS.has(major) || GENERIC_HEIF_BRANDS.has(major);
}

/**
 * Number of frames an APNG announces in its `acTL` chunk (1 for a plain PNG). libvips reads only
 * the first frame of an APNG, so this is how an animated PNG is told apart. The chunk must come
 * before the first IDAT; we stop looking there.
 */
export function pngFrameCount(bytes: Buffer): number {
  let at = 8;
  for (let chunks = 0; chunks < 1000 && at + 12 <= bytes.length; chunks++) {
    const length = bytes.readUInt32BE(at);
    const type = ascii(bytes, at + 4, at + 8);
    if (type === 'acTL' && length >= 8) return bytes.readUInt32BE(at + 8);
    if (type === 'IDAT' || type === 'IEND') break;
    at += 12 + length;
  }
  return 1;
}
