/**
 * The header of a minimal uncompressed TIFF for 8-bit RGB(A) pixels with an ICC profile; the
 * pixels (rows packed, width * height * channels bytes) follow it directly. sharp cannot be told
 * the colour profile of raw input, but it reads a TIFF's embedded profile and converts the pixels
 * to sRGB from it; this is how decoded HEIC pixels (often Display P3 on iPhones) get the right
 * colours.
 */
export function rgbTiffHeader(width: number, height: number, channels: 3 | 4, icc: Uint8Array): Buffer {
  const entryCount = channels === 4 ? 12 : 11;
  const ifdAt = 8;
  const bitsAt = ifdAt + 2 + entryCount * 12 + 4;
  const iccAt = bitsAt + channels * 2;
  const dataAt = iccAt + icc.length + (icc.length % 2); // TIFF offsets are word-aligned
  const header = Buffer.alloc(dataAt);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(ifdAt, 4);
  header.writeUInt16LE(entryCount, ifdAt);
  let at = ifdAt + 2;
  const SHORT = 3;
  const LONG = 4;
  const UNDEFINED = 7;
  const entry = (tag: number, type: number, count: number, value: number) => {
    header.writeUInt16LE(tag, at);
    header.writeUInt16LE(type, at + 2);
    header.writeUInt32LE(count, at + 4);
    if (type === SHORT && count === 1) header.writeUInt16LE(value, at + 8);
    else header.writeUInt32LE(value, at + 8);
    at += 12;
  };
  // Tags in ascending order, as TIFF requires.
  entry(256, LONG, 1, width); // ImageWidth
  entry(257, LONG, 1, height); // ImageLength
  entry(258, SHORT, channels, bitsAt); // BitsPerSample (8 each, stored at bitsAt)
  entry(259, SHORT, 1, 1); // Compression: none
  entry(262, SHORT, 1, 2); // PhotometricInterpretation: RGB
  entry(273, LONG, 1, dataAt); // StripOffsets
  entry(277, SHORT, 1, channels); // SamplesPerPixel
  entry(278, LONG, 1, height); // RowsPerStrip: one strip
  entry(279, LONG, 1, width * height * channels); // StripByteCounts
  entry(284, SHORT, 1, 1); // PlanarConfiguration: chunky
  if (channels === 4) entry(338, SHORT, 1, 2); // ExtraSamples: unassociated alpha
  entry(34675, UNDEFINED, icc.length, iccAt); // ICC profile
  header.writeUInt32LE(0, at); // no next IFD
  for (let c = 0; c < channels; c++) header.writeUInt16LE(8, bitsAt + c * 2);
  header.set(icc, iccAt);
  return header;
}
