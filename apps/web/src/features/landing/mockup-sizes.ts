/**
 * Sizes of the landing's generated product pictures (scripts/build-assets.ts draws them; the page's
 * srcset offers them). The widths cover a phone's full-width picture at 1x to 3x and a desktop's
 * half-width one at 1x and 2x.
 */
export const HERO_SIZE = { width: 960, height: 800 } as const;
export const HERO_WIDTHS = [360, 540, 720, 960] as const;
/** How wide the hero shows: the page's `sizes`, and the server's preload of it. */
export const HERO_SIZES =
  '(min-width: 80rem) 36rem, (min-width: 64rem) 30rem, (min-width: 48rem) 40vw, min(90vw, 24rem)';

export const GIFT_SIZE = { width: 600, height: 600 } as const;
export const GIFT_WIDTHS = [200, 300, 400, 600] as const;
