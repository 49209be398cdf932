import type { Origin, Store, StoreInput } from '@shop/contracts/stores';
import { type FormEvent, useId, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { createStore } from '../../api/create-store';
import { deleteStore } from '../../api/delete-store';
import { getStore } from '../../api/get-store';
import { getStoreLink } from '../../api/get-store-link';
import { updateStore } from '../../api/update-store';
import { useAction } from '../../hooks/use-action';
import { useResource } from '../../hooks/use-resource';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { Dialog } from '../ui/dialog';
import { ImageField } from '../ui/image-field';
import { LoadState } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { PriceInput } from '../ui/price-input';
import { SwitchField } from '../ui/switch-field';
import { TextField } from '../ui/text-field';

interface FormState extends Omit<StoreInput, 'shipping'> {
  shipping: number | null;
}

const EMPTY: FormState = {
  name: '',
  address: '',
  postalCode: '',
  town: '',
  province: 'Málaga',
  image: null,
  down: false,
  shipping: 5,
};

const fromStore = ({ id: _id, ...store }: Store): FormState => store;

/** The store's customer link and in-store screen link, ready to copy. */
function StoreLinks({ storeId }: { storeId: number }) {
  const notify = useToast();
  const id = useId();
  const links = useResource(`store-links:${storeId}`, async (signal) => {
    const code = (origin: Origin) => getStoreLink(storeId, origin, signal).then((r) => r.urlCode);
    const [customer, screen] = await Promise.all([code('false'), code('screen')]);
    const url = (urlCode: string) => `${window.location.origin}${paths.store(urlCode)}`;
    return { customer: url(customer), screen: url(screen) };
  });
  const rows: [string, string | undefined][] = [
    ['Enlace para clientes', links.data?.customer],
    ['Enlace para la pantalla de la tienda', links.data?.screen],
  ];

  async function copy(url: string) {
    await navigator.clipboard.writeText(url);
    notify('Enlace copiado.');
  }

  return (
    <section className="admin-card admin-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-card__title">
        Enlaces de la tienda
      </h2>
      <LoadState
        status={links.status}
        error={links.error}
        hasData={links.data !== null}
        onRetry={links.reload}
      />
      {links.data &&
        rows.map(([label, url], index) => (
          <div key={label} className="admin-field">
            <label className="admin-label" htmlFor={`${id}-${index}`}>
              {label}
            </label>
            <div className="admin-copy">
              <input id={`${id}-${index}`} className="admin-input" readOnly value={url} />
              <button
                type="button"
                className="admin-button admin-button--secondary"
                onClick={() => url && copy(url)}
              >
                Copiar
                <span className="visually-hidden"> {label.toLowerCase()}</span>
              </button>
            </div>
          </div>
        ))}
    </section>
  );
}

interface StoreFormProps {
  store: Store | null;
  onSaved: (store: Store) => void;
}

function StoreForm({ store, onSaved }: StoreFormProps) {
  const { user } = useSession();
  const navigate = useNavigate();
  const action = useAction();
  const [form, setForm] = useState<FormState>(store ? fromStore(store) : EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [inUse, setInUse] = useState(false);
  const set = (changes: Partial<FormState>) => setForm((current) => ({ ...current, ...changes }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (form.shipping === null)
      return setProblem('Indique el coste del envío a domicilio, por ejemplo 5,00.');
    const input: StoreInput = {
      ...form,
      name: form.name.trim(),
      address: form.address.trim(),
      town: form.town.trim(),
      province: form.province.trim(),
      shipping: form.shipping,
    };
    if (store) {
      const result = await action.run('save', () => updateStore(store.id, input), 'Tienda guardada.');
      if (result.ok) onSaved(result.value);
    } else {
      const result = await action.run('save', () => createStore(input), 'Tienda creada.');
      if (result.ok) navigate(paths.admin.store(result.value.id), { replace: true });
    }
  }

  async function remove() {
    if (!store) return;
    const result = await action.run('delete', () => deleteStore(store.id), 'Tienda eliminada.');
    setConfirmDelete(false);
    if (result.ok) navigate(paths.admin.stores);
    else setInUse(result.error instanceof ApiError && result.error.code === 'IN_USE');
  }

  async function takeDown() {
    if (!store) return;
    const result = await action.run(
      'down',
      () => updateStore(store.id, { ...fromStore(store), down: true, shipping: store.shipping }),
      'Tienda dada de baja.',
    );
    if (result.ok) {
      set({ down: true });
      setInUse(false);
      onSaved(result.value);
    }
  }

  const error = problem ?? action.error;
  return (
    <form className="admin-card admin-form" onSubmit={save}>
      {error && (
        <Alert>
          <p>{error}</p>
          {inUse && store && !store.down && (
            <button
              type="button"
              className="admin-link-button"
              onClick={takeDown}
              disabled={action.busy !== null}
            >
              Dar de baja la tienda en su lugar
            </button>
          )}
        </Alert>
      )}
      <TextField
        label="Nombre"
        value={form.name}
        onChange={(name) => set({ name })}
        required
        maxLength={120}
      />
      <TextField
        label="Dirección"
        value={form.address}
        onChange={(address) => set({ address })}
        required
        maxLength={200}
        autoComplete="street-address"
      />
      <div className="admin-form__row">
        <TextField
          label="Código postal"
          value={form.postalCode}
          onChange={(postalCode) => set({ postalCode })}
          required
          inputMode="numeric"
          pattern="\d{5}"
          maxLength={5}
          title="Cinco cifras"
        />
        <TextField
          label="Localidad"
          value={form.town}
          onChange={(town) => set({ town })}
          required
          maxLength={100}
        />
        <TextField
          label="Provincia"
          value={form.province}
          onChange={(province) => set({ province })}
          required
          maxLength={100}
        />
      </div>
      <PriceInput
        label="Envío a domicilio"
        value={form.shipping}
        onChange={(shipping) => set({ shipping })}
        required
        hint="Lo que paga el cliente por recibir la funda en casa, IVA incluido."
      />
      <ImageField
        label="Foto de la tienda"
        kind="store-image"
        value={form.image}
        onChange={(image) => set({ image })}
        alt={`Fachada de ${form.name || 'la tienda'}`}
        hint="Se muestra al elegir la tienda. PNG, JPEG o WebP de hasta 10 MB."
      />
      <SwitchField
        label="De baja"
        checked={form.down}
        onChange={(down) => set({ down })}
        hint="Una tienda de baja no aparece en la selección de tienda ni acepta pedidos nuevos."
      />
      <div className="admin-form__actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={action.busy !== null}>
          {action.busy === 'save' ? 'Guardando…' : store ? 'Guardar cambios' : 'Crear tienda'}
        </button>
        {user.role === 'admin' && (
          <Link to={paths.admin.stores} className="admin-button admin-button--ghost">
            Volver a las tiendas
          </Link>
        )}
        {store && user.role === 'admin' && (
          <button
            type="button"
            className="admin-button admin-button--danger-ghost admin-form__end"
            disabled={action.busy !== null}
            onClick={() => setConfirmDelete(true)}
          >
            Eliminar tienda
          </button>
        )}
      </div>
      <Dialog
        open={confirmDelete}
        title={`¿Eliminar la tienda ${store?.name ?? ''}?`}
        confirmLabel="Eliminar tienda"
        tone="danger"
        busy={action.busy !== null}
        onConfirm={remove}
        onClose={() => setConfirmDelete(false)}
      >
        <p>Solo se puede eliminar una tienda sin pedidos ni personal. Si no, dela de baja.</p>
      </Dialog>
    </form>
  );
}

/** `/admin/tiendas/nueva` (admin) and `/admin/tiendas/:storeId` (admin, or the clerk's own store). */
export function StoreFormPage() {
  const { user } = useSession();
  const storeId = Number(useParams().storeId ?? 0);
  const store = useResource(`store:${storeId}`, (signal) =>
    storeId ? getStore(storeId, signal) : Promise.resolve(null),
  );
  if (user.role !== 'admin' && storeId !== user.storeId) {
    return <Navigate to={user.storeId ? paths.admin.store(user.storeId) : paths.admin.orders} replace />;
  }
  const title = storeId ? (store.data?.name ?? 'Tienda') : 'Nueva tienda';
  return (
    <>
      <PageHeader title={title} eyebrow={user.role === 'admin' ? 'Tiendas' : 'Mi tienda'} />
      <LoadState
        status={store.status}
        error={store.error}
        hasData={store.data !== null || !storeId}
        onRetry={store.reload}
      />
      {store.status !== 'error' && (!storeId || store.data) && (
        <div className="admin-two-columns">
          <StoreForm key={storeId} store={store.data} onSaved={store.replace} />
          {storeId > 0 && <StoreLinks storeId={storeId} />}
        </div>
      )}
    </>
  );
}
