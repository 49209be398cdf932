/** Made by the `shop:pictures` plugin of vite.config.ts from src/assets/generated. */
declare module 'virtual:pictures' {
  interface Sources {
    avif: string;
    webp: string;
    fallback: string;
  }
  export const hero: Sources;
  export const gift: Sources;
  /** Brand mark URLs by file name: apple, samsung, xiaomi, oppo. */
  export const brandMarks: Record<string, string>;
}
