import type { Brand, BrandInput } from '@shop/contracts/catalogue';
import { crudClient } from '../api/crud';
import { FlagBadge } from '../components/ui/status-badge';
import type { ResourceConfig } from '../kit/resource';

export const brandsApi = crudClient<Brand, BrandInput>('/api/brands');

const toInput = ({ id: _id, ...brand }: Brand): BrandInput => brand;

/** The catalogue's brands. */
export const brandsResource: ResourceConfig<Brand, BrandInput, BrandInput, Record<string, never>> = {
  segment: 'marcas',
  newSegment: 'nueva',
  texts: {
    plural: 'Marcas',
    singular: 'Marca',
    create: 'Nueva marca',
    createButton: 'Crear marca',
    back: 'Volver a las marcas',
    delete: 'Eliminar marca',
    deleteQuestion: (name) => `¿Eliminar la marca ${name}?`,
    deleteWarning: 'Solo se puede eliminar una marca sin modelos. Si no, dele de baja.',
    created: 'Marca creada.',
    saved: 'Marca guardada.',
    deleted: 'Marca eliminada.',
  },
  api: brandsApi,
  name: (brand) => brand.name,
  takeDown: {
    label: 'Dar de baja la marca en su lugar',
    done: 'Marca dada de baja.',
    isDown: (brand) => brand.down,
    run: (brand) => brandsApi.update(brand.id, { ...toInput(brand), down: true }),
  },
  list: {
    description:
      'Las marcas del catálogo. Una marca solo aparece en la tienda si es visible, no está de baja y tiene modelos visibles.',
    rowName: (brand) => brand.name,
    columns: [
      { id: 'name', label: 'Nombre', cell: (b) => b.name, sort: (b) => b.name },
      { id: 'id', label: 'Nº', cell: (b) => <span className="admin-muted">{b.id}</span>, sort: (b) => b.id },
      {
        id: 'logo',
        label: 'Logotipo',
        cell: (b) =>
          b.imageURI ? (
            <img className="admin-thumb admin-thumb--wide" src={b.imageURI} alt="" />
          ) : (
            <span className="admin-muted">Sin imagen</span>
          ),
      },
      {
        id: 'state',
        label: 'En la tienda',
        cell: (b) =>
          b.down ? (
            <FlagBadge tone="warn">De baja</FlagBadge>
          ) : b.isPublic ? (
            <FlagBadge tone="ok">Visible</FlagBadge>
          ) : (
            <FlagBadge tone="off">Oculta</FlagBadge>
          ),
      },
    ],
    filters: () => [{ name: 'nombre', label: 'Nombre', kind: 'search', where: 'client' }],
    searchText: (b) => b.name,
    paging: 'client',
    pageSize: 25,
    defaultSort: 'id',
    empty: 'Todavía no hay marcas.',
    emptyFiltered: 'Ninguna marca se llama así.',
  },
  form: {
    defaults: () => ({ name: '', imageURI: null, down: false, isPublic: true }),
    fields: [
      { name: 'name', label: 'Nombre', kind: 'text', required: true, maxLength: 60 },
      {
        name: 'imageURI',
        label: 'Imagen de la marca',
        kind: 'image',
        image: { kind: 'brand-image', alt: (v) => `Logotipo de ${v.name || 'la marca'}` },
        hint: 'PNG, JPEG o WebP de hasta 10 MB. Mejor un logotipo sobre fondo transparente.',
      },
      {
        name: 'isPublic',
        label: 'Visible para los clientes',
        kind: 'switch',
        hint: 'Activado, la marca aparece en las tiendas que ofrecen alguno de sus modelos. Desactivado, no aparece en ninguna.',
      },
      {
        name: 'down',
        label: 'De baja',
        kind: 'switch',
        hint: 'Activado, la marca se retira de todas las tiendas sin cambiar su visibilidad, por ejemplo mientras no hay existencias.',
      },
    ],
  },
};
