import type { CaseType, CaseTypeInput } from '@shop/contracts/case-types';
import { formatSignedEuros } from '@/lib/signed-euros';
import { crudClient } from '../api/crud';
import { FlagBadge } from '../components/ui/status-badge';
import type { ResourceConfig } from '../kit/resource';
import { formatEurosInput, parseSignedEuros } from '../lib/euros';
import { CaseColoursField, type ColourRow, coloursProblem } from './case-colours-field';

export const caseTypesApi = crudClient<CaseType, CaseTypeInput>('/api/case-types');

interface CaseTypeValues {
  name: string;
  description: string;
  material: string;
  /** As typed: "7,00", "-2,50", "0". */
  priceDifference: string;
  clear: boolean;
  isPublic: boolean;
  isDefault: boolean;
  colours: ColourRow[];
}

const fromCaseType = (t: CaseType): CaseTypeValues => ({
  name: t.name,
  description: t.description,
  material: t.material,
  priceDifference: formatEurosInput(t.priceDifference),
  clear: t.clear,
  isPublic: t.isPublic,
  isDefault: t.isDefault,
  colours: t.colours.map(({ id, name, hex }) => ({ id, name, hex })),
});

const toInput = (v: CaseTypeValues): CaseTypeInput => ({
  name: v.name.trim(),
  description: v.description.trim(),
  material: v.material.trim(),
  priceDifference: parseSignedEuros(v.priceDifference) ?? 0,
  clear: v.clear,
  isPublic: v.isPublic,
  isDefault: v.isDefault,
  colours: v.colours.map((c) => ({ ...(c.id ? { id: c.id } : {}), name: c.name.trim(), hex: c.hex })),
});

function Swatches({ type }: { type: CaseType }) {
  if (type.colours.length === 0) return <span className="admin-muted">—</span>;
  return (
    <span className="admin-swatches">
      {type.colours.map((c) => (
        <span key={c.id} className="admin-swatch" style={{ backgroundColor: c.hex }} title={c.name} />
      ))}
      <span className="visually-hidden">{type.colours.map((c) => c.name).join(', ')}</span>
    </span>
  );
}

/** The kinds of case a model is sold in, with their price over the model's and their colours. */
export const caseTypesResource: ResourceConfig<
  CaseType,
  CaseTypeInput,
  CaseTypeValues,
  Record<string, never>
> = {
  segment: 'tipos-de-funda',
  newSegment: 'nuevo',
  texts: {
    plural: 'Tipos de funda',
    singular: 'Tipo de funda',
    create: 'Nuevo tipo de funda',
    createButton: 'Crear tipo de funda',
    back: 'Volver a los tipos de funda',
    delete: 'Eliminar tipo de funda',
    deleteQuestion: (name) => `¿Eliminar el tipo de funda ${name}?`,
    deleteWarning:
      'Solo se puede eliminar un tipo de funda sin pedidos y que no sea el predeterminado. Si no, ocúltelo a los clientes.',
    created: 'Tipo de funda creado.',
    saved: 'Tipo de funda guardado.',
    deleted: 'Tipo de funda eliminado.',
  },
  api: caseTypesApi,
  name: (t) => t.name,
  takeDown: {
    label: 'Ocultarlo a los clientes en su lugar',
    done: 'El tipo de funda ya no se muestra a los clientes.',
    isDown: (t) => !t.isPublic,
    run: (t) => caseTypesApi.update(t.id, { ...toInput(fromCaseType(t)), isPublic: false }),
  },
  list: {
    description:
      'Los tipos de funda que se venden (rígida, silicona...), con lo que cambian el precio del modelo y sus colores. En cada modelo se eligen los tipos en que se vende; cada tienda puede ocultar tipos.',
    rowName: (t) => t.name,
    columns: [
      { id: 'name', label: 'Nombre', cell: (t) => t.name, sort: (t) => t.name },
      {
        id: 'price',
        label: 'Sobre el precio del modelo',
        cell: (t) => formatSignedEuros(t.priceDifference),
        sort: (t) => t.priceDifference,
        numeric: true,
      },
      { id: 'colours', label: 'Colores', cell: (t) => <Swatches type={t} /> },
      { id: 'models', label: 'Modelos', cell: (t) => t.models, sort: (t) => t.models, numeric: true },
      {
        id: 'state',
        label: 'Estado',
        cell: (t) => (
          <span className="admin-nowrap">
            {t.isPublic ? <FlagBadge tone="ok">Visible</FlagBadge> : <FlagBadge tone="off">Oculto</FlagBadge>}
            {t.isDefault && <FlagBadge tone="ok">Predeterminado</FlagBadge>}
            {t.clear && <FlagBadge tone="off">Transparente</FlagBadge>}
          </span>
        ),
      },
    ],
    filters: () => [{ name: 'nombre', label: 'Nombre', kind: 'search', where: 'client' }],
    searchText: (t) => t.name,
    paging: 'client',
    pageSize: 25,
    empty: 'Todavía no hay tipos de funda.',
    emptyFiltered: 'Ningún tipo de funda se llama así.',
  },
  form: {
    defaults: () => ({
      name: '',
      description: '',
      material: '',
      priceDifference: '0,00',
      clear: false,
      isPublic: true,
      isDefault: false,
      colours: [],
    }),
    fromRecord: fromCaseType,
    toInput,
    fields: [
      { name: 'name', label: 'Nombre', kind: 'text', required: true, maxLength: 40 },
      {
        name: 'description',
        label: 'Descripción breve',
        kind: 'lines',
        maxLength: 200,
        hint: 'La ven los clientes al elegir el tipo.',
      },
      {
        name: 'material',
        label: 'Material',
        kind: 'text',
        maxLength: 60,
        hint: 'Por ejemplo, policarbonato o TPU.',
      },
      {
        name: 'priceDifference',
        label: 'Diferencia sobre el precio del modelo',
        kind: 'text',
        required: true,
        maxLength: 10,
        hint: 'En euros, IVA incluido. Puede ser 0 o negativa (por ejemplo -2,00).',
        validate: (value) => {
          const euros = parseSignedEuros(String(value));
          if (euros === null) return 'Escriba un importe en euros, por ejemplo 7,00 o -2,00.';
          return Math.abs(euros) > 1000
            ? 'La diferencia no puede pasar de 1000 € en ninguno de los dos sentidos.'
            : null;
        },
      },
      {
        name: 'clear',
        label: 'Transparente',
        kind: 'switch',
        hint: 'Activado, el móvil se ve a través de la funda donde el diseño no llega, y el archivo de impresión lleva la capa de tinta blanca.',
      },
      {
        name: 'isPublic',
        label: 'Visible para los clientes',
        kind: 'switch',
        hint: 'Desactivado, ningún cliente puede elegirlo; los pedidos hechos en él no cambian.',
      },
      {
        name: 'isDefault',
        label: 'Predeterminado',
        kind: 'switch',
        hint: 'El tipo de un pedido que no elige otro. Solo hay uno: marcar este desmarca el anterior.',
      },
      {
        name: 'colours',
        label: 'Colores',
        kind: 'custom',
        validate: (value) => coloursProblem(value as ColourRow[]),
        render: ({ context, value, error, onChange }) => (
          <CaseColoursField
            value={value as ColourRow[]}
            onChange={onChange}
            error={error}
            readOnly={context.readOnly}
          />
        ),
      },
    ],
  },
};
