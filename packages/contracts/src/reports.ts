import { z } from 'zod';
import { IdParam } from './common.ts';

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'fecha AAAA-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return (
      !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) && s >= '2000-01-01' && s <= '2999-12-31'
    );
  }, 'fecha AAAA-MM-DD');

/** `GET /api/reports/sales`: inclusive calendar days in Madrid time. */
export const SalesReportQuerySchema = z.object({
  from: Day,
  to: Day,
  storeId: IdParam.optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export type SalesReportQuery = z.infer<typeof SalesReportQuerySchema>;

/**
 * Euros, with and without VAT. Everything comes from the invoices issued in the period (the same
 * rows and cents as the invoices themselves): sales are ordinary invoices (F1, F2), refunds are
 * rectificativas (R1, R5) as positive amounts; annulled invoices count for nothing.
 */
/**
 * The sales of one case type: its units (ordinary invoices) and the same amounts as the row it is
 * part of (whole invoices, delivery included), so a row's types add up to the row.
 */
export const SalesReportCaseTypeSchema = z.object({
  caseTypeId: z.number().int(),
  caseType: z.string(),
  units: z.number().int(),
  revenue: z.number(),
  revenueWithoutVat: z.number(),
  refunds: z.number(),
  refundsWithoutVat: z.number(),
  net: z.number(),
  netWithoutVat: z.number(),
});
export type SalesReportCaseType = z.infer<typeof SalesReportCaseTypeSchema>;

export const SalesReportRowSchema = z.object({
  storeId: z.number().int(),
  storeName: z.string(),
  /** Orders invoiced in the period (one unit each). */
  orders: z.number().int(),
  units: z.array(z.object({ brand: z.string(), model: z.string(), units: z.number().int() })),
  /** The same sales per case type, by the type's name. */
  caseTypes: z.array(SalesReportCaseTypeSchema),
  revenue: z.number(),
  revenueWithoutVat: z.number(),
  refunds: z.number(),
  refundsWithoutVat: z.number(),
  net: z.number(),
  netWithoutVat: z.number(),
  commissionPercent: z.number(),
  /** commissionPercent of netWithoutVat, rounded to the cent. */
  commission: z.number(),
});
export type SalesReportRow = z.infer<typeof SalesReportRowSchema>;

export const SalesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(SalesReportRowSchema),
  /** Every store together: admins only (null for store staff). */
  total: SalesReportRowSchema.omit({ storeId: true, storeName: true, commissionPercent: true }).nullable(),
});
export type SalesReport = z.infer<typeof SalesReportSchema>;
