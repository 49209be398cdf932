/**
 * Small rules the storefront shows and the server serves, without zod, so a page's bundle that
 * needs one does not carry the schemas.
 */
import type { Store } from './stores.ts';

/**
 * The store on a map, as a plain link (no map script on our pages): a search for its map query or
 * its name and address, which opens the maps app on a phone.
 */
export function storeMapUrl(
  store: Pick<Store, 'name' | 'address' | 'postalCode' | 'town' | 'mapQuery'>,
): string {
  const query = store.mapQuery ?? `${store.name}, ${store.address}, ${store.postalCode} ${store.town}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** Opening hours as lines, blank ones dropped. */
export const hoursLines = (hours: string): string[] =>
  hours
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * Widths (pixels) of the resized copies of a catalogue picture (model, store, brand) the server
 * makes on request: `/api/images/<id>?w=320&fm=avif`. A fixed list, so nobody can make the server
 * encode every width there is.
 */
export const PICTURE_WIDTHS = [160, 240, 320, 480, 640, 960] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];
export const PICTURE_FORMATS = ['avif', 'webp'] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

/** `srcset` of a catalogue picture in one format at the given widths. */
export function pictureSrcSet(uri: string, format: PictureFormat, widths: readonly PictureWidth[]): string {
  return widths.map((w) => `${pictureUrl(uri, format, w)} ${w}w`).join(', ');
}

export const pictureUrl = (uri: string, format: PictureFormat, width: PictureWidth): string =>
  `${uri}?w=${width}&fm=${format}`;

/** Route slugs of the static pages (spec point 2). */
export const staticSlugs = [
  'general-conditions',
  'return-conditions',
  'return-conditions-2',
  'shipping',
  'company',
  'payments',
  'legal',
  'privacy',
  'cookies',
  'contact',
] as const;

export type StaticSlug = (typeof staticSlugs)[number];

/**
 * Pages of one visitor's order or one store's staff, never for search engines: the server sends
 * them with `X-Robots-Tag: noindex` and the pages say so too. First path segment of each.
 */
export const PRIVATE_PAGE_PREFIXES = [
  'admin',
  'editor-modelo',
  'editor-edicion',
  'pedido',
  'upload',
  'payment-success',
  'payment-failure',
  'seguimiento',
] as const;
