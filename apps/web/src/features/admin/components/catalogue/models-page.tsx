import type { Model, ModelPage } from '@shop/contracts/catalogue';
import { formatEuros } from '@shop/contracts/money';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { getBrands } from '../../api/get-brands';
import { getModels } from '../../api/get-models';
import { getStores } from '../../api/get-stores';
import { toggleModelVisibility } from '../../api/toggle-model-visibility';
import { useAction } from '../../hooks/use-action';
import { useResource } from '../../hooks/use-resource';
import { EmptyState } from '../ui/empty-state';
import { LoadState } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { Pagination } from '../ui/pagination';
import { FlagBadge } from '../ui/status-badge';
import { TableWrap } from '../ui/table-wrap';

const PAGE_SIZE = 25;

const positiveInt = (value: string | null): number | undefined =>
  value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;

function ModelState({ model }: { model: Model }) {
  if (model.isDown) return <FlagBadge tone="warn">De baja</FlagBadge>;
  if (!model.isPublic) return <FlagBadge tone="off">Oculto</FlagBadge>;
  if (!model.brand.isPublic || model.brand.down) return <FlagBadge tone="off">Marca oculta</FlagBadge>;
  return <FlagBadge tone="ok">Visible</FlagBadge>;
}

/** The whole catalogue, hidden models included, by brand and name, with the visibility toggle. */
export function ModelsPage() {
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const brand = positiveInt(params.get('brand'));
  const filtro = params.get('filtro')?.trim() || undefined;
  const page = positiveInt(params.get('page')) ?? 1;
  const [search, setSearch] = useState(filtro ?? '');
  // The back button changes the address: the box shows the search of the list below it.
  useEffect(() => setSearch(filtro ?? ''), [filtro]);
  const models = useResource(`models:${brand}:${filtro}:${page}`, (signal) =>
    getModels({ brand, filtro, page, size: PAGE_SIZE }, signal),
  );
  const brands = useResource('brands', getBrands);
  const stores = useResource('stores', (signal) => getStores(undefined, signal));
  const toggle = useAction();

  const go = (next: { brand?: number; filtro?: string; page?: number }) => {
    const query = new URLSearchParams();
    if (next.brand) query.set('brand', String(next.brand));
    if (next.filtro) query.set('filtro', next.filtro);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    go({ brand, filtro: search.trim() });
  }

  async function flip(model: Model) {
    const hiding = model.isPublic;
    const result = await toggle.run(
      `toggle:${model.id}`,
      () => toggleModelVisibility(model.id),
      hiding ? `${model.name} ya no se muestra a los clientes.` : `${model.name} se muestra a los clientes.`,
    );
    if (result.ok && models.data) {
      const updated = result.value;
      models.replace({
        ...models.data,
        items: models.data.items.map((m) => (m.id === updated.id ? updated : m)),
      } satisfies ModelPage);
    }
  }

  const storeCount = stores.data?.length ?? 0;
  const data = models.data;

  return (
    <>
      <PageHeader
        title="Modelos"
        description="Las fundas que se venden, con su plantilla, su precio y las tiendas que las ofrecen."
        actions={
          <Link to={paths.admin.newModel} className="admin-button admin-button--primary">
            Nuevo modelo
          </Link>
        }
      />
      <form className="admin-filters" onSubmit={submit} aria-label="Buscar modelos">
        <div className="admin-field">
          <label className="admin-label" htmlFor={`${searchId}-brand`}>
            Marca
          </label>
          <select
            id={`${searchId}-brand`}
            className="admin-input"
            value={brand ?? ''}
            onChange={(event) => go({ brand: Number(event.target.value) || undefined, filtro })}
          >
            <option value="">Todas las marcas</option>
            {brands.data?.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field admin-field--grow">
          <label className="admin-label" htmlFor={`${searchId}-name`}>
            Nombre
          </label>
          <input
            id={`${searchId}-name`}
            className="admin-input"
            type="search"
            value={search}
            maxLength={100}
            placeholder="Por ejemplo, iPhone 15"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="admin-filters__actions">
          <button type="submit" className="admin-button admin-button--primary">
            Buscar
          </button>
        </div>
      </form>
      {toggle.error && <Alert>{toggle.error}</Alert>}
      <LoadState
        status={models.status}
        error={models.error}
        hasData={data !== null}
        onRetry={models.reload}
      />
      {data && data.total === 0 && (
        <EmptyState
          title={filtro || brand ? 'Ningún modelo coincide con la búsqueda.' : 'Todavía no hay modelos.'}
        />
      )}
      {data && data.total > 0 && (
        <>
          <TableWrap label="Lista de modelos" busy={models.status === 'loading'}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Imagen</th>
                  <th scope="col">Modelo</th>
                  <th scope="col">Marca</th>
                  <th scope="col" className="admin-num">
                    Precio
                  </th>
                  <th scope="col">Tiendas</th>
                  <th scope="col">Estado</th>
                  <th scope="col">
                    <span className="visually-hidden">Visibilidad</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((model) => (
                  <tr key={model.id}>
                    <td>
                      {model.image ? (
                        <img className="admin-thumb" src={model.image} alt="" loading="lazy" />
                      ) : (
                        <span className="admin-muted">—</span>
                      )}
                    </td>
                    <th scope="row">
                      <Link to={paths.admin.model(model.id)} className="admin-table__key">
                        {model.name}
                      </Link>
                    </th>
                    <td>{model.brand.name}</td>
                    <td className="admin-num">{formatEuros(model.price)}</td>
                    <td className="admin-nowrap">
                      {storeCount ? `${model.stores.length} de ${storeCount}` : model.stores.length}
                    </td>
                    <td>
                      <ModelState model={model} />
                    </td>
                    <td className="admin-table__action">
                      <button
                        type="button"
                        className="admin-button admin-button--ghost admin-button--small"
                        disabled={toggle.busy !== null}
                        onClick={() => flip(model)}
                      >
                        {model.isPublic ? 'Ocultar' : 'Mostrar'}
                        <span className="visually-hidden"> {model.name}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <Pagination
            page={data.page}
            size={data.size}
            total={data.total}
            noun="modelos"
            onPage={(next) => go({ brand, filtro, page: next })}
          />
        </>
      )}
    </>
  );
}
