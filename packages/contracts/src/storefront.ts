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

/** A numeric id from a page's path (`/models/3`) or a cookie: a positive integer as written, else null. */
export const parseRouteId = (value: string | undefined): number | null =>
  value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null;

/** The parameter of a page path of the route `{first}/:param` (`/models/3`), else null. */
function pathParameter(pathname: string, first: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length !== 2 || segments[0] !== first) return null;
  try {
    return decodeURIComponent(segments[1]!);
  } catch {
    return null;
  }
}

/** The brand of a models page path (`/models/3`, the route `models/:brandId`), else null. */
export const modelsPageBrand = (pathname: string): number | null =>
  parseRouteId(pathParameter(pathname, 'models') ?? undefined);

/** The store link's code of a store homepage path (the route `store/:encodedUrl`), else null. */
export const storePageCode = (pathname: string): string | null => pathParameter(pathname, 'store') || null;

/**
 * The cookie that tells the server the visitor's store (the tab's `store_id`, set with it when a
 * store is entered), so that the models page comes with its first screen (apps/server/src/plugins/
 * page-html.ts). Only a store's number: nothing about the visitor.
 */
export const STORE_COOKIE = 'store_id';

/** The id of the HTML block holding the answers a page came with (the storefront's lib/page-data.ts). */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * A model card's picture (the models page), for the card and for the server, which preloads the
 * first row's pictures with the page's HTML: the same widths and sizes make the browser pick the
 * same file, so it uses the preloaded one. A card is 6.5 to 8 rem wide; these widths cover 1x to 3x
 * screens.
 */
export const MODEL_PICTURE_WIDTHS = [160, 240, 320, 480] as const satisfies readonly PictureWidth[];
export const MODEL_PICTURE_SIZES = '(min-width: 48rem) 8rem, 6.5rem';
/**
 * The first row of cards: the page's largest pictures, fetched before anything else; the other
 * cards' pictures wait until the page has been painted once.
 */
export const PRIORITY_MODEL_PICTURES = 2;

/** Route slugs of the static pages (docs/product.md §2.16). */
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
