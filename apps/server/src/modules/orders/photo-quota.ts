import type { Queryable } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { ORDER_PHOTOS_MAX_BYTES, storedBytesOf } from '../files/index.ts';

/**
 * 413 ORDER_STORAGE_FULL when the order's tray, with `adding` more bytes (a photo not in it yet),
 * would hold more than ORDER_PHOTOS_MAX_BYTES.
 */
export async function expectOrderRoom(q: Queryable, orderId: string, adding: number): Promise<void> {
  const { rows } = await q.query<{ file_id: string }>(
    'SELECT file_id FROM order_photos WHERE order_id = $1',
    [orderId],
  );
  const stored = await storedBytesOf(
    q,
    rows.map((r) => r.file_id),
  );
  if (stored + adding > ORDER_PHOTOS_MAX_BYTES) throw fail(413, 'ORDER_STORAGE_FULL', 'orderStorageFull');
}
