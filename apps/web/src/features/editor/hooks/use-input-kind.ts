import { useEffect, useState } from 'react';

export type InputKind = 'touch' | 'mouse';

/** What the device is first used with: a precise pointer that can hover is a mouse. */
function initialKind(): InputKind {
  try {
    return matchMedia('(hover: hover) and (pointer: fine)').matches ? 'mouse' : 'touch';
  } catch {
    return 'mouse';
  }
}

/**
 * The input the customer is using now, so hints speak of fingers or of the mouse: the device's
 * primary pointer at first, then whatever touched the page last (a laptop with a touch screen
 * switches as its user does).
 */
export function useInputKind(): InputKind {
  const [kind, setKind] = useState<InputKind>(initialKind);
  useEffect(() => {
    let timer: number | undefined;
    // After the press is over (its click delivered): a hint of another length moving the buttons
    // between pointer down and up would swallow the very click that changed the input.
    const onPointer = (event: PointerEvent) => {
      const next: InputKind = event.pointerType === 'mouse' ? 'mouse' : 'touch';
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setKind(next), 0);
    };
    window.addEventListener('pointerup', onPointer, { passive: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('pointerup', onPointer);
    };
  }, []);
  return kind;
}
