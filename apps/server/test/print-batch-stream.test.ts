// The batch PDF written as it is serialised (pdf-stream.ts): the same bytes as pdf-lib's own
// save, with the print files' pixels read only when their object is written, one at a time.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { writeBatchPdf } from '../src/modules/print/batch-pdf.ts';
import { pngPixelStream, printImageDict } from '../src/modules/print/pdf.ts';
import { DeferredStream, writePdf } from '../src/modules/print/pdf-stream.ts';

const png = (colour: string, width = 60, height = 120) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function collect(write: (sink: { write(b: Uint8Array): Promise<void> }) => Promise<void>) {
  const parts: Uint8Array[] = [];
  await write({
    async write(bytes) {
      parts.push(bytes);
    },
  });
  return Buffer.concat(parts);
}

describe('the streamed PDF writer', () => {
  it("writes exactly what pdf-lib's save writes, a deferred stream's bytes in their place", async () => {
    const stream = pngPixelStream(await png('#c83232'))!;
    const make = async (deferred: boolean) => {
      const doc = await PDFDocument.create();
      doc.setCreationDate(new Date('2026-01-02T03:04:05Z'));
      doc.setModificationDate(new Date('2026-01-02T03:04:05Z'));
      const page = doc.addPage([200, 300]);
      const image = deferred
        ? new DeferredStream(
            doc.context.obj(printImageDict(stream)),
            stream.data.length,
            async () => stream.data,
          )
        : doc.context.stream(stream.data, printImageDict(stream));
      page.node.newXObject('Case', doc.context.register(image));
      page.drawText('n.º 000001', { x: 10, y: 10, size: 7 });
      return doc;
    };
    const saved = Buffer.from(await (await make(false)).save({ useObjectStreams: false }));
    const plain = await make(false);
    assert.ok((await collect((sink) => writePdf(plain, sink))).equals(saved));
    const deferred = await make(true);
    assert.ok((await collect((sink) => writePdf(deferred, sink))).equals(saved));
  });

  it('reads each print file when its case is laid out and again when it is written, keeping none', async () => {
    const files = await Promise.all(['#c83232', '#3232c8', '#32c832'].map((c) => png(c)));
    const reads: string[] = [];
    const cases = files.map((bytes, i) => ({
      id: `c${i}`,
      label: `n.º 00000${i}`,
      cornerRadiusMm: 3,
      async png() {
        reads.push(`c${i}`);
        return bytes;
      },
      white: async () => null,
    }));
    const placements = cases.map((c, i) => ({
      id: c.id,
      sheet: 1,
      xMm: 5 + i * 25,
      yMm: 5,
      widthMm: 20,
      heightMm: 40,
      rotated: false,
    }));
    const pdf = await collect((sink) =>
      writeBatchPdf(
        cases,
        { sheets: 1, placements },
        { widthMm: 100, heightMm: 100, marginMm: 5 },
        'Lote',
        sink,
      ),
    );
    // Laid out one by one (for its size), then read again only when its pixels are written.
    assert.deepEqual(reads, ['c0', 'c1', 'c2', 'c0', 'c1', 'c2']);
    // Each print file's pixels are in the PDF as they are in its PNG.
    for (const bytes of files) assert.ok(pdf.includes(pngPixelStream(bytes)!.data));
    assert.equal((await PDFDocument.load(pdf)).getPageCount(), 1);
  });
});
