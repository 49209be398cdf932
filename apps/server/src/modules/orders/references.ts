import type { Queryable } from '../../db/client.ts';

/** What the orders name of the rest of the shop: staff in their history, stores, models. */

/** Whether a staff member (as `staff:<email>`) changed or cashed an order: the history names them. */
export async function ordersNameStaff(q: Queryable, actor: string): Promise<boolean> {
  const { rows } = await q.query<{ named: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM order_events WHERE actor = $1)
         OR EXISTS (SELECT 1 FROM orders WHERE paid_by = $1) AS named`,
    [actor],
  );
  return rows[0]?.named === true;
}

/** Whether any order was placed at (or started in) a store. */
export async function storeHasOrders(q: Queryable, storeId: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM orders WHERE store_id = $1 LIMIT 1', [storeId]);
  return rows.length > 0;
}

/**
 * Whether an order points at an upload (as its photo, its design or in its tray), locking the rows
 * that do, so the upload is not attached while it is being deleted.
 */
export async function uploadAttached(tx: Queryable, fileId: string): Promise<boolean> {
  const used = await tx.query('SELECT 1 FROM orders WHERE image_id = $1 OR design_id = $1 FOR UPDATE', [
    fileId,
  ]);
  if (used.rows.length > 0) return true;
  const designed = await tx.query('SELECT 1 FROM order_design_photos WHERE file_id = $1 FOR UPDATE', [
    fileId,
  ]);
  if (designed.rows.length > 0) return true;
  // A photo in an order's tray (the tray row would go with the file: the check is ours).
  const inTray = await tx.query('SELECT 1 FROM order_photos WHERE file_id = $1 FOR UPDATE', [fileId]);
  return inTray.rows.length > 0;
}
