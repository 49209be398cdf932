import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { Case3dDialogProps } from './case-3d-dialog';

// The dialog, and three.js behind it, load only when the customer asks for the 3D view.
const Case3dDialog = lazy(() =>
  import('./case-3d-dialog').then((module) => ({ default: module.Case3dDialog })),
);

export type Case3dButtonProps = Omit<Case3dDialogProps, 'onClose'> & {
  /** Class of the element holding the button (and, while the view loads, its spinner). */
  className?: string;
};

/**
 * 'Ver en 3D': opens the case's 3D view in a dialog; focus comes back to the button when it closes.
 * This file is all the page itself carries of the 3D view.
 */
export function Case3dButton({ className, ...view }: Case3dButtonProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closed = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  return (
    <div className={className}>
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Ver en 3D
      </button>
      {open && (
        <Suspense fallback={<Spinner inline label="Cargando la vista 3D…" />}>
          <Case3dDialog {...view} onClose={closed} />
        </Suspense>
      )}
    </div>
  );
}
