import { formatEuros } from '@shop/contracts/money';
import type { PaymentListState, PaymentRow } from '@shop/contracts/payments-admin';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { adminPaths } from '@/features/admin/paths';
import {
  getPayments,
  type PaymentFilters,
  paymentsCsvUrl,
  refundOrder,
  resolveAttempt,
} from '../../api/payments';
import { useAction } from '../../hooks/use-action';
import { useResource } from '../../hooks/use-resource';
import { useToast } from '../../hooks/use-toast';
import { formatDateTime } from '../../lib/format';
import { REASON_ON_INVOICE } from '../../lib/order-actions';
import { storesApi } from '../../resources/stores';
import { Dialog } from '../ui/dialog';
import { EmptyState } from '../ui/empty-state';
import { LoadState } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { Pagination } from '../ui/pagination';
import { SelectField } from '../ui/select-field';
import { FlagBadge } from '../ui/status-badge';
import { TableWrap } from '../ui/table-wrap';
import { TextAreaField } from '../ui/text-area-field';
import { TextField } from '../ui/text-field';
import { refundAmountPrefill } from './refund-form';

const PAGE_SIZE = 25;

const STATE_LABELS: Record<PaymentRow['state'], string> = {
  pending: 'Pendiente',
  paid: 'Pagado',
  failed: 'No pagado',
  expired: 'Caducado',
};

const FILTER_STATES: { value: PaymentListState; label: string }[] = [
  { value: 'attention', label: 'Por resolver' },
  { value: 'unresolved', label: 'Sin respuesta de Redsys' },
  { value: 'pending', label: 'Pendientes' },
  { value: 'paid', label: 'Pagados' },
  { value: 'failed', label: 'No pagados' },
  { value: 'expired', label: 'Caducados' },
];

const REFUND_STATE: Record<PaymentRow['refunds'][number]['status'], string> = {
  pending: 'en curso',
  refunded: 'devuelto',
  failed: 'rechazada',
};

/** A fresh idempotency key (getRandomValues works outside secure contexts too, unlike randomUUID). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Euros typed the Spanish way ("5,50") or with a point; null unless a positive amount in cents. */
function parseEuros(text: string): number | null {
  const t = text.trim().replace(/\s|€/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
}

/** Every gateway attempt, the exceptions first, with refunds and the resolution of lost ones. */
export function PaymentsPage() {
  const notify = useToast();
  const act = useAction();
  const [filters, setFilters] = useState<PaymentFilters>({});
  const [page, setPage] = useState(1);
  const key = JSON.stringify({ ...filters, page });
  const payments = useResource(`payments:${key}`, (signal) =>
    getPayments({ ...filters, page, size: PAGE_SIZE }, signal),
  );
  const stores = useResource('stores', (signal) => storesApi.list({}, signal).then((list) => list.items));
  const [refunding, setRefunding] = useState<{ row: PaymentRow; key: string } | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [resolving, setResolving] = useState<PaymentRow | null>(null);
  const [code, setCode] = useState('');
  const data = payments.data;

  const filter = (change: PaymentFilters) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage(1);
  };

  function openRefund(row: PaymentRow) {
    // One key per dialog: a double click or a retry refunds once.
    setRefunding({ row, key: newKey() });
    setAmount(refundAmountPrefill(row));
    setReason('');
    act.clearError();
  }

  async function refund() {
    if (!refunding) return;
    const euros = parseEuros(amount);
    if (euros === null) {
      act.setError('Escriba un importe mayor que 0, con dos decimales como máximo (por ejemplo 5,00).');
      return;
    }
    const r = await act.run('refund', () =>
      refundOrder(
        refunding.row.orderId,
        { amount: euros, reason: reason.trim(), gatewayOrder: refunding.row.gatewayOrder },
        refunding.key,
      ),
    );
    if (!r.ok) return;
    if (r.value.status === 'refunded') {
      notify(
        `Devolución de ${formatEuros(r.value.amount)} aceptada. Devuelto en total: ${formatEuros(r.value.refundedTotal)}.`,
      );
      setRefunding(null);
    } else {
      act.setError(
        `Redsys ha rechazado la devolución: ${r.value.message}${r.value.code ? ` (${r.value.code})` : ''}.`,
      );
      setRefunding((current) => current && { ...current, key: newKey() });
    }
    payments.reload();
  }

  async function resolve(body: { authorisationCode: string } | { notTaken: true }) {
    if (!resolving) return;
    const r = await act.run('resolve', () => resolveAttempt(resolving.gatewayOrder, body));
    if (!r.ok) return;
    notify(
      'notTaken' in body
        ? `Operación ${resolving.gatewayOrder} marcada como no cobrada.`
        : `Operación ${resolving.gatewayOrder} marcada como pagada.`,
    );
    setResolving(null);
    setCode('');
    payments.reload();
  }

  return (
    <>
      <PageHeader
        title="Pagos"
        description="Cada paso por la pasarela de pago (tarjeta y Bizum) con su respuesta, sus devoluciones y lo que queda por resolver."
        actions={
          <a className="admin-button admin-button--secondary" href={paymentsCsvUrl(filters)} download>
            Descargar CSV
          </a>
        }
      />
      <div aria-live="polite">{act.error && !refunding && !resolving && <Alert>{act.error}</Alert>}</div>
      <div className="admin-filters">
        <TextField
          label="Desde"
          type="date"
          value={filters.from ?? ''}
          onChange={(from) => filter({ from: from || undefined })}
        />
        <TextField
          label="Hasta"
          type="date"
          value={filters.to ?? ''}
          onChange={(to) => filter({ to: to || undefined })}
        />
        <SelectField
          label="Tienda"
          placeholder="Todas las tiendas"
          value={String(filters.storeId ?? '')}
          options={(stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          onChange={(storeId) => filter({ storeId: Number(storeId) || undefined })}
        />
        <SelectField
          label="Estado"
          placeholder="Todos"
          value={filters.state ?? ''}
          options={FILTER_STATES}
          onChange={(state) => filter({ state: (state || undefined) as PaymentListState | undefined })}
        />
      </div>
      <LoadState
        status={payments.status}
        error={payments.error}
        hasData={data !== null}
        onRetry={payments.reload}
      />
      {data && data.total === 0 && (
        <EmptyState title="No hay pagos con estos filtros.">
          <p>Aquí aparece cada pedido que se paga en línea con tarjeta o Bizum.</p>
        </EmptyState>
      )}
      {data && data.total > 0 && (
        <>
          <TableWrap label="Lista de pagos" busy={payments.status === 'loading'}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Operación</th>
                  <th scope="col">Pedido</th>
                  <th scope="col" className="admin-num">
                    Importe
                  </th>
                  <th scope="col">Estado</th>
                  <th scope="col">Respuesta de Redsys</th>
                  <th scope="col">Devoluciones</th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => (
                  <tr key={row.gatewayOrder}>
                    <th scope="row">
                      <span className="admin-table__key">{row.gatewayOrder}</span>
                      <span className="admin-cell-note">{formatDateTime(row.createdAt)}</span>
                      {row.action && <FlagBadge tone="warn">{row.action}</FlagBadge>}
                    </th>
                    <td>
                      <Link to={adminPaths.order(row.orderId)} className="admin-nowrap">
                        {row.orderNumber}
                        <span className="visually-hidden"> (pedido de la operación {row.gatewayOrder})</span>
                      </Link>
                      <span className="admin-cell-note">{row.storeName}</span>
                      {row.attention && (
                        <span className="admin-cell-note">Requiere atención: {row.attention}</span>
                      )}
                    </td>
                    <td className="admin-num">
                      <strong>{formatEuros(row.amount)}</strong>
                      <span className="admin-cell-note">{row.method === 'bizum' ? 'Bizum' : 'Tarjeta'}</span>
                    </td>
                    <td>{STATE_LABELS[row.state]}</td>
                    <td>
                      {row.dsResponse ? (
                        <>
                          <span className="admin-nowrap">{row.dsResponse}</span>
                          <span className="admin-cell-note">{row.dsResponseText}</span>
                        </>
                      ) : (
                        <span className="admin-muted">—</span>
                      )}
                      {row.authorisationCode && (
                        <span className="admin-cell-note">Autorización {row.authorisationCode}</span>
                      )}
                    </td>
                    <td>
                      {row.refunds.length === 0 && <span className="admin-muted">—</span>}
                      {row.refunds.map((f) => (
                        <span className="admin-cell-note" key={f.createdAt + f.amount}>
                          {formatEuros(f.amount)} {REFUND_STATE[f.status]}
                          {f.status === 'failed' && f.message ? `: ${f.message}` : ''}
                        </span>
                      ))}
                      {row.refundedTotal > 0 && (
                        <span className="admin-cell-note">Devuelto: {formatEuros(row.refundedTotal)}</span>
                      )}
                    </td>
                    <td>
                      {row.refundable > 0 && (
                        <button
                          type="button"
                          className="admin-button admin-button--secondary"
                          disabled={act.busy !== null}
                          onClick={() => openRefund(row)}
                        >
                          Devolver<span className="visually-hidden"> el pago {row.gatewayOrder}</span>
                        </button>
                      )}
                      {row.action && row.state === 'pending' && (
                        <button
                          type="button"
                          className="admin-button admin-button--secondary"
                          disabled={act.busy !== null}
                          onClick={() => {
                            act.clearError();
                            setCode('');
                            setResolving(row);
                          }}
                        >
                          Resolver<span className="visually-hidden"> la operación {row.gatewayOrder}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <Pagination page={data.page} size={data.size} total={data.total} noun="pagos" onPage={setPage} />
        </>
      )}
      <Dialog
        open={refunding !== null}
        title={`Devolver el pago ${refunding?.row.gatewayOrder ?? ''}`}
        confirmLabel="Devolver"
        tone="danger"
        busy={act.busy !== null}
        onConfirm={refund}
        onClose={() => setRefunding(null)}
      >
        <p>
          La devolución se pide a Redsys sobre la misma operación y vuelve a la tarjeta o al Bizum del
          cliente. Se puede devolver hasta {formatEuros(refunding?.row.refundable ?? 0)}.
        </p>
        {act.error && <Alert>{act.error}</Alert>}
        <TextField
          label="Importe a devolver (€)"
          inputMode="decimal"
          required
          value={amount}
          onChange={setAmount}
        />
        <TextAreaField
          label="Motivo"
          hint={REASON_ON_INVOICE}
          required
          maxLength={500}
          value={reason}
          onChange={setReason}
        />
      </Dialog>
      <Dialog
        open={resolving !== null}
        title={`Resolver la operación ${resolving?.gatewayOrder ?? ''}`}
        confirmLabel="Marcar como pagada"
        busy={act.busy !== null}
        onConfirm={() => resolve({ authorisationCode: code.trim() })}
        onClose={() => setResolving(null)}
      >
        <p>
          Redsys no ha avisado de esta operación. Búsquela en el panel de Redsys: si está autorizada, escriba
          su código de autorización; si no aparece o está denegada, márquela como no cobrada.
        </p>
        {act.error && <Alert>{act.error}</Alert>}
        <TextField
          label="Código de autorización"
          required
          pattern="[0-9A-Za-z]{6}"
          maxLength={6}
          value={code}
          onChange={setCode}
        />
        <button
          type="button"
          className="admin-button admin-button--secondary"
          disabled={act.busy !== null}
          onClick={() => resolve({ notTaken: true })}
        >
          No se cobró
        </button>
      </Dialog>
    </>
  );
}
