/**
 * One-page PDFs that carry a PNG at an exact physical page size.
 *
 * pdf-lib's `embedPng` decodes the PNG and deflates it again in JavaScript, which takes over a
 * second for a 300 DPI case. A PDF image can use the PNG's own compressed data instead: FlateDecode
 * with the PNG predictors (Predictor 15) is exactly what an 8-bit, non-interlaced PNG's IDAT
 * chunks hold. So for those PNGs (the print renderer's) the pixels are copied, not recompressed,
 * and the PDF shows bit-identical pixels. Anything else falls back to `embedPng`.
 *
 * A clear case's print also carries its white-ink layer (`WhiteLayer`): a stencil in a Separation
 * named after the printer's white ink, under the colour image, both with overprint on. How a RIP
 * takes it is in docs/printing.md.
 */
import { deflateSync, inflateSync } from 'node:zlib';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  PDFRawStream,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  setGraphicsState,
} from 'pdf-lib';
import sharp from '../../lib/sharp.ts';

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
  return doc.context.register(doc.context.stream(stream.data, printImageDict(stream)));
}

/** The image dictionary of a PNG's copied pixels: FlateDecode with the PNG predictors. */
export const printImageDict = (stream: PngPixelStream) => ({
  Type: 'XObject',
  Subtype: 'Image',
  Width: stream.width,
  Height: stream.height,
  ColorSpace: stream.colours === 3 ? 'DeviceRGB' : 'DeviceGray',
  BitsPerComponent: 8,
  Filter: 'FlateDecode',
  DecodeParms: { Predictor: 15, Colors: stream.colours, BitsPerComponent: 8, Columns: stream.width },
});

/**
 * A one-page PDF of exactly `page` points with the PNG stretched over the whole page, and under it
 * the white layer of a clear case when there is one (same pixel size as the PNG).
 */
export async function pdfWithFullPagePng(
  png: Buffer,
  page: PdfPageSize,
  title?: string,
  white: WhiteLayer | null = null,
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  if (title) doc.setTitle(title);
  doc.setProducer('Fundamía print renderer');
  const pdfPage = doc.addPage([page.widthPt, page.heightPt]);
  const stream = pngPixelStream(png);
  if (stream) {
    const image = doc.context.stream(stream.data, printImageDict(stream));
    paintPrint(doc, pdfPage, doc.context.register(image), [page.widthPt, 0, 0, page.heightPt, 0, 0], white);
  } else {
    const image = await doc.embedPng(png);
    if (white) {
      paintPrint(doc, pdfPage, image.ref, [page.widthPt, 0, 0, page.heightPt, 0, 0], white);
    } else {
      pdfPage.drawImage(image, { x: 0, y: 0, width: page.widthPt, height: page.heightPt });
    }
  }
  return Buffer.from(await doc.save());
}

/**
 * The white-ink layer of a clear case: where the printer lays white under the design. One bit per
 * pixel, rows from the top, each row padded to whole bytes, the most significant bit first; 1 is
 * white ink. Same pixel size as the print file it goes under.
 */
export interface WhiteLayer {
  /** The spot colour's name: the white channel's name in the printer's RIP. */
  ink: string;
  width: number;
  height: number;
  bits: Buffer;
}

/** The bytes of one row of a 1-bit layer. */
export const whiteRowBytes = (width: number): number => Math.ceil(width / 8);

/** Whether the layer's pixel (x, y) gets white ink. */
export const isWhite = (layer: WhiteLayer, x: number, y: number): boolean =>
  ((layer.bits[y * whiteRowBytes(layer.width) + (x >> 3)]! >> (7 - (x & 7))) & 1) === 1;

/** The key that marks the white layer's image in our PDFs, so it can be read back. */
const WHITE_LAYER_KEY = 'FundamiaWhiteInk';

/**
 * Adds the white layer to a PDF: a stencil (an image mask) painted in a Separation colour space
 * named after the ink, with overprint on. Returns the three resources a page needs to paint it.
 * The Separation's alternate is DeviceCMYK 0 0 0 0: on screen and on printers without that
 * channel the layer shows nothing (and the design painted over it hides it anyway).
 */
function embedWhiteLayer(doc: PDFDocument, layer: WhiteLayer) {
  const { context } = doc;
  const tint = context.obj({ FunctionType: 2, Domain: [0, 1], C0: [0, 0, 0, 0], C1: [0, 0, 0, 0], N: 1 });
  const colourSpace = context.register(
    context.obj([PDFName.of('Separation'), PDFName.of(layer.ink), PDFName.of('DeviceCMYK'), tint]),
  );
  const overprint = context.register(context.obj({ Type: 'ExtGState', OP: true, op: true, OPM: 1 }));
  const mask = context.stream(deflateSync(layer.bits), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: layer.width,
    Height: layer.height,
    ImageMask: true,
    // A 1 bit paints (white ink), a 0 bit leaves the sheet as it is.
    Decode: [1, 0],
    Filter: 'FlateDecode',
    [WHITE_LAYER_KEY]: PDFName.of(layer.ink),
  });
  return { colourSpace, overprint, mask: context.register(mask) };
}

type Matrix = [number, number, number, number, number, number];

/**
 * Paints the white layer on a page, its unit square mapped by `matrix` (the same matrix as the
 * print file's image), and returns the ExtGState name that sets overprint, for what is painted
 * over it. Paint it BEFORE the colour image: viewers that do not separate show the design as
 * before, and the colour image, drawn with overprint, does not knock the white out.
 */
function paintWhiteLayer(doc: PDFDocument, page: PDFPage, layer: WhiteLayer, matrix: Matrix): PDFName {
  const refs = embedWhiteLayer(doc, layer);
  const resources = page.node.normalizedEntries().Resources;
  let spaces = resources.lookupMaybe(PDFName.of('ColorSpace'), PDFDict);
  if (!spaces) {
    spaces = doc.context.obj({});
    resources.set(PDFName.of('ColorSpace'), spaces);
  }
  let n = 1;
  while (spaces.has(PDFName.of(`White${n}`))) n++;
  const spaceName = PDFName.of(`White${n}`);
  spaces.set(spaceName, refs.colourSpace);
  const gs = page.node.newExtGState('Overprint', refs.overprint);
  const maskName = page.node.newXObject('White', refs.mask);
  page.pushOperators(
    pushGraphicsState(),
    setGraphicsState(gs),
    PDFOperator.of(PDFOperatorNames.NonStrokingColorspace, [spaceName]),
    PDFOperator.of(PDFOperatorNames.NonStrokingColorN, [PDFNumber.of(1)]),
    concatTransformationMatrix(...matrix),
    drawObject(maskName),
    popGraphicsState(),
  );
  return gs;
}

/** Draws an image XObject with its unit square mapped by `matrix`, with overprint if `gs` is set. */
function paintImage(page: PDFPage, name: PDFName, matrix: Matrix, gs: PDFName | null): void {
  page.pushOperators(
    pushGraphicsState(),
    ...(gs ? [setGraphicsState(gs)] : []),
    concatTransformationMatrix(...matrix),
    drawObject(name),
    popGraphicsState(),
  );
}

/**
 * Draws a print file on a page at `matrix`, with its white layer under it when it has one (see
 * `paintWhiteLayer`). Without a white layer the page's content is exactly what it was before
 * clear cases existed.
 */
export function paintPrint(
  doc: PDFDocument,
  page: PDFPage,
  image: PDFRef,
  matrix: Matrix,
  white: WhiteLayer | null,
  tag = 'Print',
): void {
  const gs = white ? paintWhiteLayer(doc, page, white, matrix) : null;
  paintImage(page, page.node.newXObject(tag, image), matrix, gs);
}

/**
 * Whether a print PDF of ours carries a white layer. Streams are never inside object streams, so
 * the layer's marked dictionary is always plain text in the file.
 */
export const hasWhiteLayer = (pdf: Buffer): boolean => pdf.includes(`/${WHITE_LAYER_KEY}`, 0, 'latin1');

/**
 * Reads the white layer back from a print PDF of ours (its marked stencil), or null when the PDF
 * has none: the print of a case that is not clear.
 */
export async function whiteLayerOfPdf(pdf: Buffer): Promise<WhiteLayer | null> {
  if (!hasWhiteLayer(pdf)) return null;
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const ink = object.dict.lookupMaybe(PDFName.of(WHITE_LAYER_KEY), PDFName);
    if (!ink) continue;
    const width = object.dict.lookup(PDFName.of('Width'), PDFNumber).asNumber();
    const height = object.dict.lookup(PDFName.of('Height'), PDFNumber).asNumber();
    return { ink: ink.decodeText(), width, height, bits: inflateSync(object.contents) };
  }
  return null;
}

/**
 * The white layer as a PNG for RIPs that take the white channel as a separate file: white where
 * white ink goes, transparent elsewhere, the print file's pixel size and resolution.
 */
export async function whiteLayerPng(layer: WhiteLayer, dpi: number): Promise<Buffer> {
  const { width, height } = layer;
  const ga = Buffer.alloc(width * height * 2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 2;
      ga[i] = 255;
      ga[i + 1] = isWhite(layer, x, y) ? 255 : 0;
    }
  }
  return sharp(ga, { raw: { width, height, channels: 2 } })
    .png({ compressionLevel: 6 })
    .withMetadata({ density: dpi })
    .toBuffer();
}
