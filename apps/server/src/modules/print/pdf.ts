/**
 * One-page PDFs that carry a PNG at an exact physical page size.
 *
 * pdf-lib's `embedPng` decodes the PNG and deflates it again in JavaScript, which takes over a
 * second for a 300 DPI case. A PDF image can use the PNG's own compressed data instead: FlateDecode
 * with the PNG predictors (Predictor 15) is exactly what an 8-bit, non-interlaced PNG's IDAT
 * chunks hold. So for those PNGs (the print renderer's) the pixels are copied, not recompressed,
 * and the PDF shows bit-identical pixels. Anything else falls back to `embedPng`.
 */
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngPixelStream {
  width: number;
  height: number;
  /** 1 (grey) or 3 (RGB). */
  colours: 1 | 3;
  /** The concatenated IDAT data: a zlib stream of filtered scanlines. */
  data: Buffer;
}

/** The IDAT stream of an 8-bit, non-interlaced grey or RGB PNG, or null for any other PNG. */
export function pngPixelStream(png: Buffer): PngPixelStream | null {
  if (png.length < 33 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  let offset = 8;
  let header: {
    width: number;
    height: number;
    bitDepth: number;
    colourType: number;
    interlace: number;
  } | null = null;
  const idat: Buffer[] = [];
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (data.length !== length) return null;
    if (type === 'IHDR') {
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        bitDepth: data[8]!,
        colourType: data[9]!,
        interlace: data[12]!,
      };
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      break;
    }
    offset += 12 + length;
  }
  if (header?.bitDepth !== 8 || header.interlace !== 0 || idat.length === 0) return null;
  if (header.colourType !== 0 && header.colourType !== 2) return null;
  return {
    width: header.width,
    height: header.height,
    colours: header.colourType === 2 ? 3 : 1,
    data: Buffer.concat(idat),
  };
}

export interface PdfPageSize {
  widthPt: number;
  heightPt: number;
}

/**
 * Adds a PNG to a PDF as an image object, copying the compressed pixels when it can (see the top
 * of the file). Returns its reference: draw it on any page with `page.node.newXObject`.
 */
export async function embedPrintPng(doc: PDFDocument, png: Buffer): Promise<PDFRef> {
  const stream = pngPixelStream(png);
  if (!stream) return (await doc.embedPng(png)).ref;
  const image = doc.context.stream(stream.data, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: stream.width,
    Height: stream.height,
    ColorSpace: stream.colours === 3 ? 'DeviceRGB' : 'DeviceGray',
    BitsPerComponent: 8,
    Filter: 'FlateDecode',
    DecodeParms: { Predictor: 15, Colors: stream.colours, BitsPerComponent: 8, Columns: stream.width },
  });
  return doc.context.register(image);
}

/** A one-page PDF of exactly `page` points with the PNG stretched over the whole page. */
export async function pdfWithFullPagePng(png: Buffer, page: PdfPageSize, title?: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  if (title) doc.setTitle(title);
  doc.setProducer('Fundamía print renderer');
  const pdfPage = doc.addPage([page.widthPt, page.heightPt]);
  const stream = pngPixelStream(png);
  if (stream) {
    const image = doc.context.stream(stream.data, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: stream.width,
      Height: stream.height,
      ColorSpace: stream.colours === 3 ? 'DeviceRGB' : 'DeviceGray',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
      DecodeParms: { Predictor: 15, Colors: stream.colours, BitsPerComponent: 8, Columns: stream.width },
    });
    const name = pdfPage.node.newXObject('Print', doc.context.register(image));
    pdfPage.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(page.widthPt, 0, 0, page.heightPt, 0, 0),
      drawObject(name),
      popGraphicsState(),
    );
  } else {
    const image = await doc.embedPng(png);
    pdfPage.drawImage(image, { x: 0, y: 0, width: page.widthPt, height: page.heightPt });
  }
  return Buffer.from(await doc.save());
}
