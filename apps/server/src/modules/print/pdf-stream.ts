/**
 * Writing a PDF to a file as it is serialised, with the big streams (the print files' pixels)
 * read only when their turn comes: a batch of hundreds of cases never holds more than one print
 * file in memory. pdf-lib's `save()` builds the whole file in one buffer, on top of the document
 * that already holds every image; its size grew with the batch.
 *
 * The bytes are exactly those of `doc.save({ useObjectStreams: false })` (same header, objects in
 * the same order, same cross-reference table and trailer): this mirrors pdf-lib's PDFWriter, with
 * the deferred streams' contents fetched in place.
 */
import type { FileHandle } from 'node:fs/promises';
import {
  PDFCrossRefSection,
  type PDFDict,
  type PDFDocument,
  PDFHeader,
  PDFStream,
  PDFTrailer,
  PDFTrailerDict,
} from 'pdf-lib';

/**
 * A stream whose contents are fetched when the PDF is written: only its length is known before.
 * `load` must return the same bytes (that length) every time.
 */
export class DeferredStream extends PDFStream {
  readonly size: number;
  readonly load: () => Promise<Uint8Array>;

  constructor(dict: PDFDict, size: number, load: () => Promise<Uint8Array>) {
    super(dict);
    this.size = size;
    this.load = load;
  }

  override getContentsSize(): number {
    return this.size;
  }

  override getContents(): Uint8Array {
    throw new Error('a deferred stream is only written by writePdf');
  }
}

/** Where the bytes go, in order. */
export interface PdfSink {
  write(bytes: Uint8Array): Promise<void>;
}

/** Gathers small writes into chunks of about 1 MB before they go to the file. */
export function fileSink(handle: FileHandle): PdfSink & { flush(): Promise<void> } {
  const LIMIT = 1 << 20;
  let parts: Uint8Array[] = [];
  let size = 0;
  const flush = async () => {
    if (size === 0) return;
    const chunk = Buffer.concat(parts, size);
    parts = [];
    size = 0;
    await handle.write(chunk);
  };
  return {
    async write(bytes) {
      if (bytes.length >= LIMIT) {
        await flush();
        await handle.write(bytes);
        return;
      }
      parts.push(bytes);
      size += bytes.length;
      if (size >= LIMIT) await flush();
    },
    flush,
  };
}

const ascii = (text: string) => Buffer.from(text, 'latin1');

/** An object's bytes as pdf-lib writes them. */
function bytesOf(object: { sizeInBytes(): number; copyBytesInto(b: Uint8Array, o: number): number }) {
  const buffer = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(buffer, 0);
  return buffer;
}

/** Serialises `doc` into `sink` as `doc.save({ useObjectStreams: false })` would (see the top). */
export async function writePdf(doc: PDFDocument, sink: PdfSink): Promise<void> {
  await doc.flush();
  const { context } = doc;
  let offset = 0;
  const put = async (bytes: Uint8Array) => {
    offset += bytes.length;
    await sink.write(bytes);
  };
  await put(bytesOf(PDFHeader.forVersion(1, 7)));
  await put(ascii('\n\n'));
  const xref = PDFCrossRefSection.create();
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    xref.addEntry(ref, offset);
    await put(ascii(`${ref.objectNumber} ${ref.generationNumber} obj\n`));
    if (object instanceof DeferredStream) {
      const contents = await object.load();
      if (contents.length !== object.size) throw new Error('a deferred stream changed size while written');
      object.updateDict();
      await put(bytesOf(object.dict));
      await put(ascii('\nstream\n'));
      await put(contents);
      await put(ascii('\nendstream'));
    } else {
      await put(bytesOf(object));
    }
    await put(ascii('\nendobj\n\n'));
  }
  const xrefOffset = offset;
  await put(bytesOf(xref));
  await put(ascii('\n'));
  const info = context.trailerInfo;
  const trailerDict = PDFTrailerDict.of(
    context.obj({
      Size: context.largestObjectNumber + 1,
      Root: info.Root,
      Encrypt: info.Encrypt,
      Info: info.Info,
      ID: info.ID,
    }),
  );
  await put(bytesOf(trailerDict));
  await put(ascii('\n\n'));
  await put(bytesOf(PDFTrailer.forLastCrossRefSectionOffset(xrefOffset)));
}
