import { HIDDEN_STORE_ID } from '@shop/contracts/constants';
import { formatEuros } from '@shop/contracts/money';
import type { Store } from '@shop/contracts/stores';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { getStores } from '../../api/get-stores';
import { useResource } from '../../hooks/use-resource';
import { useSorted } from '../../hooks/use-sorted';
import { EmptyState } from '../ui/empty-state';
import { LoadState } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { SortableHeader } from '../ui/sortable-header';
import { FlagBadge } from '../ui/status-badge';
import { TableWrap } from '../ui/table-wrap';

const COLUMNS = {
  id: (s: Store) => s.id,
  name: (s: Store) => s.name,
  town: (s: Store) => s.town,
  shipping: (s: Store) => s.shipping,
};

function StoreState({ store }: { store: Store }) {
  if (store.down) return <FlagBadge tone="warn">De baja</FlagBadge>;
  if (store.id === HIDDEN_STORE_ID) return <FlagBadge tone="off">Fuera de la lista</FlagBadge>;
  return <FlagBadge tone="ok">Activa</FlagBadge>;
}

export function StoresPage() {
  const [name, setName] = useState('');
  const [applied, setApplied] = useState('');
  const stores = useResource(`stores:${applied}`, (signal) => getStores(applied || undefined, signal));
  const { sorted, sort, toggle } = useSorted(stores.data ?? [], COLUMNS, {
    key: 'id',
    direction: 'ascending',
  });
  const direction = (key: keyof typeof COLUMNS) => (sort.key === key ? sort.direction : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setApplied(name.trim());
  }

  return (
    <>
      <PageHeader
        title="Tiendas"
        description="Las tiendas asociadas. Las que están de baja no aparecen en la selección de tienda."
        actions={
          <Link to={paths.admin.newStore} className="admin-button admin-button--primary">
            Nueva tienda
          </Link>
        }
      />
      <form className="admin-filters" onSubmit={submit} aria-label="Buscar tiendas">
        <div className="admin-field admin-field--grow">
          <label className="admin-label" htmlFor="store-search">
            Nombre
          </label>
          <input
            id="store-search"
            className="admin-input"
            type="search"
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="admin-filters__actions">
          <button type="submit" className="admin-button admin-button--primary">
            Buscar
          </button>
        </div>
      </form>
      <LoadState
        status={stores.status}
        error={stores.error}
        hasData={stores.data !== null}
        onRetry={stores.reload}
      />
      {stores.data?.length === 0 && (
        <EmptyState title={applied ? `Ninguna tienda se llama «${applied}».` : 'Todavía no hay tiendas.'} />
      )}
      {sorted.length > 0 && (
        <TableWrap label="Lista de tiendas" busy={stores.status === 'loading'}>
          <table className="admin-table">
            <thead>
              <tr>
                <SortableHeader label="Nº" direction={direction('id')} onSort={() => toggle('id')} />
                <SortableHeader label="Nombre" direction={direction('name')} onSort={() => toggle('name')} />
                <th scope="col">Dirección</th>
                <SortableHeader
                  label="Localidad"
                  direction={direction('town')}
                  onSort={() => toggle('town')}
                />
                <SortableHeader
                  label="Envío"
                  direction={direction('shipping')}
                  onSort={() => toggle('shipping')}
                  className="admin-num"
                />
                <th scope="col">Estado</th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((store) => (
                <tr key={store.id}>
                  <td className="admin-muted">{store.id}</td>
                  <th scope="row">
                    <Link to={paths.admin.store(store.id)} className="admin-table__key">
                      {store.name}
                    </Link>
                  </th>
                  <td>
                    {store.address}, {store.postalCode}
                  </td>
                  <td>
                    {store.town} <span className="admin-muted">({store.province})</span>
                  </td>
                  <td className="admin-num">{formatEuros(store.shipping)}</td>
                  <td>
                    <StoreState store={store} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </>
  );
}
