import { formatEuros } from '@shop/contracts/money';
import type { StoreSettings } from '@shop/contracts/print-batches';
import type { SalesReportRow } from '@shop/contracts/reports';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { getStoreSettings, saveStoreSettings } from '../../api/print-batches';
import { getSalesReport, type SalesQuery, salesCsvUri } from '../../api/reports';
import { useAction } from '../../hooks/use-action';
import { useResource } from '../../hooks/use-resource';
import { useSession } from '../../hooks/use-session';
import { storesApi } from '../../resources/stores';
import { EmptyState } from '../ui/empty-state';
import { LoadState } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { SelectField } from '../ui/select-field';
import { TableWrap } from '../ui/table-wrap';
import { TextField } from '../ui/text-field';
import { CaseTypeSalesTable } from './case-type-sales-table';

/** This month in Madrid: first and last day. */
function thisMonth(): { from: string; to: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const [y, m] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { from: `${y}-${mm}-01`, to: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

const percent = (v: number) => `${v.toLocaleString('es-ES', { maximumFractionDigits: 2 })} %`;

/** Net sales per store as horizontal bars: the simple chart of the report. */
function NetChart({ rows }: { rows: SalesReportRow[] }) {
  const max = Math.max(1, ...rows.map((r) => Math.abs(r.net)));
  return (
    <figure className="admin-chart">
      <figcaption>Ventas netas por tienda (IVA incluido)</figcaption>
      <svg viewBox={`0 0 400 ${rows.length * 28}`} role="img" aria-label="Gráfico de ventas netas por tienda">
        {rows.map((r, i) => (
          <g key={r.storeId} transform={`translate(0 ${i * 28})`}>
            <text x="0" y="17" fontSize="12">
              {r.storeName.slice(0, 22)}
            </text>
            <rect x="150" y="5" height="16" width={(Math.max(0, r.net) / max) * 180} fill="#1d4ed8" />
            <text x={155 + (Math.max(0, r.net) / max) * 180} y="17" fontSize="12">
              {formatEuros(r.net)}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}

function SettingsForm({ storeId }: { storeId: number }) {
  const current = useResource(`settings:${storeId}`, (signal) => getStoreSettings(storeId, signal));
  const [draft, setDraft] = useState<StoreSettings | null>(null);
  const action = useAction();
  useEffect(() => setDraft(current.data), [current.data]);
  if (!draft) return null;
  const field = (key: keyof Omit<StoreSettings, 'storeId' | 'whiteInkName'>, label: string, step: string) => (
    <TextField
      label={label}
      type="number"
      step={step}
      min="0"
      value={String(draft[key])}
      onChange={(value) => setDraft({ ...draft, [key]: Number(value) })}
    />
  );
  return (
    <form
      className="admin-card"
      aria-labelledby="settings-title"
      onSubmit={async (event) => {
        event.preventDefault();
        const { storeId: _id, ...body } = draft;
        const result = await action.run('save', () => saveStoreSettings(storeId, body), 'Ajustes guardados.');
        if (result.ok) current.replace(result.value);
      }}
    >
      <h2 id="settings-title" className="admin-card__title">
        Comisión y hoja de impresión de la tienda
      </h2>
      {field('commissionPercent', 'Comisión (% de las ventas netas sin IVA)', '0.01')}
      {field('sheetWidthMm', 'Ancho de la hoja (mm)', '1')}
      {field('sheetHeightMm', 'Alto de la hoja (mm)', '1')}
      {field('marginMm', 'Margen (mm)', '1')}
      <TextField
        label="Nombre de la tinta blanca en la impresora"
        hint="El canal de blanco del RIP, tal cual (p. ej. White, RDG_WHITE, Spot_W1): la capa de blanco de las fundas transparentes lleva ese nombre."
        value={draft.whiteInkName}
        onChange={(value) => setDraft({ ...draft, whiteInkName: value })}
        maxLength={40}
        pattern="[A-Za-z0-9 _.\-]{1,40}"
        required
      />
      {action.error && <Alert>{action.error}</Alert>}
      <button type="submit" className="admin-button admin-button--primary" disabled={action.busy !== null}>
        {action.busy ? 'Guardando…' : 'Guardar'}
      </button>
    </form>
  );
}

/** Sales per store and period, from the invoices: table, chart and CSV. */
export function SalesReportPage() {
  const { user } = useSession();
  const isAdmin = user.role === 'admin';
  const [query, setQuery] = useState<SalesQuery>(() => ({ ...thisMonth() }));
  const [draft, setDraft] = useState<SalesQuery>(query);
  const report = useResource(`sales:${query.from}:${query.to}:${query.storeId}`, (signal) =>
    getSalesReport(query, signal),
  );
  const stores = useResource('stores', (signal) =>
    isAdmin ? storesApi.list({}, signal).then((list) => list.items) : Promise.resolve(null),
  );
  const data = report.data;
  return (
    <>
      <PageHeader
        title="Informes de ventas"
        description="Ventas por tienda y periodo, con las mismas cifras que las facturas emitidas."
      />
      <form
        className="admin-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(draft);
        }}
      >
        <TextField
          label="Desde"
          type="date"
          required
          value={draft.from}
          onChange={(from) => setDraft({ ...draft, from })}
        />
        <TextField
          label="Hasta"
          type="date"
          required
          value={draft.to}
          onChange={(to) => setDraft({ ...draft, to })}
        />
        {isAdmin && (
          <SelectField
            label="Tienda"
            placeholder="Todas"
            value={String(draft.storeId ?? '')}
            options={(stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            onChange={(storeId) => setDraft({ ...draft, storeId: storeId ? Number(storeId) : undefined })}
          />
        )}
        <button type="submit" className="admin-button admin-button--primary">
          Ver informe
        </button>
        <a className="admin-button admin-button--secondary" href={salesCsvUri(query)} download>
          Descargar CSV
        </a>
      </form>
      <LoadState
        status={report.status}
        error={report.error}
        hasData={data !== null}
        onRetry={report.reload}
      />
      {data && data.rows.length === 0 && <EmptyState title="No hay facturas en este periodo." />}
      {data && data.rows.length > 0 && (
        <>
          <TableWrap label="Ventas por tienda" busy={report.status === 'loading'}>
            <table className="admin-table">
              <caption className="visually-hidden">Ventas por tienda</caption>
              <thead>
                <tr>
                  <th scope="col">Tienda</th>
                  <th scope="col" className="admin-num">
                    Pedidos
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
                  <th scope="col" className="admin-num">
                    Comisión
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((r) => (
                  <tr key={r.storeId}>
                    <th scope="row">
                      {r.storeName}
                      <span className="admin-cell-note">
                        {r.units.map((u) => `${u.brand} ${u.model}: ${u.units}`).join(' · ')}
                      </span>
                    </th>
                    <td className="admin-num">{r.orders}</td>
                    <td className="admin-num">{formatEuros(r.revenue)}</td>
                    <td className="admin-num">{formatEuros(r.revenueWithoutVat)}</td>
                    <td className="admin-num">
                      {formatEuros(r.refundsWithoutVat)}
                      <span className="admin-cell-note">{`con IVA: ${formatEuros(r.refunds)}`}</span>
                    </td>
                    <td className="admin-num">{formatEuros(r.netWithoutVat)}</td>
                    <td className="admin-num">
                      {formatEuros(r.commission)}
                      <span className="admin-cell-note">{percent(r.commissionPercent)}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
              {data.total && (
                <tfoot>
                  <tr>
                    <th scope="row">Total</th>
                    <td className="admin-num">{data.total.orders}</td>
                    <td className="admin-num">{formatEuros(data.total.revenue)}</td>
                    <td className="admin-num">{formatEuros(data.total.revenueWithoutVat)}</td>
                    <td className="admin-num">
                      {formatEuros(data.total.refundsWithoutVat)}
                      <span className="admin-cell-note">{`con IVA: ${formatEuros(data.total.refunds)}`}</span>
                    </td>
                    <td className="admin-num">{formatEuros(data.total.netWithoutVat)}</td>
                    <td className="admin-num">{formatEuros(data.total.commission)}</td>
                  </tr>
                </tfoot>
              )}
            </table>
          </TableWrap>
          <CaseTypeSalesTable
            types={data.total?.caseTypes ?? data.rows[0]?.caseTypes ?? []}
            busy={report.status === 'loading'}
          />
          <NetChart rows={data.rows} />
        </>
      )}
      {isAdmin && query.storeId && <SettingsForm key={query.storeId} storeId={query.storeId} />}
    </>
  );
}
