import { isBeingOrdered, statusesWhere } from '@shop/contracts/order-lifecycle';
import type { RetentionPeriods } from '@shop/contracts/retention';
import type { Database, Queryable } from '../../db/client.ts';
import type { FileService } from '../files/service.ts';

/**
 * The retention the privacy policy promises (its text and this job read the same periods,
 * `RetentionPeriods`, from the configuration):
 *
 * - an order never confirmed (not paid, not placed to pay at the store) goes, with its photo,
 *   design and data, `abandonedOrderDays` after it was last changed; one that reached the payment
 *   gateway keeps its row for the payment records, without personal data, photo or design;
 * - a delivered order loses its photo, design and print files `warrantyYears` years plus
 *   `photoDaysAfterWarranty` days after delivery; a cancelled one `cancelledOrderDays` after the
 *   cancellation; a print batch's PDF (the sheets with its orders' designs) goes with the first of
 *   its orders, the batch's record stays;
 * - invoices, their PDFs and their orders are never touched here (kept for the legal period);
 * - payment notifications that failed verification (not from the gateway: forged, garbled, or a
 *   terminal set up wrongly; up to 8 KB each, kept as posted and decoded) go
 *   `UNVERIFIED_NOTIFICATION_DAYS` after they arrived, long enough to look into them. Verified
 *   ones are the payments' records and stay.
 *
 * It runs once a day, whichever instance comes first: the day's row in `retention_runs` and an
 * advisory lock make the others (and any later run that day) do nothing. Times are the `now`
 * given, so a test can move the clock on.
 */

/** Any number that is ours alone: instances running the job at once take turns through it. */
const RETENTION_LOCK = 7_263_013;

/** How long a payment notification that failed verification is kept (docs/operations.md). */
export const UNVERIFIED_NOTIFICATION_DAYS = 30;

/** Orders that were never confirmed: the customer left before paying or placing the order. */
const UNCONFIRMED = statusesWhere(isBeingOrdered);

export interface RetentionResult {
  /** 'ran', or why nothing was done: another instance holds the job, or it already ran that day. */
  outcome: 'ran' | 'busy' | 'done-today';
  day: string;
  abandonedOrders: number;
  abandonedAnonymised: number;
  photoOrders: number;
  files: number;
  unverifiedNotifications: number;
}

export interface RetentionLogger {
  info(obj: object, msg: string): void;
}

/** The files of these orders: photo, design, print files, the design's photos and the photo tray. */
async function filesOf(tx: Queryable, ids: string[]): Promise<string[]> {
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

/**
 * Drops the order's personal data and file references; the row stays (payments, invoices). The
 * scenes go with the photos they place (and their texts may name people).
 */
async function stripOrders(tx: Queryable, ids: string[], personal: boolean): Promise<void> {
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

/** Runs the day's retention; see the module comment. Bytes of deleted files go after the commit. */
export async function runRetention(
  db: Database,
  files: FileService,
  periods: RetentionPeriods,
  opts: { now?: Date; log?: RetentionLogger } = {},
): Promise<RetentionResult> {
  const now = opts.now ?? new Date();
  const removeBytes: (() => Promise<void>)[] = [];
  const result = await db.transaction(async (tx): Promise<RetentionResult> => {
    const { rows: dayRows } = await tx.query<{ day: string; locked: boolean }>(
      `SELECT to_char(($1::timestamptz AT TIME ZONE 'Europe/Madrid')::date, 'YYYY-MM-DD') AS day,
              pg_try_advisory_xact_lock($2) AS locked`,
      [now.toISOString(), RETENTION_LOCK],
    );
    const { day, locked } = dayRows[0]!;
    const nothing = {
      day,
      abandonedOrders: 0,
      abandonedAnonymised: 0,
      photoOrders: 0,
      files: 0,
      unverifiedNotifications: 0,
    };
    if (!locked) return { outcome: 'busy', ...nothing };
    const claimed = await tx.query(
      `INSERT INTO retention_runs (day, ran_at, abandoned_orders, abandoned_anonymised, photo_orders, files)
       VALUES ($1::date, $2, 0, 0, 0, 0) ON CONFLICT (day) DO NOTHING RETURNING day`,
      [day, now.toISOString()],
    );
    if (claimed.rows.length === 0) return { outcome: 'done-today', ...nothing };

    // Abandoned: never confirmed, untouched for the period. Those that reached the gateway keep
    // their row (the payment records point at it), stripped; the rest go entirely.
    const { rows: abandoned } = await tx.query<{ id: string; attempted: boolean; bare: boolean }>(
      `SELECT o.id,
              EXISTS (SELECT 1 FROM payment_attempts a WHERE a.order_id = o.id) AS attempted,
              (o.customer_name IS NULL AND o.customer_email IS NULL AND o.customer_phone IS NULL
               AND o.customer_address IS NULL AND o.image_id IS NULL AND o.design_id IS NULL
               AND o.design_scene IS NULL AND o.draft_scene IS NULL
               AND NOT EXISTS (SELECT 1 FROM order_design_photos d WHERE d.order_id = o.id)
               AND NOT EXISTS (SELECT 1 FROM order_photos p WHERE p.order_id = o.id)) AS bare
       FROM orders o
       WHERE o.status = ANY($1::text[]) AND o.paid_at IS NULL
         AND o.updated_at < $2::timestamptz - make_interval(days => $3)`,
      [UNCONFIRMED, now.toISOString(), periods.abandonedOrderDays],
    );
    const deleted = abandoned.filter((o) => !o.attempted).map((o) => o.id);
    const anonymised = abandoned.filter((o) => o.attempted && !o.bare).map((o) => o.id);
    const candidates = await filesOf(tx, [...deleted, ...anonymised]);
    if (deleted.length > 0 || anonymised.length > 0) {
      const all = [...deleted, ...anonymised];
      await tx.query('DELETE FROM mail_outbox WHERE order_id = ANY($1::uuid[])', [all]);
      await tx.query('DELETE FROM invoice_requests WHERE order_id = ANY($1::uuid[])', [all]);
      await tx.query('DELETE FROM upload_tokens WHERE order_id = ANY($1::uuid[])', [all]);
    }
    if (deleted.length > 0) {
      // The timeline and the design's photo rows go with the order (ON DELETE CASCADE).
      await tx.query('DELETE FROM orders WHERE id = ANY($1::uuid[])', [deleted]);
    }
    await stripOrders(tx, anonymised, true);
    if (anonymised.length > 0) {
      await tx.query(
        `INSERT INTO order_events (order_id, from_status, to_status, actor, note)
         SELECT id, status, status, 'retention', 'Pedido sin confirmar: datos personales, foto y diseño suprimidos'
         FROM orders WHERE id = ANY($1::uuid[])`,
        [anonymised],
      );
    }

    // Delivered orders past the legal guarantee and the margin; cancelled ones past theirs.
    const { rows: expired } = await tx.query<{ id: string }>(
      `SELECT o.id FROM orders o
       JOIN LATERAL (SELECT max(e.at) AS at FROM order_events e
                     WHERE e.order_id = o.id AND e.to_status = o.status AND e.kind = 'status'
                       AND e.from_status IS DISTINCT FROM e.to_status) last ON true
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
    const photoOrders = expired.map((r) => r.id);
    candidates.push(...(await filesOf(tx, photoOrders)));
    await stripOrders(tx, photoOrders, false);
    // A print batch's PDF holds the designs of its orders: it goes with the first of them.
    const { rows: batchFiles } = await tx.query<{ file_id: string }>(
      `UPDATE print_batches b SET file_id = NULL
       FROM (SELECT id, file_id FROM print_batches
             WHERE file_id IS NOT NULL
               AND id IN (SELECT batch_id FROM print_batch_orders WHERE order_id = ANY($1::uuid[]))
             FOR UPDATE) old
       WHERE b.id = old.id
       RETURNING old.file_id`,
      [photoOrders],
    );
    candidates.push(...batchFiles.map((r) => r.file_id));
    if (photoOrders.length > 0) {
      await tx.query(
        `INSERT INTO order_events (order_id, from_status, to_status, actor, note)
         SELECT id, status, status, 'retention', 'Foto y diseño suprimidos: plazo de conservación cumplido'
         FROM orders WHERE id = ANY($1::uuid[])`,
        [photoOrders],
      );
    }

    // A file goes only if nothing else uses it (another order, an invoice, a mail attachment).
    const { rows: unused } = await tx.query<{ id: string }>(
      `SELECT f.id FROM files f WHERE f.id = ANY($1::text[])
         AND NOT EXISTS (SELECT 1 FROM orders o WHERE f.id IN (o.image_id, o.design_id, o.print_png_id, o.print_pdf_id))
         AND NOT EXISTS (SELECT 1 FROM order_design_photos d WHERE d.file_id = f.id)
         AND NOT EXISTS (SELECT 1 FROM order_photos p WHERE p.file_id = f.id)
         AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.pdf_file_id = f.id)
         AND NOT EXISTS (SELECT 1 FROM mail_attachments m WHERE m.file_id = f.id)
         AND NOT EXISTS (SELECT 1 FROM print_batches b WHERE b.file_id = f.id)`,
      [[...new Set(candidates)]],
    );
    for (const f of unused) removeBytes.push(await files.remove(tx, f.id));

    const notifications = await tx.query(
      `DELETE FROM payment_notifications
       WHERE NOT verified AND received_at < $1::timestamptz - make_interval(days => $2)`,
      [now.toISOString(), UNVERIFIED_NOTIFICATION_DAYS],
    );

    const counts = {
      abandonedOrders: deleted.length,
      abandonedAnonymised: anonymised.length,
      photoOrders: photoOrders.length,
      files: unused.length,
      unverifiedNotifications: notifications.rowCount,
    };
    await tx.query(
      `UPDATE retention_runs SET abandoned_orders = $2, abandoned_anonymised = $3, photo_orders = $4, files = $5
       WHERE day = $1::date`,
      [day, counts.abandonedOrders, counts.abandonedAnonymised, counts.photoOrders, counts.files],
    );
    return { outcome: 'ran', day, ...counts };
  });
  for (const remove of removeBytes) await remove();
  opts.log?.info({ job: 'retention', ...result }, 'retention');
  return result;
}
