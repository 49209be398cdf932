import { useCallback, useRef, useState } from 'react';
import { forgetPageData, peekPageData } from './page-data';

/**
 * A screen's first state from the page's answer: `answer` is what the page came with for `url` at
 * the first render (undefined without one); in the screen's effect, `usedFirst(url)` is true once,
 * for that same url, and forgets the answer: the effect then does not ask for what the first render
 * already showed. (A render may run twice: the answer is only forgotten once the screen is mounted.)
 */
export function usePageAnswer<T>(url: string | null): {
  answer: T | undefined;
  usedFirst: (url: string) => boolean;
} {
  const [answer] = useState(() => (url === null ? undefined : peekPageData<T>(url)));
  const pending = useRef(answer === undefined ? null : url);
  const usedFirst = useCallback((current: string) => {
    if (pending.current !== current) return false;
    pending.current = null;
    forgetPageData(current);
    return true;
  }, []);
  return { answer, usedFirst };
}
