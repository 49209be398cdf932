import { PRINT_DPI } from '@shop/case-geometry/print-size';
import { productName } from '@shop/contracts/product';
import { isSceneComplete } from '@shop/contracts/scene';
import type { Queryable } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { printableOutline } from '../catalogue/index.ts';
import { type FileService, fileIdFromUri } from '../files/index.ts';
import { getOrder } from '../orders/index.ts';
import { storeSettings } from '../stores/index.ts';
import { hasWhiteLayer, whiteLayerOfPdf, whiteLayerPng } from './pdf.ts';
import { renderScenePrintFile } from './scene-render.ts';

export interface OrderPrint {
  pngFileId: string;
  pdfFileId: string;
  widthPx: number;
  heightPx: number;
  dpi: number;
  /** Whether the PDF carries a white-ink layer (a clear case). */
  white: boolean;
}

/**
 * Renders an order's print file from the ORIGINAL photos and the stored scene (a one-photo design
 * is a scene too, ADR 25), and stores it as two files of kind 'print': the PNG (with its
 * resolution recorded) and a one-page PDF of the case's exact size, which for a clear case also
 * carries the white-ink layer under the design (`whiteLayerOfPdf` reads it back, and
 * `printWhitePng` makes its mask file from it). Every call renders and stores
 * a new pair; which states may print is the caller's decision.
 */
export async function renderOrderPrint(
  db: Queryable,
  files: FileService,
  orderId: string,
  options: { dpi?: number } = {},
): Promise<OrderPrint> {
  // 1. What to print: the design's scene (the photos it was made with, never later ones, and how
  //    they are placed), the model's outline and template.
  const order = await getOrder(db, orderId);
  const scene = order.designScene;
  if (!scene || !isSceneComplete(scene)) throw fail(409, 'ORDER_STATE', 'designMissing');
  const outline = await printableOutline(db, order.model.id);
  if (!outline || !order.model.template) throw fail(409, 'CONFLICT', 'printNotPossible');

  // 2. The bytes: the original uploads (never the editor's copies) and the template image.
  const [template, ...photos] = await Promise.all([
    fileBytes(db, files, fileIdFromUri(order.model.template)),
    ...scene.slots.map((slot) => fileBytes(db, files, fileIdFromUri(slot.photo!))),
  ]);

  // 3. Render; a clear case gets the white-ink layer, named as the store's printer names its ink.
  const dpi = options.dpi ?? PRINT_DPI;
  const title = `Pedido ${order.orderNumber}: ${productName(order.brand, order.model)}`;
  const whiteInk = order.caseType.clear ? (await storeSettings(db, order.store.id)).whiteInkName : null;
  const rendered = await renderScenePrintFile({
    scene,
    photos,
    template: template!,
    outline,
    dpi,
    title,
    whiteInk,
  });

  // 4. Store.
  const size = { width: rendered.widthPx, height: rendered.heightPx };
  const png = await files.save(db, { kind: 'print', contentType: 'image/png', bytes: rendered.png, ...size });
  const pdf = await files.save(db, {
    kind: 'print',
    contentType: 'application/pdf',
    bytes: rendered.pdf,
    ...size,
  });
  return {
    pngFileId: png.id,
    pdfFileId: pdf.id,
    widthPx: rendered.widthPx,
    heightPx: rendered.heightPx,
    dpi,
    white: rendered.white !== null,
  };
}

async function fileBytes(db: Queryable, files: FileService, id: string): Promise<Buffer> {
  const file = await files.find(db, id);
  const bytes = file && (await files.bytes(file));
  // A row without its bytes, or a reference to nothing, is our fault, not the caller's: a 500.
  if (!bytes) throw new Error(`file ${id} is missing from storage`);
  return bytes;
}

/**
 * The mask file of a print's white-ink layer, for RIPs that take the white channel as a separate
 * file: a PNG of the print PNG's pixel size, white where white ink goes and transparent elsewhere.
 * Read from the print PDF itself, so the two always agree. Null when the print has no white layer
 * (the case is not clear).
 */
export async function printWhitePng(
  db: Queryable,
  files: FileService,
  pdfFileId: string,
): Promise<Buffer | null> {
  const layer = await whiteLayerOfPdf(await fileBytes(db, files, pdfFileId));
  return layer && whiteLayerPng(layer, PRINT_DPI);
}

/** Whether a print PDF carries a white-ink layer, without reading the whole PDF. */
export async function printHasWhite(db: Queryable, files: FileService, pdfFileId: string): Promise<boolean> {
  return hasWhiteLayer(await fileBytes(db, files, pdfFileId));
}
