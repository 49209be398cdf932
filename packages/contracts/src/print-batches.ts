import { z } from 'zod';
import { FileUri, IdParam } from './common.ts';
import { OrderId, OrderStatus } from './orders.ts';

/** `POST /api/print-batches`: several orders' print files on the printer's sheets, as one PDF. */
export const PrintBatchCreateSchema = z.object({
  orderIds: z.array(OrderId).min(1).max(60),
  /** A preset; omitted: the store's own sheet (size and margin set per store). */
  sheet: z.enum(['A4', 'A3']).optional(),
});
export type PrintBatchCreate = z.infer<typeof PrintBatchCreateSchema>;

export const PrintBatchIdParamsSchema = z.object({ id: z.uuid() });

export const PrintPlacementSchema = z.object({
  orderId: OrderId,
  orderNumber: z.string(),
  sheet: z.number().int(),
  xMm: z.number(),
  yMm: z.number(),
  widthMm: z.number(),
  heightMm: z.number(),
  rotated: z.boolean(),
});

export const PrintBatchSchema = z.object({
  id: z.uuid(),
  /** The batch PDF (staff of the store only). */
  uri: z.string(),
  storeId: z.number().int(),
  sheet: z.enum(['A4', 'A3', 'store']),
  sheetWidthMm: z.number(),
  sheetHeightMm: z.number(),
  marginMm: z.number(),
  sheets: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string(),
  printedAt: z.string().nullable(),
  printedBy: z.string().nullable(),
  placements: z.array(PrintPlacementSchema),
});
export type PrintBatch = z.infer<typeof PrintBatchSchema>;

export const PrintBatchListQuerySchema = z.object({ storeId: IdParam.optional() });

/** `GET /api/print-queue?storeId=`: placed orders not printed yet, oldest first. */
export const PrintQueueItemSchema = z.object({
  id: OrderId,
  orderNumber: z.string(),
  status: OrderStatus,
  storeId: z.number().int(),
  storeName: z.string(),
  product: z.string(),
  design: FileUri.nullable(),
  createdAt: z.string(),
  paid: z.boolean(),
});
export type PrintQueueItem = z.infer<typeof PrintQueueItemSchema>;

/** A store's back-office settings: its commission and its printer's sheet. */
export const StoreSettingsSchema = z.object({
  storeId: z.number().int(),
  /** Percentage of the net sales without VAT, two decimals at most (12.5 = 12,5 %). */
  commissionPercent: z.number().min(0).max(100).multipleOf(0.01),
  sheetWidthMm: z.number().int().min(100).max(1000),
  sheetHeightMm: z.number().int().min(100).max(1000),
  marginMm: z.number().int().min(0).max(50),
  /**
   * The name of the white ink in the store's UV printer: the spot colour (PDF Separation) of the
   * white layer under clear cases' designs, as the printer's RIP names its white channel.
   */
  whiteInkName: z.string().regex(/^[A-Za-z0-9 _.-]{1,40}$/),
});
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;
/** The settings to save; without whiteInkName the ink's name stays as it is. */
export const StoreSettingsInputSchema = StoreSettingsSchema.omit({ storeId: true })
  .extend({ whiteInkName: StoreSettingsSchema.shape.whiteInkName.optional() })
  .strict();
export type StoreSettingsInput = z.infer<typeof StoreSettingsInputSchema>;
