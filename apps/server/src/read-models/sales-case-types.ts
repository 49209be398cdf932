import { centsToEuros } from '@shop/contracts/money';
import type { SalesReport, SalesReportCaseType } from '@shop/contracts/reports';

/** The sales report's breakdown per case type: the same invoices, grouped by the order's type. */

/** One group of the report's pass over the invoices (cents as the database sums them). */
export interface CaseTypeGroup {
  case_type_id: number;
  orders: number;
  sales_total: string;
  sales_base: string;
  refund_total: string;
  refund_base: string;
}

/** The groups' sales per case type, by the type's name; a type with nothing in the period is left out. */
export function caseTypeBreakdown(
  groups: readonly CaseTypeGroup[],
  typeName: ReadonlyMap<number, string>,
): SalesReportCaseType[] {
  const byType = new Map<number, { units: number; st: number; sb: number; rt: number; rb: number }>();
  for (const g of groups) {
    const e = byType.get(g.case_type_id) ?? { units: 0, st: 0, sb: 0, rt: 0, rb: 0 };
    e.units += g.orders;
    e.st += Number(g.sales_total);
    e.sb += Number(g.sales_base);
    e.rt += Number(g.refund_total);
    e.rb += Number(g.refund_base);
    byType.set(g.case_type_id, e);
  }
  return [...byType.entries()]
    .filter(([, e]) => e.units > 0 || e.rt !== 0)
    .map(([id, e]) => ({
      caseTypeId: id,
      caseType: typeName.get(id) ?? '',
      units: e.units,
      revenue: centsToEuros(e.st),
      revenueWithoutVat: centsToEuros(e.sb),
      refunds: centsToEuros(e.rt),
      refundsWithoutVat: centsToEuros(e.rb),
      net: centsToEuros(e.st - e.rt),
      netWithoutVat: centsToEuros(e.sb - e.rb),
    }))
    .sort((a, b) => a.caseType.localeCompare(b.caseType, 'es') || a.caseTypeId - b.caseTypeId);
}

export const SALES_CASE_TYPES_CSV_HEADER = [
  'tienda_id',
  'tienda',
  'desde',
  'hasta',
  'tipo_de_funda',
  'unidades',
  'ventas_con_iva',
  'ventas_sin_iva',
  'devoluciones_con_iva',
  'devoluciones_sin_iva',
  'neto_con_iva',
  'neto_sin_iva',
];

/**
 * The CSV's second section, after a blank line: one line per store and case type, then one per
 * type for every store together (admins only), in the fields of the first section.
 */
export function caseTypesCsvLines(report: SalesReport, amount: (euros: number) => string): string[][] {
  const fields = (storeId: string, store: string, t: SalesReportCaseType) => [
    storeId,
    store,
    report.from,
    report.to,
    t.caseType,
    String(t.units),
    amount(t.revenue),
    amount(t.revenueWithoutVat),
    amount(t.refunds),
    amount(t.refundsWithoutVat),
    amount(t.net),
    amount(t.netWithoutVat),
  ];
  const lines = [SALES_CASE_TYPES_CSV_HEADER];
  for (const r of report.rows)
    for (const t of r.caseTypes) lines.push(fields(String(r.storeId), r.storeName, t));
  for (const t of report.total?.caseTypes ?? []) lines.push(fields('', 'TOTAL', t));
  return lines;
}
