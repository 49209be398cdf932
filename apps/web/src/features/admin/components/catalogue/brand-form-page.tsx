import type { Brand, BrandInput } from '@shop/contracts/catalogue';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { createBrand } from '../../api/create-brand';
import { deleteBrand } from '../../api/delete-brand';
import { getBrand } from '../../api/get-brand';
import { updateBrand } from '../../api/update-brand';
import { useAction } from '../../hooks/use-action';
import { useResource } from '../../hooks/use-resource';
import { Dialog } from '../ui/dialog';
import { ImageField } from '../ui/image-field';
import { LoadState } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { SwitchField } from '../ui/switch-field';
import { TextField } from '../ui/text-field';

const EMPTY: BrandInput = { name: '', imageURI: null, down: false, isPublic: true };

const toInput = (brand: Brand): BrandInput => ({
  name: brand.name,
  imageURI: brand.imageURI,
  down: brand.down,
  isPublic: brand.isPublic,
});

interface BrandFormProps {
  /** The stored brand, null for a new one. */
  brand: Brand | null;
  onSaved: (brand: Brand) => void;
}

function BrandForm({ brand, onSaved }: BrandFormProps) {
  const navigate = useNavigate();
  const action = useAction();
  const [input, setInput] = useState<BrandInput>(brand ? toInput(brand) : EMPTY);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [inUse, setInUse] = useState(false);
  const set = (changes: Partial<BrandInput>) => setInput((current) => ({ ...current, ...changes }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = { ...input, name: input.name.trim() };
    if (brand) {
      const result = await action.run('save', () => updateBrand(brand.id, body), 'Marca guardada.');
      if (result.ok) {
        setInput(toInput(result.value));
        onSaved(result.value);
      }
    } else {
      const result = await action.run('save', () => createBrand(body), 'Marca creada.');
      if (result.ok) navigate(paths.admin.brand(result.value.id), { replace: true });
    }
  }

  async function remove() {
    if (!brand) return;
    const result = await action.run('delete', () => deleteBrand(brand.id), 'Marca eliminada.');
    setConfirmDelete(false);
    if (result.ok) navigate(paths.admin.brands);
    else setInUse(result.error instanceof ApiError && result.error.code === 'IN_USE');
  }

  async function hide() {
    if (!brand) return;
    const result = await action.run(
      'hide',
      () => updateBrand(brand.id, { ...toInput(brand), isPublic: false }),
      'Marca ocultada.',
    );
    if (result.ok) {
      setInput((current) => ({ ...current, isPublic: false }));
      setInUse(false);
      onSaved(result.value);
    }
  }

  return (
    <form className="admin-form admin-card" onSubmit={save}>
      {action.error && (
        <Alert>
          <p>{action.error}</p>
          {inUse && input.isPublic && (
            <button
              type="button"
              className="admin-link-button"
              onClick={hide}
              disabled={action.busy !== null}
            >
              Ocultar la marca en su lugar
            </button>
          )}
        </Alert>
      )}
      <TextField
        label="Nombre"
        value={input.name}
        onChange={(name) => set({ name })}
        required
        maxLength={60}
      />
      <ImageField
        label="Imagen de la marca"
        kind="brand-image"
        value={input.imageURI}
        onChange={(imageURI) => set({ imageURI })}
        alt={`Logotipo de ${input.name || 'la marca'}`}
        hint="PNG, JPEG o WebP de hasta 10 MB. Mejor un logotipo sobre fondo transparente."
      />
      <SwitchField
        label="Visible para los clientes"
        checked={input.isPublic}
        onChange={(isPublic) => set({ isPublic })}
        hint="Oculta, la marca no aparece en ninguna tienda."
      />
      <SwitchField
        label="De baja"
        checked={input.down}
        onChange={(down) => set({ down })}
        hint="Retira la marca temporalmente sin cambiar su visibilidad."
      />
      <div className="admin-form__actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={action.busy !== null}>
          {action.busy === 'save' ? 'Guardando…' : brand ? 'Guardar cambios' : 'Crear marca'}
        </button>
        <Link to={paths.admin.brands} className="admin-button admin-button--ghost">
          Volver a las marcas
        </Link>
        {brand && (
          <button
            type="button"
            className="admin-button admin-button--danger-ghost admin-form__end"
            disabled={action.busy !== null}
            onClick={() => setConfirmDelete(true)}
          >
            Eliminar marca
          </button>
        )}
      </div>
      <Dialog
        open={confirmDelete}
        title={`¿Eliminar la marca ${brand?.name ?? ''}?`}
        confirmLabel="Eliminar marca"
        tone="danger"
        busy={action.busy !== null}
        onConfirm={remove}
        onClose={() => setConfirmDelete(false)}
      >
        <p>Solo se puede eliminar una marca sin modelos. Para retirarla de la tienda basta con ocultarla.</p>
      </Dialog>
    </form>
  );
}

/** `/admin/marcas/nueva` and `/admin/marcas/:brandId`. */
export function BrandFormPage() {
  const brandId = Number(useParams().brandId ?? 0);
  const brand = useResource(`brand:${brandId}`, (signal) =>
    brandId ? getBrand(brandId, signal) : Promise.resolve(null),
  );
  const title = brandId ? (brand.data ? brand.data.name : 'Marca') : 'Nueva marca';
  return (
    <>
      <PageHeader title={title} eyebrow="Marcas" />
      <LoadState
        status={brand.status}
        error={brand.error}
        hasData={brand.data !== null || !brandId}
        onRetry={brand.reload}
      />
      {brand.status !== 'error' && (!brandId || brand.data) && (
        <BrandForm key={brandId} brand={brand.data} onSaved={brand.replace} />
      )}
    </>
  );
}
