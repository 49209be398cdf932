import type { StoreSettings, StoreSettingsInput } from '@shop/contracts/print-batches';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * A store's back-office settings: the commission it earns, its printer's sheet and the name of its
 * printer's white ink.
 */
export async function storeSettings(q: Queryable, storeId: number): Promise<StoreSettings> {
  const { rows } = await q.query<{
    commission_bp: number;
    print_sheet_width_mm: number;
    print_sheet_height_mm: number;
    print_margin_mm: number;
    white_ink_name: string;
  }>(
    `SELECT commission_bp, print_sheet_width_mm, print_sheet_height_mm, print_margin_mm, white_ink_name
     FROM stores WHERE id = $1`,
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
    whiteInkName: r.white_ink_name,
  };
}

export async function saveStoreSettings(
  q: Queryable,
  storeId: number,
  input: StoreSettingsInput,
): Promise<StoreSettings> {
  const { rowCount } = await q.query(
    `UPDATE stores SET commission_bp = $2, print_sheet_width_mm = $3, print_sheet_height_mm = $4,
       print_margin_mm = $5, white_ink_name = COALESCE($6, white_ink_name), updated_at = now() WHERE id = $1`,
    [
      storeId,
      Math.round(input.commissionPercent * 100),
      input.sheetWidthMm,
      input.sheetHeightMm,
      input.marginMm,
      input.whiteInkName ?? null,
    ],
  );
  if (!rowCount) throw notFound('STORE_NOT_FOUND', 'storeNotFound');
  return storeSettings(q, storeId);
}
