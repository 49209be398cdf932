import type { InvoiceKind } from '@shop/contracts/invoices';
import type { Queryable } from '../../db/client.ts';

/** Series per kind ("T2026-000001"); numbering restarts each Madrid calendar year. */
export const SERIES: Record<InvoiceKind, string> = { F2: 'T', F1: 'F', F3: 'F', R1: 'R', R5: 'R' };
/** The series of simplified invoices (the first one the shop had). */
export const INVOICE_SERIES = SERIES.F2;

/** "T2026-000001": NumSerieFactura, unique per seller. */
export const formatInvoiceNumber = (series: string, year: number, n: number): string =>
  `${series}${year}-${String(n).padStart(6, '0')}`;

/**
 * The next number of the series for that year. The upsert locks the counter row until commit
 * and a rollback undoes the increment: numbers are consecutive with no gaps (art. 6.1.a and 7.1.a).
 */
export async function takeNumber(tx: Queryable, series: string, year: number): Promise<number> {
  const counter = await tx.query<{ last_number: number }>(
    `INSERT INTO invoice_counters (series, year, last_number) VALUES ($1, $2, 1)
     ON CONFLICT (series, year) DO UPDATE SET last_number = invoice_counters.last_number + 1
     RETURNING last_number`,
    [series, year],
  );
  return counter.rows[0]!.last_number;
}
