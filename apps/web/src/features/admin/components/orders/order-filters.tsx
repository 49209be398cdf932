import { ORDER_STATUSES, type OrderStatus } from '@shop/contracts/order-lifecycle';
import type { Store } from '@shop/contracts/stores';
import { type FormEvent, useId, useState } from 'react';
import type { OrderListQuery } from '../../api/get-orders';
import { STATUS_LABELS } from '../../lib/order-status';

interface OrderFiltersProps {
  query: OrderListQuery;
  /** The stores to choose from; null for store staff, who only ever see their own store. */
  stores: Store[] | null;
  onApply: (filters: Omit<OrderListQuery, 'page' | 'size' | 'sort'>) => void;
  onClear: () => void;
}

/** The order filter of docs/product.md §3.5 (store, order id, date range, finished only) plus the state. */
export function OrderFilters({ query, stores, onApply, onClear }: OrderFiltersProps) {
  const id = useId();
  const [storeId, setStoreId] = useState(query.storeId ? String(query.storeId) : '');
  const [orderId, setOrderId] = useState(query.orderId ?? '');
  const [startDate, setStartDate] = useState(query.startDate ?? '');
  const [endDate, setEndDate] = useState(query.endDate ?? '');
  const [status, setStatus] = useState<OrderStatus | ''>(query.status ?? '');
  const [finishedOnly, setFinishedOnly] = useState(query.finishedOnly ?? false);
  const [paid, setPaid] = useState<'true' | 'false' | ''>(query.paid ?? '');
  const [abandoned, setAbandoned] = useState(query.abandoned ?? false);

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({
      storeId: storeId ? Number(storeId) : undefined,
      orderId: orderId.trim() || undefined,
      startDate: startDate || undefined,
      endDate: endDate || undefined,
      status: status || undefined,
      finishedOnly,
      paid: paid || undefined,
      abandoned,
    });
  }

  return (
    <form className="admin-filters" onSubmit={submit} aria-label="Filtrar pedidos">
      {stores && (
        <div className="admin-field">
          <label className="admin-label" htmlFor={`${id}-store`}>
            Tienda
          </label>
          <select
            id={`${id}-store`}
            className="admin-input"
            value={storeId}
            onChange={(event) => setStoreId(event.target.value)}
          >
            <option value="">Todas las tiendas</option>
            {stores.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
                {store.down ? ' (de baja)' : ''}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="admin-field">
        <label className="admin-label" htmlFor={`${id}-order`}>
          Nº de pedido
        </label>
        <input
          id={`${id}-order`}
          className="admin-input"
          value={orderId}
          maxLength={40}
          placeholder="000123"
          onChange={(event) => setOrderId(event.target.value)}
        />
      </div>
      <div className="admin-field">
        <label className="admin-label" htmlFor={`${id}-from`}>
          Desde
        </label>
        <input
          id={`${id}-from`}
          className="admin-input"
          type="date"
          value={startDate}
          max={endDate || undefined}
          onChange={(event) => setStartDate(event.target.value)}
        />
      </div>
      <div className="admin-field">
        <label className="admin-label" htmlFor={`${id}-to`}>
          Hasta
        </label>
        <input
          id={`${id}-to`}
          className="admin-input"
          type="date"
          value={endDate}
          min={startDate || undefined}
          onChange={(event) => setEndDate(event.target.value)}
        />
      </div>
      <div className="admin-field">
        <label className="admin-label" htmlFor={`${id}-status`}>
          Estado
        </label>
        <select
          id={`${id}-status`}
          className="admin-input"
          value={status}
          onChange={(event) => setStatus(event.target.value as OrderStatus | '')}
        >
          <option value="">Todos los estados</option>
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label className="admin-label" htmlFor={`${id}-paid`}>
          Cobro
        </label>
        <select
          id={`${id}-paid`}
          className="admin-input"
          value={paid}
          onChange={(event) => setPaid(event.target.value as 'true' | 'false' | '')}
        >
          <option value="">Todos</option>
          <option value="true">Cobrados</option>
          <option value="false">Pendientes de cobro</option>
        </select>
      </div>
      <div className="admin-filters__check">
        <input
          id={`${id}-abandoned`}
          type="checkbox"
          className="admin-checkbox"
          checked={abandoned}
          onChange={(event) => setAbandoned(event.target.checked)}
        />
        <label htmlFor={`${id}-abandoned`}>Incluir pedidos abandonados</label>
      </div>
      <div className="admin-filters__check">
        <input
          id={`${id}-finished`}
          type="checkbox"
          className="admin-checkbox"
          checked={finishedOnly}
          onChange={(event) => setFinishedOnly(event.target.checked)}
        />
        <label htmlFor={`${id}-finished`}>Solo pedidos finalizados</label>
      </div>
      <div className="admin-filters__actions">
        <button type="submit" className="admin-button admin-button--primary">
          Filtrar
        </button>
        <button type="button" className="admin-button admin-button--ghost" onClick={onClear}>
          Limpiar filtros
        </button>
      </div>
    </form>
  );
}
