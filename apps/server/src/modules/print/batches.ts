import { randomUUID } from 'node:crypto';
import type { StaffUser } from '@shop/contracts/auth';
import { messages } from '@shop/contracts/messages';
import { isBatchable, type OrderStatus, statusesWhere, waitsForPrint } from '@shop/contracts/order-lifecycle';
import type {
  PrintBatch,
  PrintBatchCreate,
  PrintQueueItem,
  StoreSettings,
} from '@shop/contracts/print-batches';
import { phoneName, productName } from '@shop/contracts/product';
import type { Database, Queryable } from '../../db/client.ts';
import { AppError, fail, forbidden, notFound } from '../../lib/errors.ts';
import { type FileService, fileUriOrNull } from '../files/index.ts';
import { byStaff, formatOrderNumber, lockOrder, printOrder, transition } from '../orders/index.ts';
import { CaseTooLargeError, layoutSheets, SHEET_PRESETS, type SheetSpec } from './batch-layout.ts';
import { type BatchCase, renderBatchPdf } from './batch-pdf.ts';
import { renderOrderPrint } from './service.ts';

const MM_PER_INCH = 25.4;

export const batchUri = (id: string): string => `/api/print-batches/${id}/pdf`;

const withNumber = (key: 'printBatchNotPrintable' | 'printBatchCaseTooLarge', n: number, status = 409) =>
  new AppError(
    status,
    status === 409 ? 'ORDER_STATE' : 'PRINT_SHEET_TOO_SMALL',
    messages[key].replace('{orderNumber}', formatOrderNumber(n)),
  );

interface BatchOrderRow {
  id: string;
  order_number: number;
  store_id: number;
  status: OrderStatus;
  brand_name: string;
  model_name: string;
  outline: { cornerRadiusMm?: unknown } | null;
}

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
  const { rows } = await db.query<BatchOrderRow>(
    `SELECT o.id, o.order_number, o.store_id, o.status, b.name AS brand_name, m.name AS model_name, m.outline
     FROM orders o JOIN brands b ON b.id = o.brand_id JOIN models m ON m.id = o.model_id
     WHERE o.id = ANY($1::uuid[])`,
    [ids],
  );
  if (rows.length !== ids.length) throw notFound('ORDER_NOT_FOUND', 'orderNotFound');
  const storeIds = new Set(rows.map((r) => r.store_id));
  if (staff.role !== 'admin' && [...storeIds].some((s) => s !== staff.storeId)) throw forbidden();
  if (storeIds.size > 1) throw fail(400, 'VALIDATION_FAILED', 'printBatchOneStore');
  const storeId = rows[0]!.store_id;
  for (const r of rows)
    if (!isBatchable(r.status)) throw withNumber('printBatchNotPrintable', r.order_number);

  const settings = await storeSettings(db, storeId);
  const spec: SheetSpec = input.sheet
    ? { ...SHEET_PRESETS[input.sheet], marginMm: settings.marginMm }
    : { widthMm: settings.sheetWidthMm, heightMm: settings.sheetHeightMm, marginMm: settings.marginMm };

  // Oldest order first: the layout is the same for the same selection, whatever its order.
  rows.sort((a, b) => a.order_number - b.order_number);
  const cases: (BatchCase & { widthMm: number; heightMm: number; orderNumber: number })[] = [];
  for (const r of rows) {
    const print = await printOrder(db, files, renderOrderPrint, r.id, staff, { markPrinted: false });
    const file = await files.find(db, print.pngId);
    const png = file && (await files.bytes(file));
    if (!png) throw new Error(`print file ${print.pngId} is missing from storage`);
    const radius = typeof r.outline?.cornerRadiusMm === 'number' ? r.outline.cornerRadiusMm : 0;
    cases.push({
      id: r.id,
      png,
      label: `n.º ${formatOrderNumber(r.order_number)} · ${phoneName({ name: r.brand_name }, { name: r.model_name })}`,
      cornerRadiusMm: radius,
      widthMm: (print.widthPx / print.dpi) * MM_PER_INCH,
      heightMm: (print.heightPx / print.dpi) * MM_PER_INCH,
      orderNumber: r.order_number,
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
  const pdf = await renderBatchPdf(cases, layout, spec, `Lote de impresión: pedidos ${numbers.join(', ')}`);
  await db.transaction(async (tx) => {
    const file = await files.save(tx, { kind: 'print', contentType: 'application/pdf', bytes: pdf });
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

async function batchRow(q: Queryable, staff: StaffUser, id: string, lock = false): Promise<BatchRow> {
  const { rows } = await q.query<BatchRow>(
    `SELECT * FROM print_batches WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  const row = rows[0];
  if (!row) throw notFound('PRINT_BATCH_NOT_FOUND', 'printBatchNotFound');
  if (staff.role !== 'admin' && staff.storeId !== row.store_id) throw forbidden();
  return row;
}

export async function getPrintBatch(q: Queryable, staff: StaffUser, id: string): Promise<PrintBatch> {
  const row = await batchRow(q, staff, id);
  const { rows } = await q.query<{
    order_id: string;
    order_number: number;
    sheet: number;
    x_mm: number;
    y_mm: number;
    width_mm: number;
    height_mm: number;
    rotated: boolean;
  }>(
    `SELECT p.order_id, o.order_number, p.sheet, p.x_mm, p.y_mm, p.width_mm, p.height_mm, p.rotated
     FROM print_batch_orders p JOIN orders o ON o.id = p.order_id
     WHERE p.batch_id = $1 ORDER BY p.sheet, p.y_mm, p.x_mm`,
    [id],
  );
  return {
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
    placements: rows.map((p) => ({
      orderId: p.order_id,
      orderNumber: formatOrderNumber(p.order_number),
      sheet: p.sheet,
      xMm: p.x_mm,
      yMm: p.y_mm,
      widthMm: p.width_mm,
      heightMm: p.height_mm,
      rotated: p.rotated,
    })),
  };
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

export async function listPrintBatches(
  q: Queryable,
  staff: StaffUser,
  storeId: number | undefined,
): Promise<PrintBatch[]> {
  const store = staff.role === 'admin' ? storeId : staff.storeId;
  if (staff.role !== 'admin' && storeId !== undefined && storeId !== staff.storeId) throw forbidden();
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM print_batches WHERE ($1::int IS NULL OR store_id = $1) ORDER BY created_at DESC LIMIT 20`,
    [store ?? null],
  );
  const out: PrintBatch[] = [];
  for (const r of rows) out.push(await getPrintBatch(q, staff, r.id));
  return out;
}

/** Orders waiting for print (placed, not printed), oldest first; store staff see their store's. */
export async function printQueue(
  q: Queryable,
  staff: StaffUser,
  storeId: number | undefined,
): Promise<PrintQueueItem[]> {
  if (staff.role !== 'admin' && storeId !== undefined && storeId !== staff.storeId) throw forbidden();
  const store = staff.role === 'admin' ? storeId : (staff.storeId ?? -1);
  const { rows } = await q.query<{
    id: string;
    order_number: number;
    status: OrderStatus;
    store_id: number;
    store_name: string;
    brand_name: string;
    model_name: string;
    design_id: string | null;
    created_at: Date;
    paid: boolean;
  }>(
    `SELECT o.id, o.order_number, o.status, o.store_id, s.name AS store_name, b.name AS brand_name,
            m.name AS model_name, o.design_id, o.created_at, o.paid_at IS NOT NULL AS paid
     FROM orders o JOIN stores s ON s.id = o.store_id JOIN brands b ON b.id = o.brand_id
     JOIN models m ON m.id = o.model_id
     WHERE o.status = ANY($1::text[]) AND ($2::int IS NULL OR o.store_id = $2)
     ORDER BY o.created_at, o.order_number LIMIT 500`,
    [statusesWhere(waitsForPrint), store ?? null],
  );
  return rows.map((r) => ({
    id: r.id,
    orderNumber: formatOrderNumber(r.order_number),
    status: r.status,
    storeId: r.store_id,
    storeName: r.store_name,
    product: productName({ name: r.brand_name }, { name: r.model_name }),
    design: fileUriOrNull(r.design_id),
    createdAt: r.created_at.toISOString(),
    paid: r.paid,
  }));
}

export async function storeSettings(q: Queryable, storeId: number): Promise<StoreSettings> {
  const { rows } = await q.query<{
    commission_bp: number;
    print_sheet_width_mm: number;
    print_sheet_height_mm: number;
    print_margin_mm: number;
  }>(
    'SELECT commission_bp, print_sheet_width_mm, print_sheet_height_mm, print_margin_mm FROM stores WHERE id = $1',
    [storeId],
  );
  const r = rows[0];
  if (!r) throw notFound('STORE_NOT_FOUND', 'storeNotFound');
  return {
    storeId,
    commissionPercent: r.commission_bp / 100,
    sheetWidthMm: r.print_sheet_width_mm,
    sheetHeightMm: r.print_sheet_height_mm,
    marginMm: r.print_margin_mm,
  };
}

export async function saveStoreSettings(
  q: Queryable,
  storeId: number,
  input: Omit<StoreSettings, 'storeId'>,
): Promise<StoreSettings> {
  const { rowCount } = await q.query(
    `UPDATE stores SET commission_bp = $2, print_sheet_width_mm = $3, print_sheet_height_mm = $4,
       print_margin_mm = $5, updated_at = now() WHERE id = $1`,
    [
      storeId,
      Math.round(input.commissionPercent * 100),
      input.sheetWidthMm,
      input.sheetHeightMm,
      input.marginMm,
    ],
  );
  if (!rowCount) throw notFound('STORE_NOT_FOUND', 'storeNotFound');
  return storeSettings(q, storeId);
}
