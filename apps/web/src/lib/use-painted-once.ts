import { useEffect, useState } from 'react';

/**
 * False until the page has been painted once after the component mounted, then true. What is not
 * the page's main content can wait for it: on a slow phone network the main pictures (preloaded
 * with the page) are shown before a screenful of others starts sharing the connection with them.
 */
export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The first frame callback runs before the next paint; the second, once that paint is done.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setPainted(true));
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return painted;
}
