import { counted } from '@shop/contracts/counted';
import { formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import { caseTypeName } from '@shop/contracts/product';
import { useCallback, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { adminPaths } from '@/features/admin/paths';
import { changeOrdersStatus } from '../../api/change-order-status';
import { getOrders, type OrderListQuery } from '../../api/get-orders';
import { useAction } from '../../hooks/use-action';
import { useResource } from '../../hooks/use-resource';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { formatCompactDateTime } from '../../lib/format';
import {
  nextSort,
  readOrderQuery,
  type SortKey,
  sortDirection,
  writeOrderQuery,
} from '../../lib/order-query';
import { deliveryLabel } from '../../lib/order-status';
import { storesApi } from '../../resources/stores';
import { EmptyState } from '../ui/empty-state';
import { LoadState } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { Pagination } from '../ui/pagination';
import { SortableHeader } from '../ui/sortable-header';
import { StatusBadge } from '../ui/status-badge';
import { TableWrap } from '../ui/table-wrap';
import { OrderFilters } from './order-filters';

/** What the order detail's "back" link returns to: this list with its filters. */
export interface FromOrderList {
  listSearch: string;
}

interface OrderRowProps {
  order: Order;
  showStore: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}

function OrderRow({ order, showStore, selected, onSelect }: OrderRowProps) {
  const location = useLocation();
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          aria-label={`Seleccionar el pedido ${order.orderNumber}`}
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
        />
      </td>
      <th scope="row">
        <Link
          to={adminPaths.order(order.id)}
          state={{ listSearch: location.search } satisfies FromOrderList}
          className="admin-table__key"
        >
          {order.orderNumber}
        </Link>
      </th>
      <td className="admin-nowrap">{formatCompactDateTime(order.createdAt)}</td>
      {showStore && <td>{order.store.name}</td>}
      <td>
        {order.customerName ?? (
          <span className="admin-muted">
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">Sin datos todavía</span>
          </span>
        )}
      </td>
      <td>
        {order.model.name}
        <span className="admin-cell-note">
          {order.brand.name} · {caseTypeName(order.caseType, order.colour)}
        </span>
      </td>
      <td>
        <StatusBadge status={order.status} />
        <span className="admin-cell-note">
          {deliveryLabel(order) ?? (
            <>
              <span aria-hidden="true">—</span>
              <span className="visually-hidden">Sin forma de entrega todavía</span>
            </>
          )}
          {order.paymentMethod === 'paystore' && order.paidAt === null && order.status !== 'cancelled' && (
            <> · Pendiente de cobro</>
          )}
        </span>
      </td>
      <td className="admin-num">{formatEuros(order.total + order.shipping)}</td>
    </tr>
  );
}

/** The orders of every store (admin) or of the clerk's own store, filtered, sorted and paged. */
export function OrdersPage() {
  const { user } = useSession();
  const isAdmin = user.role === 'admin';
  const notify = useToast();
  const [params, setParams] = useSearchParams();
  const query = readOrderQuery(params);
  const search = writeOrderQuery(query).toString();
  const orders = useResource(`orders?${search}`, (signal) => getOrders(query, signal));
  const stores = useResource('stores', (signal) =>
    isAdmin ? storesApi.list({}, signal).then((list) => list.items) : Promise.resolve(null),
  );

  const go = useCallback((next: OrderListQuery) => setParams(writeOrderQuery(next)), [setParams]);
  const sortBy = (key: SortKey) => go({ ...query, sort: nextSort(query.sort, key), page: 1 });
  const header = (key: SortKey, label: string, className?: string) => (
    <SortableHeader
      label={label}
      direction={sortDirection(query.sort, key)}
      onSort={() => sortBy(key)}
      className={className}
    />
  );

  const page = orders.data;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const action = useAction();
  const select = (id: string, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  async function bulk(status: 'ready' | 'delivered', label: string) {
    const ids = [...selected];
    const result = await action.run(status, () => changeOrdersStatus(ids, status));
    if (!result.ok) return;
    notify(
      `${counted(result.value.changed, 'pedido marcado', 'pedidos marcados')} como «${label}». ${
        result.value.changed === 1 ? 'Se ha avisado al cliente.' : 'Se ha avisado a los clientes.'
      }`,
    );
    setSelected(new Set());
    orders.reload();
  }
  const filtered = Boolean(
    query.storeId ||
      query.orderId ||
      query.startDate ||
      query.endDate ||
      query.status ||
      query.finishedOnly ||
      query.paid ||
      query.abandoned,
  );

  return (
    <>
      <PageHeader
        title="Pedidos"
        description={isAdmin ? 'Todos los pedidos de las tiendas.' : 'Los pedidos de su tienda.'}
      />
      {/* Keyed by the address, so the form shows the filters of the list below it. */}
      <OrderFilters
        key={search}
        query={query}
        stores={isAdmin ? (stores.data ?? []) : null}
        onApply={(filters) => go({ ...query, ...filters, page: 1 })}
        onClear={() => setParams(new URLSearchParams())}
      />
      <LoadState
        status={orders.status}
        error={orders.error}
        hasData={page !== null}
        onRetry={orders.reload}
      />
      {page && page.total === 0 && (
        <EmptyState
          title={filtered ? 'Ningún pedido coincide con estos filtros.' : 'Todavía no hay pedidos.'}
        >
          {filtered && <p>Pruebe con otras fechas o quite algún filtro.</p>}
        </EmptyState>
      )}
      {page && page.total > 0 && (
        <>
          <fieldset className="admin-bulk">
            <legend className="visually-hidden">Cambiar los pedidos seleccionados</legend>
            <span>{selected.size} seleccionados</span>
            <button
              type="button"
              className="admin-button admin-button--secondary"
              disabled={selected.size === 0 || action.busy !== null}
              onClick={() => bulk('ready', 'Listo para recoger')}
            >
              {action.busy === 'ready' ? 'Guardando…' : 'Marcar listos para recoger'}
            </button>
            <button
              type="button"
              className="admin-button admin-button--secondary"
              disabled={selected.size === 0 || action.busy !== null}
              onClick={() => bulk('delivered', 'Entregado')}
            >
              {action.busy === 'delivered' ? 'Guardando…' : 'Marcar entregados'}
            </button>
          </fieldset>
          {action.error && <Alert>{action.error}</Alert>}
          <TableWrap label="Lista de pedidos" busy={orders.status === 'loading'}>
            <table className="admin-table">
              <caption className="visually-hidden">Pedidos, {page.total} en total</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Selección</span>
                  </th>
                  {header('orderNumber', 'Pedido')}
                  {header('createdAt', 'Fecha')}
                  {isAdmin && <th scope="col">Tienda</th>}
                  <th scope="col">Cliente</th>
                  <th scope="col">Funda</th>
                  <th scope="col">Estado</th>
                  {header('total', 'Total', 'admin-num')}
                </tr>
              </thead>
              <tbody>
                {page.items.map((order) => (
                  <OrderRow
                    key={order.id}
                    order={order}
                    showStore={isAdmin}
                    selected={selected.has(order.id)}
                    onSelect={(on) => select(order.id, on)}
                  />
                ))}
              </tbody>
            </table>
          </TableWrap>
          <Pagination
            page={page.page}
            size={page.size}
            total={page.total}
            noun="pedidos"
            onPage={(next) => go({ ...query, page: next })}
          />
        </>
      )}
    </>
  );
}
