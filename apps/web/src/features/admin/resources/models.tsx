import type { CaseType } from '@shop/contracts/case-types';
import type { Brand, Model, ModelInput } from '@shop/contracts/catalogue';
import { modelSaleProblem } from '@shop/contracts/catalogue-rules';
import { messages } from '@shop/contracts/messages';
import { formatEuros } from '@shop/contracts/money';
import type { Store } from '@shop/contracts/stores';
import { apiRequest } from '@/lib/api-client';
import { formatSignedEuros } from '@/lib/signed-euros';
import { crudClient } from '../api/crud';
import { TemplatePreview } from '../components/catalogue/template-preview';
import { FlagBadge } from '../components/ui/status-badge';
import type { FormContext, ResourceConfig } from '../kit/resource';
import { brandsApi } from './brands';
import { caseTypesApi } from './case-types';
import { OutlineField, type OutlineText, outlineText, readOutline } from './outline-field';
import { storesApi } from './stores';

export const modelsApi = crudClient<Model, ModelInput>('/api/models', { paged: true });

/** Flips `isPublic`: a hidden model disappears from the storefront at once. */
const toggleVisibility = (id: number): Promise<Model> =>
  apiRequest<Model>(`/api/models/${id}/toggleVisibility`, { method: 'PUT' });

interface ModelValues {
  name: string;
  brandId: string;
  price: number | null;
  image: string | null;
  template: string | null;
  isPublic: boolean;
  isDown: boolean;
  stores: string[];
  caseTypeIds: string[];
  outline: OutlineText;
  /** Whether the stored model had measurements (the section opens when it had none). */
  hadOutline: boolean;
}

interface ModelLookups {
  brands: Brand[];
  stores: Store[];
  caseTypes: CaseType[];
}

const fromModel = (model: Model): ModelValues => ({
  name: model.name,
  brandId: String(model.brand.id),
  price: model.price,
  image: model.image,
  template: model.template,
  isPublic: model.isPublic,
  isDown: model.isDown,
  stores: model.stores.map(String),
  caseTypeIds: (model.caseTypeIds ?? []).map(String),
  outline: outlineText(model.outline),
  hadOutline: model.outline !== null,
});

const toInput = (values: ModelValues): ModelInput => {
  const outline = readOutline(values.outline);
  return {
    name: values.name.trim(),
    brand: { id: Number(values.brandId) },
    image: values.image,
    template: values.template,
    price: values.price ?? 0,
    isPublic: values.isPublic,
    isDown: values.isDown,
    outline: typeof outline === 'string' ? null : outline,
    stores: values.stores.map(Number),
    // A staff answer without the list (never expected) leaves the model's types as they are.
    ...(values.caseTypeIds.length > 0 ? { caseTypeIds: values.caseTypeIds.map(Number) } : {}),
  };
};

/**
 * The rule the server applies (a public model needs its template and a price), asked about one
 * field at a time, so that both show at once when both are missing.
 */
const saleProblem =
  (field: 'template' | 'price') => (_: unknown, context: FormContext<ModelValues, ModelLookups>) => {
    const { isPublic, template, price } = context.values;
    const problem =
      field === 'template'
        ? modelSaleProblem({ isPublic, template, price: 1 })
        : modelSaleProblem({ isPublic, template: 'present', price: price ?? 0 });
    return problem ? messages[problem.message] : null;
  };

function ModelState({ model }: { model: Model }) {
  if (model.isDown) return <FlagBadge tone="warn">De baja</FlagBadge>;
  if (!model.isPublic) return <FlagBadge tone="off">Oculto</FlagBadge>;
  if (!model.brand.isPublic || model.brand.down) return <FlagBadge tone="off">Marca oculta</FlagBadge>;
  return <FlagBadge tone="ok">Visible</FlagBadge>;
}

const loadLookups = async (signal: AbortSignal): Promise<ModelLookups> => {
  const [brands, stores, caseTypes] = await Promise.all([
    brandsApi.list({}, signal),
    storesApi.list({}, signal),
    caseTypesApi.list({}, signal),
  ]);
  return { brands: brands.items, stores: stores.items, caseTypes: caseTypes.items };
};

/** The cases on sale: template, price, visibility and the stores that offer each one. */
export const modelsResource: ResourceConfig<Model, ModelInput, ModelValues, ModelLookups> = {
  segment: 'modelos',
  newSegment: 'nuevo',
  texts: {
    plural: 'Modelos',
    singular: 'Modelo',
    create: 'Nuevo modelo',
    createButton: 'Crear modelo',
    back: 'Volver a los modelos',
    delete: 'Eliminar modelo',
    deleteQuestion: (name) => `¿Eliminar el modelo ${name}?`,
    deleteWarning: 'Solo se puede eliminar un modelo que no esté en ningún pedido. Si no, dele de baja.',
    created: 'Modelo creado.',
    saved: 'Modelo guardado.',
    deleted: 'Modelo eliminado.',
  },
  api: modelsApi,
  name: (model) => model.name,
  takeDown: {
    label: 'Dar de baja el modelo en su lugar',
    done: 'Modelo dado de baja.',
    isDown: (model) => model.isDown,
    run: (model) => modelsApi.update(model.id, { ...toInput(fromModel(model)), isDown: true }),
  },
  list: {
    description: 'Las fundas que se venden, con su plantilla, su precio y las tiendas que las ofrecen.',
    rowName: (model) => model.name,
    columns: [
      { id: 'name', label: 'Modelo', cell: (m) => m.name },
      {
        id: 'image',
        label: 'Imagen',
        cell: (m) =>
          m.image ? (
            <img className="admin-thumb" src={m.image} alt="" loading="lazy" />
          ) : (
            <span className="admin-muted">—</span>
          ),
      },
      { id: 'brand', label: 'Marca', cell: (m) => m.brand.name },
      { id: 'price', label: 'Precio', cell: (m) => formatEuros(m.price), numeric: true },
      {
        id: 'stores',
        label: 'Tiendas',
        cell: (m) => <span className="admin-nowrap">{m.stores.length}</span>,
      },
      { id: 'state', label: 'Estado', cell: (m) => <ModelState model={m} /> },
    ],
    filters: (lookups) => [
      {
        name: 'brand',
        label: 'Marca',
        kind: 'select',
        where: 'server',
        placeholder: 'Todas las marcas',
        options: (lookups.brands ?? []).map((b) => ({ value: String(b.id), label: b.name })),
      },
      {
        name: 'filtro',
        label: 'Nombre',
        kind: 'search',
        where: 'server',
        placeholder: 'Por ejemplo, iPhone 15',
      },
    ],
    rowActions: [
      {
        label: (m) => (m.isPublic ? 'Ocultar' : 'Mostrar'),
        run: (m) => toggleVisibility(m.id),
        done: (m) =>
          m.isPublic ? `${m.name} ya no se muestra a los clientes.` : `${m.name} se muestra a los clientes.`,
      },
    ],
    paging: 'server',
    pageSize: 25,
    empty: 'Todavía no hay modelos.',
    emptyFiltered: 'Ningún modelo coincide con la búsqueda.',
  },
  form: {
    sections: ['Datos del modelo', 'Imágenes'],
    lookups: loadLookups,
    defaults: (lookups, search) => ({
      name: '',
      brandId: search.get('brand') ?? '',
      price: null,
      image: null,
      template: null,
      isPublic: true,
      isDown: false,
      stores: lookups.stores.map((s) => String(s.id)),
      caseTypeIds: lookups.caseTypes.filter((t) => t.isDefault).map((t) => String(t.id)),
      outline: outlineText(null),
      hadOutline: true,
    }),
    fromRecord: fromModel,
    toInput,
    fields: [
      { name: 'name', label: 'Nombre', kind: 'text', required: true, maxLength: 80 },
      {
        name: 'brandId',
        label: 'Marca',
        kind: 'select',
        required: true,
        placeholder: 'Elija una marca',
        options: ({ lookups }) => lookups.brands.map((b) => ({ value: String(b.id), label: b.name })),
      },
      {
        name: 'price',
        label: 'Precio',
        kind: 'price',
        required: true,
        hint: 'IVA incluido.',
        validate: saleProblem('price'),
      },
      {
        name: 'isPublic',
        label: 'Visible para los clientes',
        kind: 'switch',
        hint: 'Activado, los clientes ven el modelo en las tiendas que lo ofrecen. Desactivado, no aparece en ninguna. Para mostrarlo hacen falta la plantilla y un precio.',
      },
      {
        name: 'isDown',
        label: 'De baja',
        kind: 'switch',
        hint: 'Activado, el modelo se retira de todas las tiendas sin cambiar su visibilidad, por ejemplo sin existencias.',
      },
      {
        name: 'stores',
        label: 'Tiendas que lo ofrecen',
        kind: 'checklist',
        noun: 'tiendas',
        options: ({ lookups }) =>
          lookups.stores.map((s) => ({
            value: String(s.id),
            label: s.name,
            note: s.down ? `${s.town} · de baja` : s.town,
          })),
      },
      {
        name: 'caseTypeIds',
        label: 'Tipos de funda en que se vende',
        kind: 'checklist',
        noun: 'tipos',
        validate: (value) =>
          Array.isArray(value) && value.length === 0 ? 'Elija al menos un tipo de funda.' : null,
        options: ({ lookups }) =>
          lookups.caseTypes.map((t) => ({
            value: String(t.id),
            label: t.name,
            note: [formatSignedEuros(t.priceDifference), t.isPublic ? null : 'oculto a los clientes']
              .filter(Boolean)
              .join(' · '),
          })),
      },
      {
        name: 'template',
        label: 'Plantilla de la funda',
        kind: 'image',
        section: 'Imágenes',
        hint: 'PNG con transparencia: transparente donde va la foto, blanco alrededor y el contorno dibujado. Hasta 10 MB.',
        validate: saleProblem('template'),
        image: {
          kind: 'template',
          alt: () => 'Plantilla de la funda',
          preview: (v) =>
            v.template ? (
              <TemplatePreview templateUri={v.template} />
            ) : (
              <div className="admin-image-field__empty admin-image-field__empty--tall">Sin plantilla</div>
            ),
        },
      },
      {
        name: 'image',
        label: 'Imagen del modelo',
        kind: 'image',
        section: 'Imágenes',
        hint: 'La que ven los clientes en la lista de modelos. PNG, JPEG o WebP de hasta 10 MB.',
        image: { kind: 'model-image', alt: (v) => `Funda para ${v.name || 'el modelo'}` },
      },
      {
        name: 'outline',
        label: 'Medidas del móvil para imprimir (mm)',
        kind: 'custom',
        section: 'Imágenes',
        validate: (value) => {
          const outline = readOutline(value as OutlineText);
          return typeof outline === 'string' ? outline : null;
        },
        render: ({ context, value, error, onChange }) => (
          <OutlineField
            value={value as OutlineText}
            onChange={onChange}
            error={error}
            readOnly={context.readOnly}
            open={context.mode === 'edit' && !context.values.hadOutline}
          />
        ),
      },
    ],
  },
};
