import type { Brand } from '@shop/contracts/catalogue';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { getBrands } from '../../api/get-brands';
import { useResource } from '../../hooks/use-resource';
import { useSorted } from '../../hooks/use-sorted';
import { EmptyState } from '../ui/empty-state';
import { LoadState } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { SortableHeader } from '../ui/sortable-header';
import { FlagBadge } from '../ui/status-badge';
import { TableWrap } from '../ui/table-wrap';

const COLUMNS = { id: (b: Brand) => b.id, name: (b: Brand) => b.name };

export function BrandsPage() {
  const brands = useResource('brands', getBrands);
  const { sorted, sort, toggle } = useSorted(brands.data ?? [], COLUMNS, {
    key: 'id',
    direction: 'ascending',
  });
  const direction = (key: keyof typeof COLUMNS) => (sort.key === key ? sort.direction : null);

  return (
    <>
      <PageHeader
        title="Marcas"
        description="Las marcas del catálogo. Una marca solo aparece en la tienda si es visible, no está de baja y tiene modelos visibles."
        actions={
          <Link to={paths.admin.newBrand} className="admin-button admin-button--primary">
            Nueva marca
          </Link>
        }
      />
      <LoadState
        status={brands.status}
        error={brands.error}
        hasData={brands.data !== null}
        onRetry={brands.reload}
      />
      {brands.data?.length === 0 && <EmptyState title="Todavía no hay marcas." />}
      {sorted.length > 0 && (
        <TableWrap label="Lista de marcas">
          <table className="admin-table">
            <thead>
              <tr>
                <SortableHeader label="Nº" direction={direction('id')} onSort={() => toggle('id')} />
                <th scope="col">Logotipo</th>
                <SortableHeader label="Nombre" direction={direction('name')} onSort={() => toggle('name')} />
                <th scope="col">En la tienda</th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((brand) => (
                <tr key={brand.id}>
                  <td className="admin-muted">{brand.id}</td>
                  <td>
                    {brand.imageURI ? (
                      <img className="admin-thumb admin-thumb--wide" src={brand.imageURI} alt="" />
                    ) : (
                      <span className="admin-muted">Sin imagen</span>
                    )}
                  </td>
                  <th scope="row">
                    <Link to={paths.admin.brand(brand.id)} className="admin-table__key">
                      {brand.name}
                    </Link>
                  </th>
                  <td>
                    {brand.down ? (
                      <FlagBadge tone="warn">De baja</FlagBadge>
                    ) : brand.isPublic ? (
                      <FlagBadge tone="ok">Visible</FlagBadge>
                    ) : (
                      <FlagBadge tone="off">Oculta</FlagBadge>
                    )}
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
