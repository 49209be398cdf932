import { useEffect, useRef, useState } from 'react';

/**
 * Seconds left of `seconds` without a touch, a key or a click anywhere on the page; any of them
 * starts the count again. At zero `onIdle` runs once. Inactive (null) when `active` is false.
 */
export function useIdleCountdown(seconds: number, active: boolean, onIdle: () => void): number | null {
  const [left, setLeft] = useState(seconds);
  const idle = useRef(onIdle);
  useEffect(() => {
    idle.current = onIdle;
  });

  useEffect(() => {
    if (!active) return;
    let deadline = Date.now() + seconds * 1000;
    let fired = false;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0 && !fired) {
        fired = true;
        idle.current();
      }
    };
    const activity = () => {
      deadline = Date.now() + seconds * 1000;
      tick();
    };
    const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    for (const name of events) window.addEventListener(name, activity, { passive: true });
    const timer = window.setInterval(tick, 250);
    tick();
    return () => {
      window.clearInterval(timer);
      for (const name of events) window.removeEventListener(name, activity);
    };
  }, [seconds, active]);

  return active ? left : null;
}
