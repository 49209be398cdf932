import { mmToPt } from '@shop/case-geometry/print-size';
import { mm } from '@shop/case-geometry/units';
import { LineCapStyle, PDFDocument, type PDFPage, type PDFRef, rgb, StandardFonts } from 'pdf-lib';
import { GAP_MM, type Layout, type SheetSpec } from './batch-layout.ts';
import { embedPrintPng, paintPrint, pngPixelStream, printImageDict, type WhiteLayer } from './pdf.ts';
import { DeferredStream, type PdfSink, writePdf } from './pdf-stream.ts';

export interface BatchCase {
  id: string;
  /** The print file (PNG at its real size). */
  png: Buffer;
  /** "n.º 000123 · Apple iPhone 15". */
  label: string;
  /** The case's corner radius, for the cut line. */
  cornerRadiusMm: number;
  /** A clear case's white-ink layer (same pixel size as `png`), or null. */
  white: WhiteLayer | null;
}

/**
 * A case of a batch whose files are read when needed: the print file when its sheet is laid out
 * (for its size) and again when the PDF is written, the white layer when its sheet is laid out.
 * Neither is kept: memory does not grow with the batch.
 */
export interface BatchCaseSource {
  id: string;
  label: string;
  cornerRadiusMm: number;
  png(): Promise<Buffer>;
  white(): Promise<WhiteLayer | null>;
}

const pt = (v: number) => mmToPt(mm(v));

/** Helvetica's WinAnsi encoding has no glyph for anything outside Latin-1: those become '?'. */
const latin1 = (text: string) => text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');

/** A rounded rectangle as an SVG path in points, from (0,0) at its top-left corner. */
function roundedRect(w: number, h: number, r: number): string {
  const k = Math.max(0, Math.min(r, w / 2, h / 2));
  return [
    `M ${k} 0`,
    `L ${w - k} 0`,
    `A ${k} ${k} 0 0 1 ${w} ${k}`,
    `L ${w} ${h - k}`,
    `A ${k} ${k} 0 0 1 ${w - k} ${h}`,
    `L ${k} ${h}`,
    `A ${k} ${k} 0 0 1 0 ${h - k}`,
    `L 0 ${k}`,
    `A ${k} ${k} 0 0 1 ${k} 0`,
    'Z',
  ].join(' ');
}

/**
 * A print file as an image of the batch PDF: its compressed pixels are fetched again when the PDF
 * is written (`DeferredStream`), so the document holds none. A PNG whose pixels cannot be copied
 * (not the print renderer's) is embedded as it is, by pdf-lib.
 */
async function embedDeferred(doc: PDFDocument, item: BatchCaseSource): Promise<PDFRef> {
  const png = await item.png();
  const stream = pngPixelStream(png);
  if (!stream) return embedPrintPng(doc, png);
  const load = async () => {
    const again = pngPixelStream(await item.png());
    if (!again) throw new Error(`the print file of ${item.id} changed while its batch was written`);
    return again.data;
  };
  return doc.context.register(
    new DeferredStream(doc.context.obj(printImageDict(stream)), stream.data.length, load),
  );
}

/**
 * The batch PDF: one page per sheet at the sheet's exact size, each case's print file at its real
 * size where the layout put it (turned a quarter when it lies on its side), a thin cut line along
 * the case's outline and its label underneath. The print files' pixels are copied, not re-encoded.
 * A clear case's white-ink layer lies under it in the Separation of its ink (see pdf.ts).
 *
 * Written into `sink` as it is serialised, each print file read when its turn comes (see
 * pdf-stream.ts): however many cases, at most one print file is in memory at a time.
 */
export async function writeBatchPdf(
  cases: BatchCaseSource[],
  layout: Layout,
  spec: SheetSpec,
  title: string,
  sink: PdfSink,
): Promise<void> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Fundamía print renderer');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages: PDFPage[] = [];
  for (let i = 0; i < layout.sheets; i++) pages.push(doc.addPage([pt(spec.widthMm), pt(spec.heightMm)]));
  const byId = new Map(cases.map((c) => [c.id, c]));
  const pageHeight = pt(spec.heightMm);

  for (const p of layout.placements) {
    const item = byId.get(p.id);
    if (!item) throw new Error(`no print file for ${p.id}`);
    const page = pages[p.sheet - 1]!;
    const ref = await embedDeferred(doc, item);
    const x = pt(p.xMm);
    const w = pt(p.widthMm);
    const h = pt(p.heightMm);
    const yBottom = pageHeight - pt(p.yMm) - h;
    // Unrotated: the image's unit square onto w x h. Rotated: its width runs up the page.
    const matrix: [number, number, number, number, number, number] = p.rotated
      ? [0, h, -w, 0, x + w, yBottom]
      : [w, 0, 0, h, x, yBottom];
    // A clear case's white layer goes under it, at the same place and turn, in the same spot colour.
    paintPrint(doc, page, ref, matrix, await item.white(), 'Case');
    // The cut line: the case's outline, hairline, in a colour the eye sees and the cutter follows.
    page.drawSvgPath(roundedRect(w, h, pt(item.cornerRadiusMm)), {
      x,
      y: pageHeight - pt(p.yMm),
      borderColor: rgb(0.85, 0, 0.45),
      borderWidth: 0.35,
      borderLineCap: LineCapStyle.Round,
    });
    const size = 7;
    let text = latin1(item.label);
    while (text.length > 4 && font.widthOfTextAtSize(text, size) > w + pt(GAP_MM))
      text = `${text.slice(0, -4)}...`;
    page.drawText(latin1(text), { x, y: yBottom - pt(1) - size, size, font, color: rgb(0.1, 0.1, 0.1) });
  }
  await writePdf(doc, sink);
}

/** The batch PDF in memory, for cases already in memory (tests, small batches). */
export async function renderBatchPdf(
  cases: BatchCase[],
  layout: Layout,
  spec: SheetSpec,
  title: string,
): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  const sources = cases.map((c) => ({
    id: c.id,
    label: c.label,
    cornerRadiusMm: c.cornerRadiusMm,
    png: async () => c.png,
    white: async () => c.white,
  }));
  await writeBatchPdf(sources, layout, spec, title, {
    async write(bytes) {
      parts.push(bytes);
    },
  });
  return Buffer.concat(parts);
}
