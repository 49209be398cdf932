import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';

interface DialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The confirming button's text ("Cancelar pedido", "Guardar"...). */
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' for what cannot be undone. */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A modal dialog on the native <dialog>: the browser traps focus, Escape closes it and focus goes
 * back where it was. Its content is a form, so Enter confirms and fields validate natively.
 */
export function Dialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Volver',
  tone = 'primary',
  busy = false,
  onConfirm,
  onClose,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };

  return (
    <dialog ref={ref} className="admin-dialog" aria-labelledby={titleId} onClose={onClose}>
      <form className="admin-dialog__form" onSubmit={submit}>
        <h2 id={titleId} className="admin-dialog__title">
          {title}
        </h2>
        <div className="admin-dialog__body">{children}</div>
        <div className="admin-dialog__actions">
          <button
            type="button"
            className="admin-button admin-button--ghost"
            onClick={onClose}
            disabled={busy}
          >
            {cancelLabel}
          </button>
          <button
            type="submit"
            className={`admin-button admin-button--${tone === 'danger' ? 'danger' : 'primary'}`}
            disabled={busy}
          >
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
