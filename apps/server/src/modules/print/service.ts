import type { PhoneOutline } from '@shop/case-geometry/outline';
import { PRINT_DPI } from '@shop/case-geometry/print-size';
import { productName } from '@shop/contracts/product';
import type { Queryable } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { type FileService, fileIdFromUri } from '../files/service.ts';
import { getOrder } from '../orders/service.ts';
import { renderPrintFile } from './render.ts';

export interface OrderPrint {
  pngFileId: string;
  pdfFileId: string;
  widthPx: number;
  heightPx: number;
  dpi: number;
}

/**
 * Renders an order's print file from the ORIGINAL photo and the stored transform, and stores it
 * as two files of kind 'print': the PNG (with its resolution recorded) and a one-page PDF of the
 * case's exact size. Every call renders and stores a new pair; which states may print is the
 * caller's decision.
 */
export async function renderOrderPrint(
  db: Queryable,
  files: FileService,
  orderId: string,
  options: { dpi?: number } = {},
): Promise<OrderPrint> {
  // 1. What to print: the photo the design was made with (never a later one) and its transform,
  //    the model's outline and template.
  const order = await getOrder(db, orderId);
  const photoUri = order.designPhotos[0];
  if (!photoUri || !order.designTransform) throw fail(409, 'ORDER_STATE', 'designMissing');
  const { rows } = await db.query<{ outline: unknown }>('SELECT outline FROM models WHERE id = $1', [
    order.model.id,
  ]);
  const outline = rows[0]?.outline;
  if (!isOutline(outline) || !order.model.template) throw fail(409, 'CONFLICT', 'printNotPossible');

  // 2. The bytes: the original upload (never the editor's copy) and the template image.
  const [photo, template] = await Promise.all([
    fileBytes(db, files, fileIdFromUri(photoUri)),
    fileBytes(db, files, fileIdFromUri(order.model.template)),
  ]);

  // 3. Render.
  const dpi = options.dpi ?? PRINT_DPI;
  const rendered = await renderPrintFile({
    photo,
    template,
    outline,
    transform: order.designTransform,
    dpi,
    title: `Pedido ${order.orderNumber}: ${productName(order.brand, order.model)}`,
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
  };
}

async function fileBytes(db: Queryable, files: FileService, id: string): Promise<Buffer> {
  const file = await files.find(db, id);
  const bytes = file && (await files.bytes(file));
  // A row without its bytes, or a reference to nothing, is our fault, not the caller's: a 500.
  if (!bytes) throw new Error(`file ${id} is missing from storage`);
  return bytes;
}

const positive = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0;

function isOutline(value: unknown): value is PhoneOutline {
  if (!value || typeof value !== 'object') return false;
  const o = value as Partial<PhoneOutline>;
  return positive(o.widthMm) && positive(o.heightMm) && typeof o.camera === 'object' && o.camera !== null;
}
