import { isBeingOrdered, type OrderStatus, statusesWhere } from '@shop/contracts/order-lifecycle';
import { formatOrderNumber } from '@shop/contracts/order-number';
import type { RetentionPeriods } from '@shop/contracts/retention';
import type { Queryable } from '../../db/client.ts';

/** What the orders forget on schedule (the retention workflow, `workflows/retention.ts`, runs it). */

/** Orders that were never confirmed: the customer left before paying or placing the order. */
const UNCONFIRMED = statusesWhere(isBeingOrdered);

/**
 * Orders never confirmed and untouched for `days`; `bare` when nothing personal is left in them
 * (no data, photo, design or tray).
 */
export async function abandonedOrders(
  tx: Queryable,
  now: Date,
  days: number,
): Promise<{ id: string; bare: boolean }[]> {
  const { rows } = await tx.query<{ id: string; bare: boolean }>(
    `SELECT o.id,
            (o.customer_name IS NULL AND o.customer_email IS NULL AND o.customer_phone IS NULL
             AND o.customer_address IS NULL AND o.image_id IS NULL AND o.design_id IS NULL
             AND o.design_scene IS NULL AND o.draft_scene IS NULL
             AND NOT EXISTS (SELECT 1 FROM order_design_photos d WHERE d.order_id = o.id)
             AND NOT EXISTS (SELECT 1 FROM order_photos p WHERE p.order_id = o.id)) AS bare
     FROM orders o
     WHERE o.status = ANY($1::text[]) AND o.paid_at IS NULL
       AND o.updated_at < $2::timestamptz - make_interval(days => $3)`,
    [UNCONFIRMED, now.toISOString(), days],
  );
  return rows;
}

/** Joins `last.at`: when each order moved into the state it is in now. */
const SINCE_LAST_MOVE = `JOIN LATERAL (SELECT max(e.at) AS at FROM order_events e
  WHERE e.order_id = o.id AND e.to_status = o.status AND e.kind = 'status'
    AND e.from_status IS DISTINCT FROM e.to_status) last ON true`;

/** Delivered orders past the legal guarantee and the margin, cancelled ones past theirs, that still hold files. */
export async function ordersPastKeeping(
  tx: Queryable,
  now: Date,
  periods: RetentionPeriods,
): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT o.id FROM orders o ${SINCE_LAST_MOVE}
     WHERE ((o.status = 'delivered'
             AND last.at < $1::timestamptz - make_interval(years => $2, days => $3))
         OR (o.status = 'cancelled' AND last.at < $1::timestamptz - make_interval(days => $4)))
       AND (o.image_id IS NOT NULL OR o.design_id IS NOT NULL OR o.print_png_id IS NOT NULL
            OR o.print_pdf_id IS NOT NULL
            OR o.design_scene IS NOT NULL OR o.draft_scene IS NOT NULL
            OR EXISTS (SELECT 1 FROM order_design_photos d WHERE d.order_id = o.id)
            OR EXISTS (SELECT 1 FROM order_photos p WHERE p.order_id = o.id))`,
    [now.toISOString(), periods.warrantyYears, periods.photoDaysAfterWarranty, periods.cancelledOrderDays],
  );
  return rows.map((r) => r.id);
}

/**
 * Finished orders (delivered or cancelled) whose last change of state is older than the legal
 * keeping period of their invoices, and that still hold personal data.
 */
export async function ordersPastLegalKeeping(
  tx: Queryable,
  now: Date,
  periods: RetentionPeriods,
): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT o.id FROM orders o ${SINCE_LAST_MOVE}
     WHERE o.status IN ('delivered', 'cancelled')
       AND last.at < $1::timestamptz - make_interval(years => $2)
       AND (o.customer_name IS NOT NULL OR o.customer_email IS NOT NULL OR o.customer_phone IS NOT NULL
            OR o.customer_address IS NOT NULL OR o.customer_city IS NOT NULL OR o.customer_postal_code IS NOT NULL)`,
    [now.toISOString(), periods.invoiceYears],
  );
  return rows.map((r) => r.id);
}

/** The files of these orders: photo, design, print files, the design's photos and the photo tray. */
export async function filesOfOrders(tx: Queryable, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<{ id: string }>(
    `SELECT f AS id FROM orders o, LATERAL unnest(ARRAY[o.image_id, o.design_id, o.print_png_id, o.print_pdf_id]) AS f
     WHERE o.id = ANY($1::uuid[]) AND f IS NOT NULL
     UNION SELECT file_id FROM order_design_photos WHERE order_id = ANY($1::uuid[])
     UNION SELECT file_id FROM order_photos WHERE order_id = ANY($1::uuid[])`,
    [ids],
  );
  return rows.map((r) => r.id);
}

/** Which of these files an order still uses (as photo, design, print file, design photo or in its tray). */
export async function filesUsedByOrders(tx: Queryable, fileIds: readonly string[]): Promise<Set<string>> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT f.id FROM unnest($1::text[]) AS f(id)
     WHERE EXISTS (SELECT 1 FROM orders o WHERE f.id IN (o.image_id, o.design_id, o.print_png_id, o.print_pdf_id))
        OR EXISTS (SELECT 1 FROM order_design_photos d WHERE d.file_id = f.id)
        OR EXISTS (SELECT 1 FROM order_photos p WHERE p.file_id = f.id)`,
    [fileIds],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Drops the orders' file references (and with `personal` their personal data); the rows stay
 * (payments, invoices). The scenes go with the photos they place (and their texts may name people).
 */
export async function stripOrders(tx: Queryable, ids: readonly string[], personal: boolean): Promise<void> {
  if (ids.length === 0) return;
  await tx.query('DELETE FROM order_design_photos WHERE order_id = ANY($1::uuid[])', [ids]);
  await tx.query('DELETE FROM order_photos WHERE order_id = ANY($1::uuid[])', [ids]);
  await tx.query(
    `UPDATE orders SET image_id = NULL, design_id = NULL, print_png_id = NULL, print_pdf_id = NULL,
       design_scene = NULL, draft_scene = NULL
     ${personal ? ', customer_name = NULL, customer_email = NULL, customer_phone = NULL, customer_address = NULL, customer_city = NULL, customer_postal_code = NULL, design_transform = NULL' : ''}
     WHERE id = ANY($1::uuid[])`,
    [ids],
  );
}

/** The orders' phone upload links go (spent or not). */
export async function dropUploadLinks(tx: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await tx.query('DELETE FROM upload_tokens WHERE order_id = ANY($1::uuid[])', [ids]);
}

/** Deletes orders; their timeline and design photo rows go with them (ON DELETE CASCADE). */
export async function deleteOrders(tx: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await tx.query('DELETE FROM orders WHERE id = ANY($1::uuid[])', [ids]);
}

/** A customer's orders, by the e-mail address they gave, oldest first; `invoiced`: paid, so invoiced. */
export async function ordersOfCustomer(
  tx: Queryable,
  email: string,
): Promise<{ id: string; orderNumber: string; status: OrderStatus; invoiced: boolean }[]> {
  const { rows } = await tx.query<{
    id: string;
    order_number: number;
    status: OrderStatus;
    invoiced: boolean;
  }>(
    `SELECT o.id, o.order_number, o.status,
            o.paid_at IS NOT NULL AS invoiced
     FROM orders o WHERE lower(trim(o.customer_email)) = $1 ORDER BY o.created_at, o.order_number`,
    [email.trim().toLowerCase()],
  );
  return rows.map((r) => ({
    id: r.id,
    orderNumber: formatOrderNumber(r.order_number),
    status: r.status,
    invoiced: r.invoiced,
  }));
}

/** Staff notes in the orders' timelines go: they may speak of the person. */
export async function dropStaffNotes(tx: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    `UPDATE order_events SET note = NULL WHERE order_id = ANY($1::uuid[]) AND actor LIKE 'staff:%'`,
    [ids],
  );
}

/**
 * A line in each order's timeline saying what was removed: by the retention on schedule, or
 * ('rgpd') at the customer's request.
 */
export async function noteRetention(
  tx: Queryable,
  ids: readonly string[],
  note: string,
  actor: 'retention' | 'rgpd' = 'retention',
): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    `INSERT INTO order_events (order_id, from_status, to_status, actor, note)
     SELECT id, status, status, $3, $2 FROM orders WHERE id = ANY($1::uuid[])`,
    [ids, note, actor],
  );
}
