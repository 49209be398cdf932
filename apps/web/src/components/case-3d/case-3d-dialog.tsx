import type { PhoneOutline } from '@shop/case-geometry/outline';
import { useEffect, useId, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import '@/styles/case-3d.css';
import { CaseView } from './case-view';
import type { CaseViewProps } from './case-view-props';

/** A value the page has, or fetches when the dialog opens (the model's outline, a picture of the design). */
export type Deferred<T> = T | (() => Promise<T>);

export interface Case3dDialogProps
  extends Omit<CaseViewProps, 'outline' | 'designImageUrl' | 'flatImageUrl'> {
  outline: Deferred<PhoneOutline | null>;
  designImageUrl: Deferred<string | null>;
  flatImageUrl?: Deferred<string | null>;
  /** The dialog closed (Cerrar, Escape or a tap outside it). */
  onClose: () => void;
}

const settle = async <T,>(value: Deferred<T>, otherwise: T): Promise<T> => {
  try {
    return typeof value === 'function' ? await (value as () => Promise<T>)() : value;
  } catch {
    return otherwise;
  }
};

/**
 * 'Ver en 3D': a modal dialog with the case turning in 3D (or the flat mock-up where the browser
 * cannot draw it; the order's picture when the model has no outline). Escape, 'Cerrar' or a tap
 * outside closes it. Styles in case-3d.css, loaded with it.
 */
export function Case3dDialog({ outline, designImageUrl, flatImageUrl, onClose, ...look }: Case3dDialogProps) {
  const { ref, close, onBackdropClick } = useModalDialog();
  const titleId = useId();
  const [shown, setShown] = useState<{
    outline: PhoneOutline | null;
    design: string | null;
    flat: string | null;
  } | null>(null);
  // Fetched once, when the dialog opens: what the page shows at that moment.
  const [pending] = useState(() =>
    Promise.all([settle(outline, null), settle(designImageUrl, null), settle(flatImageUrl ?? null, null)]),
  );

  useEffect(() => {
    let current = true;
    pending.then(([o, design, flat]) => {
      if (current) setShown({ outline: o, design, flat });
    });
    return () => {
      current = false;
    };
  }, [pending]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the keyboard way to close a modal.
    <dialog
      ref={ref}
      className="case-3d"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={onBackdropClick}
    >
      <div className="case-3d__body">
        <h2 id={titleId} className="case-3d__title">
          Tu funda en 3D
        </h2>
        {!shown ? (
          <Spinner label="Preparando tu funda…" />
        ) : shown.outline ? (
          <CaseView
            outline={shown.outline}
            designImageUrl={shown.design}
            flatImageUrl={shown.flat}
            {...look}
          />
        ) : shown.flat || shown.design ? (
          <img
            className="case-3d__flat"
            src={shown.flat ?? shown.design ?? ''}
            alt="Tu funda vista por detrás"
          />
        ) : null}
        <button type="button" className="button button--secondary button--large" onClick={close}>
          Cerrar
        </button>
      </div>
    </dialog>
  );
}
