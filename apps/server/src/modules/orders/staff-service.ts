import { PRINT_DPI } from '@shop/case-geometry/print-size';
import type { StaffUser } from '@shop/contracts/auth';
import {
  isCashableAtCounter,
  isPlaced,
  isPrintable,
  type OrderStatus,
  statusesWhere,
  waitsForPrint,
} from '@shop/contracts/order-lifecycle';
import type { OrderEvent, OrderFilter, OrderPage, StaffStatusChange } from '@shop/contracts/orders';
import type { Database, Queryable } from '../../db/client.ts';
import { fail, forbidden } from '../../lib/errors.ts';
import type { FileService } from '../files/index.ts';
import { ORDER_SELECT, type OrderInvoices, type OrderRow, toOrders } from './order-read.ts';
import { byStaff, expectStatus, expectTransition, lockOrder, transition } from './state.ts';

const SORTS: Record<OrderFilter['sort'], string> = {
  createdAt: 'o.created_at ASC, o.order_number ASC',
  '-createdAt': 'o.created_at DESC, o.order_number DESC',
  orderNumber: 'o.order_number ASC',
  '-orderNumber': 'o.order_number DESC',
  total: '(o.price_cents + o.shipping_cents) ASC, o.order_number ASC',
  '-total': '(o.price_cents + o.shipping_cents) DESC, o.order_number DESC',
};

/** Created, no details, more than a day old: the customer left before adding a photo. */
const ABANDONED = `o.status = 'created' AND o.customer_name IS NULL AND o.customer_email IS NULL
  AND o.created_at < now() - interval '1 day'`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The back office's order list. Store staff see their own store's orders only: asking for
 * another store is refused, asking for none means their own. A page takes a fixed number of
 * queries, whatever its size (see `toOrders`).
 */
export async function listOrders(
  q: Queryable,
  staff: StaffUser,
  filter: OrderFilter,
  invoices: OrderInvoices,
): Promise<OrderPage> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  let storeId = filter.storeId;
  if (staff.role === 'store') {
    if (storeId !== undefined && storeId !== staff.storeId) throw forbidden();
    storeId = staff.storeId ?? -1;
  }
  if (storeId !== undefined) where.push(`o.store_id = ${add(storeId)}`);
  if (filter.orderId) {
    const term = filter.orderId;
    if (UUID.test(term)) where.push(`o.id = ${add(term.toLowerCase())}`);
    else if (/^\d{1,12}$/.test(term)) where.push(`o.order_number = ${add(Number(term))}`);
    else throw fail(400, 'VALIDATION_FAILED', 'orderIdFilterInvalid');
  }
  // Calendar days are Madrid's, whatever the server's time zone.
  if (filter.startDate)
    where.push(`o.created_at >= (${add(filter.startDate)}::date)::timestamp AT TIME ZONE 'Europe/Madrid'`);
  if (filter.endDate) {
    where.push(`o.created_at < ((${add(filter.endDate)}::date + 1)::timestamp AT TIME ZONE 'Europe/Madrid')`);
  }
  if (filter.finishedOnly === 'true') where.push(`o.status = ANY(${add(statusesWhere(isPlaced))}::text[])`);
  if (filter.status) where.push(`o.status = ${add(filter.status)}`);
  // Owed money: placed orders still open and not paid; drafts never placed and cancelled ones owe nothing.
  if (filter.paid === 'true') where.push('o.paid_at IS NOT NULL');
  if (filter.paid === 'false') {
    where.push(`o.paid_at IS NULL AND o.status = ANY(${add(statusesWhere(isCashableAtCounter))}::text[])`);
  }
  // Abandoned orders (a model chosen a day ago and nothing since) crowd the list; a search for one
  // order, for the 'created' state or for abandoned ones shows them.
  const hideAbandoned = filter.abandoned !== 'true' && !filter.orderId && filter.status !== 'created';
  const filtersSql = where.length ? where.join(' AND ') : 'true';
  const whereSql = `WHERE ${filtersSql}${hideAbandoned ? ` AND NOT (${ABANDONED})` : ''}`;

  // Counted as all the filtered orders less the abandoned ones among them: each count then reads
  // an index alone (the abandoned ones have a small one of their own), where counting the rows
  // that are not abandoned read every order's row, a cost that grew with the whole table.
  const count = await q.query<{ n: number }>(
    hideAbandoned
      ? `SELECT ((SELECT count(*) FROM orders o WHERE ${filtersSql})
                - (SELECT count(*) FROM orders o WHERE ${filtersSql} AND ${ABANDONED}))::int AS n`
      : `SELECT count(*)::int AS n FROM orders o ${whereSql}`,
    params,
  );
  const limit = add(filter.size);
  const offset = add((filter.page - 1) * filter.size);
  const { rows } = await q.query<OrderRow>(
    `${ORDER_SELECT} ${whereSql} ORDER BY ${SORTS[filter.sort]} LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  return {
    items: await toOrders(q, rows, { invoices }),
    total: count.rows[0]?.n ?? 0,
    page: filter.page,
    size: filter.size,
  };
}

/** The store an order belongs to, for access checks before anything else is read. */
export async function orderStoreId(q: Queryable, orderId: string): Promise<number> {
  const { rows } = await q.query<{ store_id: number }>('SELECT store_id FROM orders WHERE id = $1', [
    orderId,
  ]);
  if (!rows[0]) throw fail(404, 'ORDER_NOT_FOUND', 'orderNotFound');
  return rows[0].store_id;
}

/** The order's stored print PDF (its file id), or null while it has none. */
export async function orderPrintPdfId(q: Queryable, orderId: string): Promise<string | null> {
  const { rows } = await q.query<{ print_pdf_id: string | null }>(
    'SELECT print_pdf_id FROM orders WHERE id = $1',
    [orderId],
  );
  if (!rows[0]) throw fail(404, 'ORDER_NOT_FOUND', 'orderNotFound');
  return rows[0].print_pdf_id;
}

export async function orderTimeline(q: Queryable, orderId: string): Promise<OrderEvent[]> {
  const { rows } = await q.query<{
    at: Date;
    from_status: OrderStatus | null;
    to_status: OrderStatus;
    actor: string;
    note: string | null;
    kind: 'status' | 'paid';
  }>(
    'SELECT at, from_status, to_status, actor, note, kind FROM order_events WHERE order_id = $1 ORDER BY id',
    [orderId],
  );
  return rows.map((r) => ({
    at: r.at.toISOString(),
    fromStatus: r.from_status,
    toStatus: r.to_status,
    actor: r.actor,
    note: r.note,
    kind: r.kind,
  }));
}

/** The parcel of a 'shipped' change: carrier and tracking number (required), link (optional). */
export interface ParcelInput {
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
  trackingUrl?: string | undefined;
}

/**
 * A hand-set change of state, with its timeline line ("who and when"), as the life cycle's table
 * allows it (pickup orders become ready, home deliveries shipped, only paid ones delivered; a paid
 * order's money goes back with its cancellation, workflows/cancel-order.ts). Returns false when the
 * order was in that state already (nothing changes, no mail goes out again).
 */
export async function changeStatusByStaff(
  tx: Queryable,
  orderId: string,
  staff: StaffUser,
  to: StaffStatusChange['status'],
  note: string | null,
  parcel: ParcelInput = {},
): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  if (staff.role !== 'admin' && staff.storeId !== order.store_id) throw forbidden();
  if (to !== 'shipped' && (parcel.carrier || parcel.trackingNumber || parcel.trackingUrl)) {
    throw fail(400, 'VALIDATION_FAILED', 'parcelOnlyWhenShipped');
  }
  if (order.status === to) return false;
  const by = byStaff(staff);
  // Before the parcel is checked or stored: a move the order cannot make is refused as such.
  expectTransition(order, to, by);
  if (to === 'shipped') {
    if (!parcel.carrier || !parcel.trackingNumber) throw fail(400, 'VALIDATION_FAILED', 'parcelRequired');
    await tx.query('UPDATE orders SET carrier = $2, tracking_number = $3, tracking_url = $4 WHERE id = $1', [
      orderId,
      parcel.carrier,
      parcel.trackingNumber,
      parcel.trackingUrl ?? null,
    ]);
  }
  const parcelNote = to === 'shipped' ? `${parcel.carrier} ${parcel.trackingNumber}` : null;
  return transition(tx, order, to, by, [note, parcelNote].filter(Boolean).join(' · ') || null);
}

/** Renders an order's print files and stores them (the print module's renderOrderPrint). */
export type RenderOrderPrint = (
  db: Queryable,
  files: FileService,
  orderId: string,
) => Promise<{ pngFileId: string; pdfFileId: string }>;

/**
 * Produces the order's print file once (rendering is slow, so it runs outside the transaction),
 * keeps it on the order, and marks the order printed. Asking again returns the same files.
 */
export async function printOrder(
  db: Database,
  files: FileService,
  render: RenderOrderPrint,
  orderId: string,
  staff: StaffUser,
  /** false: keep the file on the order but leave its state (a print batch marks it when printed). */
  opts: { markPrinted?: boolean } = {},
): Promise<{ pngId: string; pdfId: string; widthPx: number; heightPx: number; dpi: number }> {
  const current = await db.query<{
    status: OrderStatus;
    print_png_id: string | null;
    print_pdf_id: string | null;
  }>('SELECT status, print_png_id, print_pdf_id FROM orders WHERE id = $1', [orderId]);
  const row = current.rows[0];
  if (!row) throw fail(404, 'ORDER_NOT_FOUND', 'orderNotFound');
  if (!isPrintable(row.status)) throw fail(409, 'ORDER_STATE', 'printNeedsPayment');
  const rendered = row.print_pdf_id ? null : await render(db, files, orderId);

  const { ids, discard } = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    expectStatus(order, isPrintable);
    const { rows } = await tx.query<{ print_png_id: string | null; print_pdf_id: string | null }>(
      'SELECT print_png_id, print_pdf_id FROM orders WHERE id = $1',
      [orderId],
    );
    const stored = rows[0]!;
    let ids = { png: stored.print_png_id, pdf: stored.print_pdf_id };
    // Another request may have stored its render first: keep that one, drop ours.
    const discard = ids.pdf && rendered ? [rendered.pngFileId, rendered.pdfFileId] : [];
    if (!ids.pdf && rendered) {
      ids = { png: rendered.pngFileId, pdf: rendered.pdfFileId };
      await tx.query(
        'UPDATE orders SET print_png_id = $2, print_pdf_id = $3, updated_at = now() WHERE id = $1',
        [orderId, ids.png, ids.pdf],
      );
    }
    if (opts.markPrinted !== false && waitsForPrint(order.status)) {
      await transition(tx, order, 'printed', byStaff(staff));
    }
    const removals = [];
    for (const id of discard) removals.push(await files.remove(tx, id));
    return { ids, discard: removals };
  });
  for (const removeBytes of discard) await removeBytes();
  const file = await files.find(db, ids.pdf!);
  return {
    pngId: ids.png!,
    pdfId: ids.pdf!,
    widthPx: file?.width ?? 0,
    heightPx: file?.height ?? 0,
    dpi: PRINT_DPI,
  };
}
