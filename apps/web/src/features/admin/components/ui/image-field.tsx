import type { CatalogueImage, CatalogueImageKind } from '@shop/contracts/admin';
import { type ReactNode, useId, useRef } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { uploadCatalogueImage } from '../../api/upload-catalogue-image';
import { useAction } from '../../hooks/use-action';

interface ImageFieldProps {
  label: string;
  kind: CatalogueImageKind;
  /** The image's URI, or null for none. */
  value: string | null;
  onChange: (uri: string | null, image: CatalogueImage | null) => void;
  /** Alternative text of the thumbnail. */
  alt: string;
  hint?: string;
  /** Shown instead of the thumbnail (the template's preview). */
  preview?: ReactNode;
  /** What is wrong with the field as it stands ("a public model needs its template"). */
  error?: string | null;
  /** Shown, not changed (the store's own staff see their store's picture). */
  readOnly?: boolean;
}

/** Uploads a catalogue image as soon as it is picked, and shows what is stored. */
export function ImageField({
  label,
  kind,
  value,
  onChange,
  alt,
  hint,
  preview,
  error,
  readOnly,
}: ImageFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useAction();

  async function pick(file: File | undefined) {
    if (!file) return;
    const result = await upload.run('upload', () => uploadCatalogueImage(kind, file));
    if (result.ok) onChange(result.value.uri, result.value);
    // The same file may be picked again after a refusal.
    if (input.current) input.current.value = '';
  }

  return (
    <fieldset className="admin-image-field">
      <legend className="admin-label">{label}</legend>
      <div className="admin-image-field__body">
        {preview ??
          (value ? (
            <img className="admin-image-field__thumb" src={value} alt={alt} />
          ) : (
            <div className="admin-image-field__empty">Sin imagen</div>
          ))}
        {!readOnly && (
          <div className="admin-image-field__controls">
            <label htmlFor={id} className="admin-button admin-button--secondary admin-file-button">
              {value ? 'Cambiar imagen' : 'Subir imagen'}
              <span className="visually-hidden">: {label}</span>
            </label>
            <input
              ref={input}
              id={id}
              className="admin-file-input"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              aria-describedby={
                [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim() || undefined
              }
              aria-invalid={error ? true : undefined}
              disabled={upload.busy !== null}
              onChange={(event) => pick(event.target.files?.[0])}
            />
            {value && (
              <button
                type="button"
                className="admin-button admin-button--ghost"
                onClick={() => onChange(null, null)}
              >
                Quitar imagen
              </button>
            )}
            {hint && (
              <p id={`${id}-hint`} className="admin-hint">
                {hint}
              </p>
            )}
            {upload.busy && <Spinner inline label="Subiendo imagen…" />}
          </div>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="admin-field-error">
          {error}
        </p>
      )}
      {upload.error && <Alert>{upload.error}</Alert>}
    </fieldset>
  );
}
