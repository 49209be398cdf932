import type { StaffUser } from '@shop/contracts/auth';
import { centsToEuros } from '@shop/contracts/money';
import type { SalesReport, SalesReportQuery, SalesReportRow } from '@shop/contracts/reports';
import type { Queryable } from '../db/client.ts';
import { fail, forbidden } from '../lib/errors.ts';
import { caseTypeBreakdown, caseTypesCsvLines } from './sales-case-types.ts';

/**
 * Sales per partner store and period, read from the invoices (the same cents, summed per day into
 * invoice_day_totals by triggers as each invoice is written), so the report always agrees with
 * what was invoiced:
 *
 * - a sale is an ordinary invoice (F1 or F2) issued in the period, not annulled; an F3 only
 *   replaces a simplified invoice with a full one for the same sale and is not counted again;
 * - a refund is a rectificativa (R1 or R5) issued in the period, not annulled, whatever the
 *   period of the sale it corrects (refunds and cancellations of paid orders issue exactly these);
 * - the period is the invoice's issue date (a Madrid calendar day);
 * - the commission is the store's percentage of the net sales without VAT, rounded to the cent;
 * - the same sales per case type (the order's type), each store's and all together.
 */
export async function salesReport(
  q: Queryable,
  staff: StaffUser,
  query: SalesReportQuery,
): Promise<SalesReport> {
  if (query.to < query.from || daysBetween(query.from, query.to) > 3 * 366) {
    throw fail(400, 'VALIDATION_FAILED', 'reportPeriodInvalid');
  }
  let storeId = query.storeId;
  if (staff.role !== 'admin') {
    if (storeId !== undefined && storeId !== staff.storeId) throw forbidden();
    storeId = staff.storeId ?? -1;
  }
  const params = [query.from, query.to, storeId ?? null];
  // One pass over the period's day sums (invoice_day_totals: per issue day, store, model and case
  // type, kept by triggers in the transaction that writes each invoice or annulment); the sums per
  // store, per model and per type are added up here. The period is whole days, as the sums are.
  const { rows: groups } = await q.query<{
    store_id: number;
    model_id: number;
    case_type_id: number;
    orders: number;
    sales_total: string;
    sales_base: string;
    refund_total: string;
    refund_base: string;
  }>(
    `SELECT store_id, model_id, case_type_id, sum(sales)::int AS orders,
            sum(sales_total_cents)::bigint AS sales_total, sum(sales_base_cents)::bigint AS sales_base,
            sum(refund_total_cents)::bigint AS refund_total, sum(refund_base_cents)::bigint AS refund_base
     FROM invoice_day_totals
     WHERE issue_date BETWEEN $1::date AND $2::date AND ($3::int IS NULL OR store_id = $3)
     GROUP BY store_id, model_id, case_type_id
     HAVING sum(invoices) > 0`,
    params,
  );
  const storeIds = [...new Set(groups.map((g) => g.store_id))];
  if (storeId !== undefined && !storeIds.includes(storeId)) storeIds.push(storeId);
  const modelIds = [...new Set(groups.map((g) => g.model_id))];
  const typeIds = [...new Set(groups.map((g) => g.case_type_id))];
  const [storeRows, modelRows, typeRows] = await Promise.all([
    q.query<{ id: number; name: string; commission_bp: number }>(
      'SELECT id, name, commission_bp FROM stores WHERE id = ANY($1::int[]) ORDER BY id',
      [storeIds],
    ),
    q.query<{ id: number; model: string; brand: string }>(
      'SELECT m.id, m.name AS model, b.name AS brand FROM models m JOIN brands b ON b.id = m.brand_id WHERE m.id = ANY($1::int[])',
      [modelIds],
    ),
    q.query<{ id: number; name: string }>('SELECT id, name FROM case_types WHERE id = ANY($1::int[])', [
      typeIds,
    ]),
  ]);
  const modelName = new Map(modelRows.rows.map((m) => [m.id, m]));
  const typeName = new Map(typeRows.rows.map((t) => [t.id, t.name]));
  const money = {
    rows: storeRows.rows.map((s) => {
      const mine = groups.filter((g) => g.store_id === s.id);
      const total = (f: (g: (typeof groups)[number]) => string | number) =>
        String(mine.reduce((a, g) => a + Number(f(g)), 0));
      return {
        store_id: s.id,
        name: s.name,
        commission_bp: s.commission_bp,
        orders: mine.reduce((a, g) => a + g.orders, 0),
        sales_total: total((g) => g.sales_total),
        sales_base: total((g) => g.sales_base),
        refund_total: total((g) => g.refund_total),
        refund_base: total((g) => g.refund_base),
      };
    }),
  };
  // Units per store and model, whatever the case type.
  const perModel = new Map<string, { store_id: number; model_id: number; units: number }>();
  for (const g of groups.filter((g) => g.orders > 0)) {
    const key = `${g.store_id}:${g.model_id}`;
    const e = perModel.get(key) ?? { store_id: g.store_id, model_id: g.model_id, units: 0 };
    e.units += g.orders;
    perModel.set(key, e);
  }
  const units = {
    rows: [...perModel.values()]
      .map((g) => ({
        store_id: g.store_id,
        brand: modelName.get(g.model_id)?.brand ?? '',
        model: modelName.get(g.model_id)?.model ?? '',
        units: g.units,
      }))
      .sort(
        (a, b) => a.store_id - b.store_id || a.brand.localeCompare(b.brand) || a.model.localeCompare(b.model),
      ),
  };
  const rows = money.rows;
  const cents = rows.map((r) => {
    const salesTotal = Number(r.sales_total);
    const salesBase = Number(r.sales_base);
    const refundTotal = Number(r.refund_total);
    const refundBase = Number(r.refund_base);
    const netBase = salesBase - refundBase;
    return {
      r,
      salesTotal,
      salesBase,
      refundTotal,
      refundBase,
      netTotal: salesTotal - refundTotal,
      netBase,
      // Basis points of cents, rounded half away from zero to the cent.
      commission: Math.sign(netBase) * Math.round((Math.abs(netBase) * r.commission_bp) / 10_000),
    };
  });
  const out: SalesReportRow[] = cents.map((c) => ({
    storeId: c.r.store_id,
    storeName: c.r.name,
    orders: c.r.orders,
    units: units.rows
      .filter((u) => u.store_id === c.r.store_id)
      .map((u) => ({ brand: u.brand, model: u.model, units: u.units })),
    caseTypes: caseTypeBreakdown(
      groups.filter((g) => g.store_id === c.r.store_id),
      typeName,
    ),
    revenue: centsToEuros(c.salesTotal),
    revenueWithoutVat: centsToEuros(c.salesBase),
    refunds: centsToEuros(c.refundTotal),
    refundsWithoutVat: centsToEuros(c.refundBase),
    net: centsToEuros(c.netTotal),
    netWithoutVat: centsToEuros(c.netBase),
    commissionPercent: c.r.commission_bp / 100,
    commission: centsToEuros(c.commission),
  }));
  const sum = (f: (c: (typeof cents)[number]) => number) => cents.reduce((a, c) => a + f(c), 0);
  const byModel = new Map<string, { brand: string; model: string; units: number }>();
  for (const u of units.rows) {
    const key = `${u.brand}\u0000${u.model}`;
    const e = byModel.get(key) ?? { brand: u.brand, model: u.model, units: 0 };
    e.units += u.units;
    byModel.set(key, e);
  }
  return {
    from: query.from,
    to: query.to,
    rows: out,
    total:
      staff.role === 'admin'
        ? {
            orders: sum((c) => c.r.orders),
            units: [...byModel.values()].sort(
              (a, b) => a.brand.localeCompare(b.brand) || a.model.localeCompare(b.model),
            ),
            caseTypes: caseTypeBreakdown(groups, typeName),
            revenue: centsToEuros(sum((c) => c.salesTotal)),
            revenueWithoutVat: centsToEuros(sum((c) => c.salesBase)),
            refunds: centsToEuros(sum((c) => c.refundTotal)),
            refundsWithoutVat: centsToEuros(sum((c) => c.refundBase)),
            net: centsToEuros(sum((c) => c.netTotal)),
            netWithoutVat: centsToEuros(sum((c) => c.netBase)),
            commission: centsToEuros(sum((c) => c.commission)),
          }
        : null,
  };
}

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** Decimal comma, as Spanish spreadsheets read it; the file uses ';' between fields. */
const amount = (euros: number) => euros.toFixed(2).replace('.', ',');

function csvField(value: string): string {
  // A leading =, +, - or @ would be a formula in a spreadsheet: neutralise it with an apostrophe.
  const number = /^-?\d+(,\d+)?$/.test(value);
  const safe = !number && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const SALES_CSV_HEADER = [
  'tienda_id',
  'tienda',
  'desde',
  'hasta',
  'pedidos',
  'ventas_con_iva',
  'ventas_sin_iva',
  'devoluciones_con_iva',
  'devoluciones_sin_iva',
  'neto_con_iva',
  'neto_sin_iva',
  'comision_porcentaje',
  'comision',
];

/**
 * The report as CSV (UTF-8 with BOM, ';' separated, decimal comma): one line per store, then the
 * total; after a blank line, the sales per store and case type (`caseTypesCsvLines`).
 */
export function salesReportCsv(report: SalesReport): string {
  const line = (fields: string[]) => fields.map(csvField).join(';');
  const lines = [line(SALES_CSV_HEADER)];
  for (const r of report.rows) {
    lines.push(
      line([
        String(r.storeId),
        r.storeName,
        report.from,
        report.to,
        String(r.orders),
        amount(r.revenue),
        amount(r.revenueWithoutVat),
        amount(r.refunds),
        amount(r.refundsWithoutVat),
        amount(r.net),
        amount(r.netWithoutVat),
        amount(r.commissionPercent),
        amount(r.commission),
      ]),
    );
  }
  if (report.total) {
    const t = report.total;
    lines.push(
      line([
        '',
        'TOTAL',
        report.from,
        report.to,
        String(t.orders),
        amount(t.revenue),
        amount(t.revenueWithoutVat),
        amount(t.refunds),
        amount(t.refundsWithoutVat),
        amount(t.net),
        amount(t.netWithoutVat),
        '',
        amount(t.commission),
      ]),
    );
  }
  lines.push('', ...caseTypesCsvLines(report, amount).map(line));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
