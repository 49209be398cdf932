import { formatEuros } from '@shop/contracts/money';
import type { SalesReportCaseType } from '@shop/contracts/reports';
import { TableWrap } from '../ui/table-wrap';

/** The report's sales per case type: units and amounts of the same invoices, by the order's type. */
export function CaseTypeSalesTable({
  types,
  busy,
}: {
  types: readonly SalesReportCaseType[];
  busy: boolean;
}) {
  if (types.length === 0) return null;
  return (
    <TableWrap label="Ventas por tipo de funda" busy={busy}>
      <table className="admin-table">
        <caption>Ventas por tipo de funda</caption>
        <thead>
          <tr>
            <th scope="col">Tipo de funda</th>
            <th scope="col" className="admin-num">
              Unidades
            </th>
            <th scope="col" className="admin-num">
              Ventas (con IVA)
            </th>
            <th scope="col" className="admin-num">
              Ventas (sin IVA)
            </th>
            <th scope="col" className="admin-num">
              Devoluciones (sin IVA)
            </th>
            <th scope="col" className="admin-num">
              Neto (sin IVA)
            </th>
          </tr>
        </thead>
        <tbody>
          {types.map((t) => (
            <tr key={t.caseTypeId}>
              <th scope="row">{t.caseType}</th>
              <td className="admin-num">{t.units}</td>
              <td className="admin-num">{formatEuros(t.revenue)}</td>
              <td className="admin-num">{formatEuros(t.revenueWithoutVat)}</td>
              <td className="admin-num">{formatEuros(t.refundsWithoutVat)}</td>
              <td className="admin-num">{formatEuros(t.netWithoutVat)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
