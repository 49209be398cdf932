import { type MouseEvent, useCallback, useEffect, useRef } from 'react';

/**
 * A native modal <dialog> opened on mount: focus stays inside, the page behind is inert and Escape
 * closes it. A tap on the backdrop lands on the <dialog> itself (its content fills it) and closes
 * it too. Not closed on unmount: leaving the DOM ends the modal state, and a close() then would
 * report a close nobody asked for.
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (element && !element.open) element.showModal();
  }, []);
  const close = useCallback(() => ref.current?.close(), []);
  const onBackdropClick = useCallback(
    (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget) close();
    },
    [close],
  );
  return { ref, close, onBackdropClick };
}
