import type { Brand, Model, ModelInput, Outline } from '@shop/contracts/catalogue';
import type { Store } from '@shop/contracts/stores';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { createModel } from '../../api/create-model';
import { deleteModel } from '../../api/delete-model';
import { getBrands } from '../../api/get-brands';
import { getModel } from '../../api/get-model';
import { getStores } from '../../api/get-stores';
import { toggleModelVisibility } from '../../api/toggle-model-visibility';
import { updateModel } from '../../api/update-model';
import { useAction } from '../../hooks/use-action';
import { useResource } from '../../hooks/use-resource';
import { Dialog } from '../ui/dialog';
import { ImageField } from '../ui/image-field';
import { LoadState } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { PriceInput } from '../ui/price-input';
import { SwitchField } from '../ui/switch-field';
import { TextField } from '../ui/text-field';
import { TemplatePreview } from './template-preview';

/** The outline's fields as typed (millimetres, decimal comma or point). */
const OUTLINE_FIELDS = [
  ['widthMm', 'Ancho'],
  ['heightMm', 'Alto'],
  ['cornerRadiusMm', 'Radio de las esquinas'],
  ['camera.xMm', 'Cámara: distancia al borde izquierdo'],
  ['camera.yMm', 'Cámara: distancia al borde superior'],
  ['camera.widthMm', 'Cámara: ancho'],
  ['camera.heightMm', 'Cámara: alto'],
  ['camera.cornerRadiusMm', 'Cámara: radio de las esquinas'],
] as const;

type OutlineKey = (typeof OUTLINE_FIELDS)[number][0];
type OutlineText = Record<OutlineKey, string>;

const mm = (value: number) => String(value).replace('.', ',');

function outlineText(outline: Outline | null): OutlineText {
  const o = outline;
  return {
    widthMm: o ? mm(o.widthMm) : '',
    heightMm: o ? mm(o.heightMm) : '',
    cornerRadiusMm: o ? mm(o.cornerRadiusMm) : '',
    'camera.xMm': o ? mm(o.camera.xMm) : '',
    'camera.yMm': o ? mm(o.camera.yMm) : '',
    'camera.widthMm': o ? mm(o.camera.widthMm) : '',
    'camera.heightMm': o ? mm(o.camera.heightMm) : '',
    'camera.cornerRadiusMm': o ? mm(o.camera.cornerRadiusMm) : '',
  };
}

/** All empty: no outline. All numbers: the outline. Anything else: a message for the form. */
function readOutline(text: OutlineText): Outline | null | string {
  const values = Object.values(text).map((v) => v.trim());
  if (values.every((v) => v === '')) return null;
  const n = (key: OutlineKey) => Number(text[key].trim().replace(',', '.'));
  if (OUTLINE_FIELDS.some(([key]) => !/^\d+([.,]\d+)?$/.test(text[key].trim()))) {
    return 'Complete todas las medidas en milímetros (por ejemplo 71,5) o déjelas todas vacías.';
  }
  return {
    widthMm: n('widthMm'),
    heightMm: n('heightMm'),
    cornerRadiusMm: n('cornerRadiusMm'),
    camera: {
      xMm: n('camera.xMm'),
      yMm: n('camera.yMm'),
      widthMm: n('camera.widthMm'),
      heightMm: n('camera.heightMm'),
      cornerRadiusMm: n('camera.cornerRadiusMm'),
    },
  };
}

interface FormState {
  name: string;
  brandId: string;
  price: number | null;
  image: string | null;
  template: string | null;
  isPublic: boolean;
  isDown: boolean;
  stores: number[];
  outline: OutlineText;
}

const fromModel = (model: Model): FormState => ({
  name: model.name,
  brandId: String(model.brand.id),
  price: model.price,
  image: model.image,
  template: model.template,
  isPublic: model.isPublic,
  isDown: model.isDown,
  stores: model.stores,
  outline: outlineText(model.outline),
});

const newModel = (stores: Store[], brandId: string): FormState => ({
  name: '',
  brandId,
  price: null,
  image: null,
  template: null,
  isPublic: true,
  isDown: false,
  stores: stores.map((s) => s.id),
  outline: outlineText(null),
});

function StoreChecklist({
  stores,
  selected,
  onChange,
}: {
  stores: Store[];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const id = useId();
  const toggle = (storeId: number, on: boolean) =>
    onChange(on ? [...selected, storeId].sort((a, b) => a - b) : selected.filter((s) => s !== storeId));
  return (
    <fieldset className="admin-checklist" aria-describedby={`${id}-count`}>
      <legend className="admin-label">Tiendas que lo ofrecen</legend>
      <div className="admin-checklist__tools">
        <p id={`${id}-count`} className="admin-hint">
          {selected.length} de {stores.length} tiendas
        </p>
        <button type="button" className="admin-link-button" onClick={() => onChange(stores.map((s) => s.id))}>
          Todas
        </button>
        <button type="button" className="admin-link-button" onClick={() => onChange([])}>
          Ninguna
        </button>
      </div>
      <ul className="admin-checklist__items">
        {stores.map((store) => (
          <li key={store.id}>
            <input
              id={`${id}-${store.id}`}
              type="checkbox"
              className="admin-checkbox"
              checked={selected.includes(store.id)}
              onChange={(event) => toggle(store.id, event.target.checked)}
            />
            <label htmlFor={`${id}-${store.id}`}>
              {store.name}
              <span className="admin-muted">
                {' '}
                · {store.town}
                {store.down ? ' · de baja' : ''}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

interface ModelFormProps {
  model: Model | null;
  brands: Brand[];
  stores: Store[];
  initialBrand: string;
  onSaved: (model: Model) => void;
}

function ModelForm({ model, brands, stores, initialBrand, onSaved }: ModelFormProps) {
  const navigate = useNavigate();
  const action = useAction();
  const id = useId();
  const [form, setForm] = useState<FormState>(() =>
    model ? fromModel(model) : newModel(stores, initialBrand),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [inUse, setInUse] = useState(false);
  const set = (changes: Partial<FormState>) => setForm((current) => ({ ...current, ...changes }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const outline = readOutline(form.outline);
    if (form.price === null) return setProblem('Indique el precio en euros, por ejemplo 24,90.');
    if (typeof outline === 'string') return setProblem(outline);
    const input: ModelInput = {
      name: form.name.trim(),
      brand: { id: Number(form.brandId) },
      image: form.image,
      template: form.template,
      price: form.price,
      isPublic: form.isPublic,
      isDown: form.isDown,
      outline,
      stores: form.stores,
    };
    if (model) {
      const result = await action.run('save', () => updateModel(model.id, input), 'Modelo guardado.');
      if (result.ok) onSaved(result.value);
    } else {
      const result = await action.run('save', () => createModel(input), 'Modelo creado.');
      if (result.ok) navigate(paths.admin.model(result.value.id), { replace: true });
    }
  }

  async function remove() {
    if (!model) return;
    const result = await action.run('delete', () => deleteModel(model.id), 'Modelo eliminado.');
    setConfirmDelete(false);
    if (result.ok) navigate(paths.admin.models);
    else setInUse(result.error instanceof ApiError && result.error.code === 'IN_USE');
  }

  async function hide() {
    if (!model) return;
    const result = await action.run('hide', () => toggleModelVisibility(model.id), 'Modelo ocultado.');
    if (result.ok) {
      set({ isPublic: result.value.isPublic });
      setInUse(false);
      onSaved(result.value);
    }
  }

  const error = problem ?? action.error;
  return (
    <form className="admin-form admin-model-form" onSubmit={save}>
      {error && (
        <Alert>
          <p>{error}</p>
          {inUse && model?.isPublic && (
            <button
              type="button"
              className="admin-link-button"
              onClick={hide}
              disabled={action.busy !== null}
            >
              Ocultar el modelo en su lugar
            </button>
          )}
        </Alert>
      )}
      <div className="admin-model-form__grid">
        <section className="admin-card admin-form" aria-labelledby={`${id}-data`}>
          <h2 id={`${id}-data`} className="admin-card__title">
            Datos del modelo
          </h2>
          <TextField
            label="Nombre"
            value={form.name}
            onChange={(name) => set({ name })}
            required
            maxLength={80}
          />
          <div className="admin-field">
            <label className="admin-label" htmlFor={`${id}-brand`}>
              Marca<span aria-hidden="true"> *</span>
            </label>
            <select
              id={`${id}-brand`}
              className="admin-input"
              required
              value={form.brandId}
              onChange={(event) => set({ brandId: event.target.value })}
            >
              <option value="">Elija una marca</option>
              {brands.map((brand) => (
                <option key={brand.id} value={brand.id}>
                  {brand.name}
                </option>
              ))}
            </select>
          </div>
          <PriceInput
            label="Precio"
            value={form.price}
            onChange={(price) => set({ price })}
            required
            hint="IVA incluido."
          />
          <SwitchField
            label="Visible para los clientes"
            checked={form.isPublic}
            onChange={(isPublic) => set({ isPublic })}
            hint="Oculto, el modelo no aparece en ninguna tienda."
          />
          <SwitchField
            label="De baja"
            checked={form.isDown}
            onChange={(isDown) => set({ isDown })}
            hint="Retira el modelo temporalmente, por ejemplo sin existencias."
          />
          <StoreChecklist
            stores={stores}
            selected={form.stores}
            onChange={(selected) => set({ stores: selected })}
          />
        </section>
        <section className="admin-card admin-form" aria-labelledby={`${id}-images`}>
          <h2 id={`${id}-images`} className="admin-card__title">
            Imágenes
          </h2>
          <ImageField
            label="Plantilla de la funda"
            kind="template"
            value={form.template}
            onChange={(template) => set({ template })}
            alt="Plantilla de la funda"
            hint="PNG con transparencia: transparente donde va la foto, blanco alrededor y el contorno dibujado. Hasta 10 MB."
            preview={
              form.template ? (
                <TemplatePreview templateUri={form.template} />
              ) : (
                <div className="admin-image-field__empty admin-image-field__empty--tall">Sin plantilla</div>
              )
            }
          />
          <ImageField
            label="Imagen del modelo"
            kind="model-image"
            value={form.image}
            onChange={(image) => set({ image })}
            alt={`Funda para ${form.name || 'el modelo'}`}
            hint="La que ven los clientes en la lista de modelos. PNG, JPEG o WebP de hasta 10 MB."
          />
          <details className="admin-details" open={!model?.outline && Boolean(model)}>
            <summary>Medidas del móvil para imprimir (mm)</summary>
            <p className="admin-hint">
              Sin medidas no se puede generar el archivo de impresión de los pedidos de este modelo.
            </p>
            <div className="admin-outline-grid">
              {OUTLINE_FIELDS.map(([key, label]) => (
                <TextField
                  key={key}
                  label={label}
                  value={form.outline[key]}
                  inputMode="decimal"
                  autoComplete="off"
                  onChange={(value) => set({ outline: { ...form.outline, [key]: value } })}
                />
              ))}
            </div>
          </details>
        </section>
      </div>
      <div className="admin-form__actions admin-form__actions--sticky">
        <button type="submit" className="admin-button admin-button--primary" disabled={action.busy !== null}>
          {action.busy === 'save' ? 'Guardando…' : model ? 'Guardar cambios' : 'Crear modelo'}
        </button>
        <Link to={paths.admin.models} className="admin-button admin-button--ghost">
          Volver a los modelos
        </Link>
        {model && (
          <button
            type="button"
            className="admin-button admin-button--danger-ghost admin-form__end"
            disabled={action.busy !== null}
            onClick={() => setConfirmDelete(true)}
          >
            Eliminar modelo
          </button>
        )}
      </div>
      <Dialog
        open={confirmDelete}
        title={`¿Eliminar el modelo ${model?.name ?? ''}?`}
        confirmLabel="Eliminar modelo"
        tone="danger"
        busy={action.busy !== null}
        onConfirm={remove}
        onClose={() => setConfirmDelete(false)}
      >
        <p>
          Solo se puede eliminar un modelo que no esté en ningún pedido. Para retirarlo basta con ocultarlo.
        </p>
      </Dialog>
    </form>
  );
}

/** `/admin/modelos/nuevo` (`?brand=` preselects the brand) and `/admin/modelos/:modelId`. */
export function ModelFormPage() {
  const modelId = Number(useParams().modelId ?? 0);
  const model = useResource(`model:${modelId}`, (signal) =>
    modelId ? getModel(modelId, signal) : Promise.resolve(null),
  );
  const brands = useResource('brands', getBrands);
  const stores = useResource('stores', (signal) => getStores(undefined, signal));
  const [params] = useSearchParams();
  const failed = [model, brands, stores].find((r) => r.status === 'error');
  const ready = brands.data !== null && stores.data !== null && (!modelId || model.data !== null);
  const title = modelId ? (model.data?.name ?? 'Modelo') : 'Nuevo modelo';

  return (
    <>
      <PageHeader title={title} eyebrow={model.data ? `Modelos · ${model.data.brand.name}` : 'Modelos'} />
      {failed && <LoadState status="error" error={failed.error} hasData={false} onRetry={failed.reload} />}
      {!failed && !ready && (
        <LoadState status="loading" error={null} hasData={false} onRetry={model.reload} />
      )}
      {!failed && ready && brands.data && stores.data && (
        <ModelForm
          key={modelId}
          model={model.data}
          brands={brands.data}
          stores={stores.data}
          initialBrand={params.get('brand') ?? ''}
          onSaved={model.replace}
        />
      )}
    </>
  );
}
