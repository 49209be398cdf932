import { counted } from '@shop/contracts/counted';
import type { PrintBatch } from '@shop/contracts/print-batches';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { adminPaths } from '@/features/admin/paths';
import { createPrintBatch, getPrintBatches, getPrintQueue, markBatchPrinted } from '../../api/print-batches';
import { useAction } from '../../hooks/use-action';
import { useResource } from '../../hooks/use-resource';
import { useSession } from '../../hooks/use-session';
import { formatCompactDateTime, formatDateTime } from '../../lib/format';
import { storesApi } from '../../resources/stores';
import { EmptyState } from '../ui/empty-state';
import { LoadState } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { TableWrap } from '../ui/table-wrap';

type Sheet = 'store' | 'A4' | 'A3';

/** Orders waiting for print, per store; a batch of the selected ones as one PDF on the printer's sheets. */
export function PrintQueuePage() {
  const { user } = useSession();
  const isAdmin = user.role === 'admin';
  const [storeId, setStoreId] = useState<number | undefined>(
    isAdmin ? undefined : (user.storeId ?? undefined),
  );
  const queue = useResource(`print-queue:${storeId}`, (signal) => getPrintQueue(storeId, signal));
  const batches = useResource(`print-batches:${storeId}`, (signal) => getPrintBatches(storeId, signal));
  const stores = useResource('stores', (signal) =>
    isAdmin ? storesApi.list({}, signal).then((list) => list.items) : Promise.resolve(null),
  );
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [sheet, setSheet] = useState<Sheet>('store');
  const [made, setMade] = useState<PrintBatch | null>(null);
  const action = useAction();
  const items = queue.data ?? [];
  const chosen = items.filter((i) => selected.has(i.id));
  const oneStore = new Set(chosen.map((i) => i.storeId)).size <= 1;

  function toggle(id: string, on: boolean) {
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function makeBatch() {
    const result = await action.run(
      'batch',
      () => createPrintBatch([...selected], sheet === 'store' ? undefined : sheet),
      'Lote de impresión preparado.',
    );
    if (!result.ok) return;
    setMade(result.value);
    batches.reload();
  }

  async function printed(batch: PrintBatch) {
    const result = await action.run(
      `printed:${batch.id}`,
      () => markBatchPrinted(batch.id),
      'Lote marcado como impreso: sus pedidos están impresos.',
    );
    if (!result.ok) return;
    if (made?.id === batch.id) setMade(result.value);
    setSelected(new Set());
    queue.reload();
    batches.reload();
  }

  return (
    <>
      <PageHeader
        title="Impresión"
        description="Pedidos pagados o para pagar en la tienda que esperan su impresión, los más antiguos primero."
      />
      {isAdmin && (
        <div className="admin-field admin-field--inline">
          <label htmlFor="print-store" className="admin-label">
            Tienda
          </label>
          <select
            id="print-store"
            className="admin-input"
            value={storeId ?? ''}
            onChange={(event) => {
              setStoreId(event.target.value ? Number(event.target.value) : undefined);
              setSelected(new Set());
            }}
          >
            <option value="">Todas</option>
            {(stores.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <LoadState
        status={queue.status}
        error={queue.error}
        hasData={queue.data !== null}
        onRetry={queue.reload}
      />
      {queue.data && items.length === 0 && <EmptyState title="No hay pedidos esperando impresión." />}
      {items.length > 0 && (
        <TableWrap label="Pedidos por imprimir" busy={queue.status === 'loading'}>
          <table className="admin-table">
            <caption className="visually-hidden">Pedidos por imprimir, {items.length}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Selección</span>
                </th>
                <th scope="col">Pedido</th>
                <th scope="col">Fecha</th>
                {isAdmin && <th scope="col">Tienda</th>}
                <th scope="col">Funda</th>
                <th scope="col">Cobro</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Seleccionar el pedido ${item.orderNumber}`}
                      checked={selected.has(item.id)}
                      onChange={(event) => toggle(item.id, event.target.checked)}
                    />
                  </td>
                  <th scope="row">
                    <Link to={adminPaths.order(item.id)}>{item.orderNumber}</Link>
                  </th>
                  <td className="admin-nowrap">{formatCompactDateTime(item.createdAt)}</td>
                  {isAdmin && <td>{item.storeName}</td>}
                  <td>{item.product}</td>
                  <td>{item.paid ? 'Pagado' : 'Paga en tienda'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      {items.length > 0 && (
        <fieldset className="admin-bulk">
          <legend className="visually-hidden">Lote de impresión</legend>
          <span>{selected.size} seleccionados</span>
          <label htmlFor="print-sheet" className="admin-label">
            Hoja
          </label>
          <select
            id="print-sheet"
            className="admin-input"
            value={sheet}
            onChange={(event) => setSheet(event.target.value as Sheet)}
          >
            <option value="store">La de la tienda</option>
            <option value="A4">A4</option>
            <option value="A3">A3</option>
          </select>
          <button
            type="button"
            className="admin-button admin-button--primary"
            disabled={selected.size === 0 || !oneStore || action.busy !== null}
            onClick={makeBatch}
          >
            {action.busy === 'batch' ? 'Preparando el lote…' : 'Preparar lote de impresión'}
          </button>
          {!oneStore && <span className="admin-hint">Un lote es de una sola tienda.</span>}
        </fieldset>
      )}
      {action.error && <Alert>{action.error}</Alert>}
      {made && (
        <section className="admin-card" aria-labelledby="batch-made">
          <h2 id="batch-made" className="admin-card__title">
            Lote preparado: {counted(made.placements.length, 'funda', 'fundas')} en{' '}
            {counted(made.sheets, 'hoja', 'hojas')} ({made.sheetWidthMm} × {made.sheetHeightMm} mm)
          </h2>
          <p>
            <a href={made.uri} target="_blank" rel="noreferrer">
              Abrir el PDF del lote
            </a>
          </p>
          {made.printedAt ? (
            <p>Impreso el {formatDateTime(made.printedAt)}.</p>
          ) : (
            <button
              type="button"
              className="admin-button admin-button--primary"
              disabled={action.busy !== null}
              onClick={() => printed(made)}
            >
              Marcar el lote como impreso
            </button>
          )}
        </section>
      )}
      {batches.data && batches.data.length > 0 && (
        <section className="admin-card" aria-labelledby="batches-title">
          <h2 id="batches-title" className="admin-card__title">
            Lotes recientes
          </h2>
          <ul className="admin-dashboard__list">
            {batches.data.map((b) => (
              <li key={b.id}>
                <a href={b.uri} target="_blank" rel="noreferrer">
                  Lote del {formatDateTime(b.createdAt)}
                </a>{' '}
                · {b.placements.map((p) => p.orderNumber).join(', ')} ·{' '}
                {b.printedAt ? (
                  `impreso el ${formatDateTime(b.printedAt)}`
                ) : (
                  <button
                    type="button"
                    className="admin-button admin-button--ghost"
                    disabled={action.busy !== null}
                    onClick={() => printed(b)}
                  >
                    Marcar como impreso
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
