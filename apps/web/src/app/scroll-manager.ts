import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll_positions';
const MAX_ENTRIES = 50;
/** How long to wait for late content (data still loading) before giving up on a target. */
const SETTLE_MS = 2500;

function loadPositions(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][];
    return new Map(saved.filter(([key, y]) => typeof key === 'string' && Number.isFinite(y)));
  } catch {
    return new Map();
  }
}

function savePositions(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_ENTRIES)));
  } catch {
    // Without storage, positions are only kept until the page is reloaded.
  }
}

/**
 * Retries `attempt` on every frame until it succeeds, SETTLE_MS pass, or the visitor starts to
 * scroll on their own. Returns a cancel function.
 */
function untilSettled(attempt: () => boolean, onTimeout?: () => void): () => void {
  const deadline = performance.now() + SETTLE_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(type, stop);
  };
  const tick = () => {
    if (attempt()) return stop();
    if (performance.now() > deadline) {
      stop();
      return onTimeout?.();
    }
    frame = requestAnimationFrame(tick);
  };
  for (const type of ['wheel', 'touchstart', 'keydown'] as const) {
    window.addEventListener(type, stop, { passive: true, once: true });
  }
  tick();
  return stop;
}

/** How this document was opened: a plain navigation starts fresh, a reload or Back restores. */
function documentNavigationType(): string {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type ?? 'navigate';
}

/**
 * The router gives every entry it creates a unique key, but the entry a document was opened on
 * has none ('default'): tell those apart by their URL.
 */
const entryKey = ({ key, pathname, search }: Location): string =>
  key === 'default' ? `default:${pathname}${search}` : key;

/**
 * Scroll behaviour of a multi-page site for the SPA: a new page starts at the top (and moves focus
 * to the main region for screen readers), Back, Forward and reload return to where the visitor
 * was, and a `#fragment` scrolls to that section, waiting for it while the page is still loading.
 */
export function useScrollManager(main: RefObject<HTMLElement | null>): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const activeKey = useRef(entryKey(location));
  const firstRender = useRef(true);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    positions.current ??= loadPositions();
    const map = positions.current;
    const remember = () => map.set(activeKey.current, window.scrollY);
    const persist = () => savePositions(map);
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= loadPositions();
    const key = entryKey(location);
    // From here on, scroll events belong to the new entry.
    activeKey.current = key;
    const initial = firstRender.current;
    firstRender.current = false;

    const returning = initial ? documentNavigationType() !== 'navigate' : navigationType === 'POP';
    const saved = returning ? positions.current.get(key) : undefined;
    if (saved !== undefined) {
      const maxScroll = () => document.documentElement.scrollHeight - window.innerHeight;
      return untilSettled(
        () => {
          if (maxScroll() < saved) return false;
          window.scrollTo(0, saved);
          return true;
        },
        () => window.scrollTo(0, Math.min(saved, maxScroll())),
      );
    }

    if (location.hash) {
      const id = decodeURIComponent(location.hash.slice(1));
      return untilSettled(() => {
        const target = document.getElementById(id);
        if (!target) return false;
        target.scrollIntoView({ block: 'start' });
        target.focus({ preventScroll: true });
        return true;
      });
    }

    if (initial) return undefined;
    window.scrollTo(0, 0);
    if (navigationType !== 'POP') main.current?.focus({ preventScroll: true });
    return undefined;
  }, [location, navigationType, main]);
}
