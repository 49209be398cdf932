import type { CaseType } from '@shop/contracts/case-types';
import { HIDDEN_STORE_ID } from '@shop/contracts/constants';
import { formatEuros } from '@shop/contracts/money';
import type { Store, StoreInput } from '@shop/contracts/stores';
import { storePostalCodeProblem } from '@shop/contracts/tax-territory';
import { crudClient } from '../api/crud';
import { FlagBadge } from '../components/ui/status-badge';
import type { ResourceConfig } from '../kit/resource';
import { caseTypesApi } from './case-types';
import { StoreLinks } from './store-links';

export const storesApi = crudClient<Store, StoreInput>('/api/stores');

type StoreValues = Omit<StoreInput, 'shipping' | 'mapQuery' | 'hiddenCaseTypeIds'> & {
  shipping: number | null;
  mapQuery: string;
  hiddenCaseTypeIds: string[];
};

interface StoreLookups {
  caseTypes: CaseType[];
}

const toInput = (store: Store): StoreInput => {
  const { id: _id, ...input } = store;
  return input;
};

function StoreState({ store }: { store: Store }) {
  if (store.down) return <FlagBadge tone="warn">De baja</FlagBadge>;
  if (store.id === HIDDEN_STORE_ID) return <FlagBadge tone="off">Fuera de la lista</FlagBadge>;
  return <FlagBadge tone="ok">Activa</FlagBadge>;
}

/** Partner stores: admins edit them; a clerk sees their own store, read-only, with its links. */
export const storesResource: ResourceConfig<Store, StoreInput, StoreValues, StoreLookups> = {
  segment: 'tiendas',
  newSegment: 'nueva',
  texts: {
    plural: 'Tiendas',
    singular: 'Tienda',
    create: 'Nueva tienda',
    createButton: 'Crear tienda',
    back: 'Volver a las tiendas',
    delete: 'Eliminar tienda',
    deleteQuestion: (name) => `¿Eliminar la tienda ${name}?`,
    deleteWarning: 'Solo se puede eliminar una tienda sin pedidos ni personal. Si no, dele de baja.',
    created: 'Tienda creada.',
    saved: 'Tienda guardada.',
    deleted: 'Tienda eliminada.',
  },
  api: storesApi,
  name: (store) => store.name,
  readOnlyFor: (user, id) => user.role === 'store' && user.storeId === id,
  takeDown: {
    label: 'Dar de baja la tienda en su lugar',
    done: 'Tienda dada de baja.',
    isDown: (store) => store.down,
    run: (store) => storesApi.update(store.id, { ...toInput(store), down: true }),
  },
  list: {
    description: 'Las tiendas asociadas. Las que están de baja no aparecen en la selección de tienda.',
    rowName: (store) => store.name,
    columns: [
      { id: 'name', label: 'Nombre', cell: (s) => s.name, sort: (s) => s.name },
      { id: 'id', label: 'Nº', cell: (s) => <span className="admin-muted">{s.id}</span>, sort: (s) => s.id },
      { id: 'address', label: 'Dirección', cell: (s) => `${s.address}, ${s.postalCode}` },
      {
        id: 'town',
        label: 'Localidad',
        cell: (s) => (
          <>
            {s.town} <span className="admin-muted">({s.province})</span>
          </>
        ),
        sort: (s) => s.town,
      },
      {
        id: 'shipping',
        label: 'Envío',
        cell: (s) => formatEuros(s.shipping),
        sort: (s) => s.shipping,
        numeric: true,
      },
      { id: 'state', label: 'Estado', cell: (s) => <StoreState store={s} /> },
    ],
    filters: () => [{ name: 'nombre', label: 'Nombre', kind: 'search', where: 'client' }],
    searchText: (s) => s.name,
    paging: 'client',
    pageSize: 25,
    defaultSort: 'id',
    empty: 'Todavía no hay tiendas.',
    emptyFiltered: 'Ninguna tienda se llama así.',
  },
  form: {
    defaults: () => ({
      name: '',
      address: '',
      postalCode: '',
      town: '',
      province: 'Málaga',
      image: null,
      down: false,
      shipping: 5,
      hours: '',
      mapQuery: '',
      hiddenCaseTypeIds: [],
    }),
    lookups: async (signal) => ({ caseTypes: (await caseTypesApi.list({}, signal)).items }),
    fromRecord: (store) => ({
      ...toInput(store),
      mapQuery: store.mapQuery ?? '',
      hiddenCaseTypeIds: (store.hiddenCaseTypeIds ?? []).map(String),
    }),
    toInput: (values) => ({
      ...values,
      hiddenCaseTypeIds: values.hiddenCaseTypeIds.map(Number),
      mapQuery: values.mapQuery.trim() || null,
      name: values.name.trim(),
      address: values.address.trim(),
      town: values.town.trim(),
      province: values.province.trim(),
      shipping: values.shipping ?? 0,
    }),
    aside: (store) => <StoreLinks storeId={store.id} />,
    // One entry per field: a new field of the store is one more line here.
    fields: [
      { name: 'name', label: 'Nombre', kind: 'text', required: true, maxLength: 120 },
      {
        name: 'address',
        label: 'Dirección',
        kind: 'text',
        required: true,
        maxLength: 200,
        autoComplete: 'street-address',
      },
      {
        name: 'postalCode',
        label: 'Código postal',
        kind: 'digits',
        required: true,
        maxLength: 5,
        row: 'place',
        validate: (value) => storePostalCodeProblem(String(value ?? '')),
        hint: 'Solo la península y Baleares: Canarias, Ceuta y Melilla están fuera del territorio del IVA.',
      },
      { name: 'town', label: 'Localidad', kind: 'text', required: true, maxLength: 100, row: 'place' },
      { name: 'province', label: 'Provincia', kind: 'text', required: true, maxLength: 100, row: 'place' },
      {
        name: 'hours',
        label: 'Horario',
        kind: 'lines',
        maxLength: 400,
        hint: 'Una línea por día o grupo de días, por ejemplo «Lunes a viernes: 10:00–14:00 y 17:30–21:00».',
      },
      {
        name: 'mapQuery',
        label: 'Búsqueda en el mapa',
        kind: 'text',
        maxLength: 200,
        hint: 'Lo que busca el enlace «Cómo llegar» en el mapa. Vacío: el nombre y la dirección de la tienda.',
      },
      {
        name: 'shipping',
        label: 'Envío a domicilio',
        kind: 'price',
        required: true,
        hint: 'Lo que paga el cliente por recibir la funda en casa, IVA incluido.',
      },
      {
        name: 'image',
        label: 'Foto de la tienda',
        kind: 'image',
        image: { kind: 'store-image', alt: (v) => `Fachada de ${v.name || 'la tienda'}` },
        hint: 'Se muestra al elegir la tienda. PNG, JPEG o WebP de hasta 10 MB.',
      },
      {
        name: 'down',
        label: 'De baja',
        kind: 'switch',
        hint: 'Activado, la tienda no aparece en la selección de tienda ni acepta pedidos nuevos.',
      },
      {
        name: 'hiddenCaseTypeIds',
        label: 'Tipos de funda que no vende',
        kind: 'checklist',
        noun: 'tipos ocultos',
        options: ({ lookups }) =>
          lookups.caseTypes
            .filter((t) => !t.isDefault)
            .map((t) => ({
              value: String(t.id),
              label: t.name,
              note: t.isPublic ? undefined : 'oculto a todos',
            })),
      },
    ],
  },
};
