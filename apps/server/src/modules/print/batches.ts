import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { StaffUser } from '@shop/contracts/auth';
import { messages } from '@shop/contracts/messages';
import { isBatchable, waitsForPrint } from '@shop/contracts/order-lifecycle';
import type { PrintBatch, PrintBatchCreate } from '@shop/contracts/print-batches';
import { phoneName } from '@shop/contracts/product';
import type { Database, Queryable } from '../../db/client.ts';
import { AppError, fail, forbidden, notFound } from '../../lib/errors.ts';
import { phonesOf } from '../catalogue/index.ts';
import type { FileService } from '../files/index.ts';
import {
  byStaff,
  formatOrderNumber,
  lockOrder,
  orderFacts,
  ordersForBatch,
  printOrder,
  transition,
} from '../orders/index.ts';
import { storeSettings } from '../stores/index.ts';
import { CaseTooLargeError, layoutSheets, SHEET_PRESETS, type SheetSpec } from './batch-layout.ts';
import { type BatchCaseSource, writeBatchPdf } from './batch-pdf.ts';
import { whiteLayerOfPdf } from './pdf.ts';
import { fileSink } from './pdf-stream.ts';
import { renderOrderPrint } from './service.ts';

const MM_PER_INCH = 25.4;

export const batchUri = (id: string): string => `/api/print-batches/${id}/pdf`;

const withNumber = (key: 'printBatchNotPrintable' | 'printBatchCaseTooLarge', n: number, status = 409) =>
  new AppError(
    status,
    status === 409 ? 'ORDER_STATE' : 'PRINT_SHEET_TOO_SMALL',
    messages[key].replace('{orderNumber}', formatOrderNumber(n)),
  );

/**
 * Makes a batch: checks every order (one store, the caller's; printable), produces each order's
 * print file once (kept on the order, as a single print does), lays the cases out on the sheets
 * and stores the PDF with the layout. The orders' states do not change until the batch is marked
 * printed: a PDF that never reached the printer leaves the queue as it was.
 */
export async function createPrintBatch(
  db: Database,
  files: FileService,
  staff: StaffUser,
  input: PrintBatchCreate,
): Promise<PrintBatch> {
  const ids = [...new Set(input.orderIds)];
  const orders = await ordersForBatch(db, ids);
  const phones = await phonesOf(db, orders);
  // Every order must exist, with its brand and model.
  const rows = orders.flatMap((o, i) => {
    const phone = phones[i];
    return phone ? [{ ...o, ...phone }] : [];
  });
  if (rows.length !== ids.length) throw notFound('ORDER_NOT_FOUND', 'orderNotFound');
  const storeIds = new Set(rows.map((r) => r.storeId));
  if (staff.role !== 'admin' && [...storeIds].some((s) => s !== staff.storeId)) throw forbidden();
  if (storeIds.size > 1) throw fail(400, 'VALIDATION_FAILED', 'printBatchOneStore');
  const storeId = rows[0]!.storeId;
  for (const r of rows) if (!isBatchable(r.status)) throw withNumber('printBatchNotPrintable', r.orderNumber);

  const settings = await storeSettings(db, storeId);
  const spec: SheetSpec = input.sheet
    ? { ...SHEET_PRESETS[input.sheet], marginMm: settings.marginMm }
    : { widthMm: settings.sheetWidthMm, heightMm: settings.sheetHeightMm, marginMm: settings.marginMm };

  // Oldest order first: the layout is the same for the same selection, whatever its order.
  rows.sort((a, b) => a.orderNumber - b.orderNumber);
  // Only what the layout needs is kept per case; the print files are read when the PDF is written.
  const cases: (BatchCaseSource & { widthMm: number; heightMm: number; orderNumber: number })[] = [];
  for (const r of rows) {
    const print = await printOrder(db, files, renderOrderPrint, r.id, staff, { markPrinted: false });
    cases.push({
      id: r.id,
      png: () => storedBytes(db, files, print.pngId),
      // A clear case's white layer, read from its print PDF, in the ink as the store names it now.
      white: async () => {
        const white = await whiteLayerOfPdf(await storedBytes(db, files, print.pdfId));
        return white && { ...white, ink: settings.whiteInkName };
      },
      label: `n.º ${formatOrderNumber(r.orderNumber)} · ${phoneName({ name: r.brandName }, { name: r.modelName })}`,
      cornerRadiusMm: r.cornerRadiusMm ?? 0,
      widthMm: (print.widthPx / print.dpi) * MM_PER_INCH,
      heightMm: (print.heightPx / print.dpi) * MM_PER_INCH,
      orderNumber: r.orderNumber,
    });
  }
  let layout: ReturnType<typeof layoutSheets>;
  try {
    layout = layoutSheets(cases, spec);
  } catch (err) {
    if (err instanceof CaseTooLargeError) {
      const n = cases.find((c) => c.id === err.itemId)!.orderNumber;
      throw withNumber('printBatchCaseTooLarge', n, 422);
    }
    throw err;
  }
  const id = randomUUID();
  const numbers = cases.map((c) => formatOrderNumber(c.orderNumber));
  const title = `Lote de impresión: pedidos ${numbers.join(', ')}`;
  // Written to storage as it is made, print file by print file: memory does not grow with the batch.
  const stored = await files.saveLarge({ kind: 'print', contentType: 'application/pdf' }, async (file) => {
    const handle = await open(file, 'wx', 0o640);
    try {
      const sink = fileSink(handle);
      await writeBatchPdf(cases, layout, spec, title, sink);
      await sink.flush();
    } finally {
      await handle.close();
    }
  });
  await db.transaction(async (tx) => {
    const file = await files.record(tx, stored);
    await tx.query(
      `INSERT INTO print_batches (id, store_id, sheet, sheet_width_mm, sheet_height_mm, margin_mm, sheets, file_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        storeId,
        input.sheet ?? 'store',
        spec.widthMm,
        spec.heightMm,
        spec.marginMm,
        layout.sheets,
        file.id,
        `staff:${staff.email}`,
      ],
    );
    for (const p of layout.placements) {
      await tx.query(
        `INSERT INTO print_batch_orders (batch_id, order_id, sheet, x_mm, y_mm, width_mm, height_mm, rotated)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [id, p.id, p.sheet, p.xMm, p.yMm, p.widthMm, p.heightMm, p.rotated],
      );
    }
  });
  return getPrintBatch(db, staff, id);
}

async function storedBytes(db: Queryable, files: FileService, id: string): Promise<Buffer> {
  const file = await files.find(db, id);
  const bytes = file && (await files.bytes(file));
  if (!bytes) throw new Error(`print file ${id} is missing from storage`);
  return bytes;
}

interface BatchRow {
  id: string;
  store_id: number;
  sheet: 'A4' | 'A3' | 'store';
  sheet_width_mm: number;
  sheet_height_mm: number;
  margin_mm: number;
  sheets: number;
  file_id: string | null;
  created_by: string;
  created_at: Date;
  printed_at: Date | null;
  printed_by: string | null;
}

const mayRead = (staff: StaffUser, row: BatchRow): boolean =>
  staff.role === 'admin' || staff.storeId === row.store_id;

async function batchRow(q: Queryable, staff: StaffUser, id: string, lock = false): Promise<BatchRow> {
  const { rows } = await q.query<BatchRow>(
    `SELECT * FROM print_batches WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  const row = rows[0];
  if (!row) throw notFound('PRINT_BATCH_NOT_FOUND', 'printBatchNotFound');
  if (!mayRead(staff, row)) throw forbidden();
  return row;
}

interface PlacementRow {
  batch_id: string;
  order_id: string;
  sheet: number;
  x_mm: number;
  y_mm: number;
  width_mm: number;
  height_mm: number;
  rotated: boolean;
}

/**
 * The batches as the API shows them, each with its placements (sheet by sheet, top to bottom,
 * left to right) and their orders' numbers: two queries however many batches there are.
 */
async function toPrintBatches(q: Queryable, batches: readonly BatchRow[]): Promise<PrintBatch[]> {
  if (batches.length === 0) return [];
  const { rows } = await q.query<PlacementRow>(
    `SELECT batch_id, order_id, sheet, x_mm, y_mm, width_mm, height_mm, rotated FROM print_batch_orders
     WHERE batch_id = ANY($1::uuid[]) ORDER BY sheet, y_mm, x_mm`,
    [batches.map((b) => b.id)],
  );
  const orders = await orderFacts(
    q,
    rows.map((p) => p.order_id),
  );
  return batches.map((row) => ({
    id: row.id,
    uri: batchUri(row.id),
    storeId: row.store_id,
    sheet: row.sheet,
    sheetWidthMm: row.sheet_width_mm,
    sheetHeightMm: row.sheet_height_mm,
    marginMm: row.margin_mm,
    sheets: row.sheets,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    printedAt: row.printed_at ? row.printed_at.toISOString() : null,
    printedBy: row.printed_by,
    placements: rows.flatMap((p) => {
      const orderNumber = orders.get(p.order_id)?.orderNumber;
      if (p.batch_id !== row.id || orderNumber === undefined) return [];
      return [
        {
          orderId: p.order_id,
          orderNumber: formatOrderNumber(orderNumber),
          sheet: p.sheet,
          xMm: p.x_mm,
          yMm: p.y_mm,
          widthMm: p.width_mm,
          heightMm: p.height_mm,
          rotated: p.rotated,
        },
      ];
    }),
  }));
}

export async function getPrintBatch(q: Queryable, staff: StaffUser, id: string): Promise<PrintBatch> {
  const [batch] = await toPrintBatches(q, [await batchRow(q, staff, id)]);
  return batch!;
}

/**
 * The batch PDF's file id, for its download (staff of the batch's store); 410 once the retention
 * job has deleted it with the designs it held.
 */
export async function printBatchFileId(q: Queryable, staff: StaffUser, id: string): Promise<string> {
  const fileId = (await batchRow(q, staff, id)).file_id;
  if (fileId === null) throw fail(410, 'PRINT_BATCH_EXPIRED', 'printBatchExpired');
  return fileId;
}

/**
 * Marks a batch printed, and with it every order in it that was waiting for print (each gets its
 * timeline line); orders printed before or cancelled since stay as they are. Asking twice changes
 * nothing the second time.
 */
export async function markBatchPrinted(db: Database, staff: StaffUser, id: string): Promise<PrintBatch> {
  await db.transaction(async (tx) => {
    const row = await batchRow(tx, staff, id, true);
    if (row.printed_at) return;
    const { rows } = await tx.query<{ order_id: string }>(
      'SELECT order_id FROM print_batch_orders WHERE batch_id = $1 ORDER BY order_id',
      [id],
    );
    for (const { order_id } of rows) {
      const order = await lockOrder(tx, order_id);
      if (waitsForPrint(order.status)) {
        await transition(tx, order, 'printed', byStaff(staff), 'Impreso en un lote de impresión');
      }
    }
    await tx.query('UPDATE print_batches SET printed_at = now(), printed_by = $2 WHERE id = $1', [
      id,
      `staff:${staff.email}`,
    ]);
  });
  return getPrintBatch(db, staff, id);
}

/** The latest 20 batches, newest first (of one store, or of every store for an admin who names none). */
export async function listPrintBatches(
  q: Queryable,
  staff: StaffUser,
  storeId: number | undefined,
): Promise<PrintBatch[]> {
  const store = staff.role === 'admin' ? storeId : staff.storeId;
  if (staff.role !== 'admin' && storeId !== undefined && storeId !== staff.storeId) throw forbidden();
  const { rows } = await q.query<BatchRow>(
    `SELECT * FROM print_batches WHERE ($1::int IS NULL OR store_id = $1) ORDER BY created_at DESC LIMIT 20`,
    [store ?? null],
  );
  if (rows.some((r) => !mayRead(staff, r))) throw forbidden();
  return toPrintBatches(q, rows);
}
