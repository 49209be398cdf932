import { type PictureWidth, pictureSrcSet, pictureUrl } from '@shop/contracts/storefront';
import type { ResponsiveSources } from './picture';

/** The resized copies the server makes of a catalogue picture (`/api/images/<id>`). */
export function catalogueSources(uri: string, widths: readonly PictureWidth[]): ResponsiveSources {
  return {
    avif: pictureSrcSet(uri, 'avif', widths),
    webp: pictureSrcSet(uri, 'webp', widths),
    fallback: pictureUrl(uri, 'webp', widths[Math.floor((widths.length - 1) / 2)]!),
  };
}
