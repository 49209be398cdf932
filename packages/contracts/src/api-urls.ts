/**
 * The URLs of the storefront's read calls, spelt in one place. The storefront asks for them, and
 * the server writes their answers into a page's HTML under the very same URLs (the storefront's
 * lib/page-data.ts, the server's plugins/page-html.ts), so both must build them alike, down to the
 * order of the query.
 */
import { MODEL_PAGE_SIZE } from './constants.ts';

export type Query = Record<string, string | number | undefined>;

/** `path` with the query's defined, non-empty values, in the order given. */
export function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The shop's public data (company, contact): every page shows it. */
export const CONFIG_URL = '/api/config';

export const storeUrl = (storeId: number): string => `/api/stores/${storeId}`;

/** What a store link's code stands for (the store and where the visitor came from). */
export const storeCodeUrl = (encodedUrl: string): string =>
  withQuery('/api/stores/decode-url', { encodedUrl });

export const storeValidationUrl = (storeId: number): string => `/api/stores/${storeId}/validate`;

/** The brands customers may see. */
export const BRANDS_URL = '/api/brands';

/** The brands with how many models `storeId` offers of each (a store's homepage). */
export const storeBrandsUrl = (storeId: number): string => withQuery(BRANDS_URL, { store: storeId });

export const brandUrl = (brandId: number): string => `/api/brands/${brandId}`;

export interface ModelsQuery {
  store: number;
  brand: number;
  /** Search term on the model name. */
  filtro?: string;
  page?: number;
  size?: number;
}

/** One page of the models a store offers for a brand. */
export const modelsUrl = ({ store, brand, filtro, page = 1, size = MODEL_PAGE_SIZE }: ModelsQuery): string =>
  withQuery('/api/models', { store, brand, filtro, page, size });
