import type { Queryable } from '../db/client.ts';

/** Which stores may see a file: the orders that carry it say so (access rules of `http/files.ts`). */

/** The stores of the orders that carry this photo (its original's id), as photo, in a design or in the tray. */
export async function storesOrderingPhoto(q: Queryable, fileId: string): Promise<number[]> {
  const { rows } = await q.query<{ store_id: number }>(
    `SELECT store_id FROM orders WHERE image_id = $1
     UNION SELECT o.store_id FROM order_design_photos d JOIN orders o ON o.id = d.order_id WHERE d.file_id = $1
     UNION SELECT o.store_id FROM order_photos p JOIN orders o ON o.id = p.order_id WHERE p.file_id = $1`,
    [fileId],
  );
  return rows.map((r) => r.store_id);
}

/** The store of the order a print file or an invoice belongs to; null when none. */
export async function storeOfOrderFile(q: Queryable, fileId: string): Promise<number | null> {
  const { rows } = await q.query<{ store_id: number }>(
    `SELECT o.store_id FROM orders o WHERE o.print_pdf_id = $1 OR o.print_png_id = $1
     UNION ALL
     SELECT o.store_id FROM invoices i JOIN orders o ON o.id = i.order_id WHERE i.pdf_file_id = $1
     LIMIT 1`,
    [fileId],
  );
  return rows[0]?.store_id ?? null;
}

/** The stores of the orders that use this upload as their photo, their design or a photo of their tray. */
export async function storesUsingUpload(q: Queryable, fileId: string): Promise<number[]> {
  const { rows } = await q.query<{ store_id: number }>(
    `SELECT store_id FROM orders WHERE image_id = $1 OR design_id = $1
     UNION SELECT o.store_id FROM order_photos p JOIN orders o ON o.id = p.order_id WHERE p.file_id = $1`,
    [fileId],
  );
  return rows.map((r) => r.store_id);
}
