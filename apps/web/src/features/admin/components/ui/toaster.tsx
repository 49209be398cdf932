import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { ToastContext } from '../../hooks/use-toast';

interface Toast {
  id: number;
  text: string;
}

const VISIBLE_MS = 6000;

/** Success notices in a polite live region: they say what happened and go away on their own. */
export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  const notify = useCallback(
    (text: string) => {
      const id = ++nextId.current;
      setToasts((list) => [...list.slice(-2), { id, text }]);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, VISIBLE_MS);
      timers.current.add(timer);
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  return (
    <ToastContext.Provider value={notify}>
      {children}
      <div className="admin-toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className="admin-toast">
            <svg viewBox="0 0 24 24" className="admin-toast__icon" aria-hidden="true" focusable="false">
              <path d="m6 12.5 4 4 8-9" />
            </svg>
            <span>{toast.text}</span>
            <button type="button" className="admin-toast__close" onClick={() => dismiss(toast.id)}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">Cerrar aviso</span>
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
