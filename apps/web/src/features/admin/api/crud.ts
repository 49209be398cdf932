import type { Query } from '@shop/contracts/api-urls';
import { apiRequest } from '@/lib/api-client';

/** A list as the back office shows it: one page of rows and how many there are in all. */
export interface ListResult<T> {
  items: T[];
  total: number;
}

/**
 * One REST shape for every resource the back office edits (stores, brands, models, staff):
 * `GET base` lists, `GET base/{id}` reads, `POST base` creates, `PUT base/{id}` updates,
 * `DELETE base/{id}` deletes (409 IN_USE while something refers to it).
 */
export interface CrudClient<T, I> {
  list(query: Query, signal?: AbortSignal): Promise<ListResult<T>>;
  get(id: number, signal?: AbortSignal): Promise<T>;
  create(input: I): Promise<T>;
  update(id: number, input: I): Promise<T>;
  remove(id: number): Promise<void>;
}

/**
 * The client of one resource. `paged` resources answer `{ items, total }` a page at a time (models);
 * the others answer the whole list as an array, which the list screen pages by itself.
 */
export function crudClient<T, I>(base: string, options: { paged?: boolean } = {}): CrudClient<T, I> {
  return {
    async list(query, signal) {
      if (options.paged) return apiRequest<ListResult<T>>(base, { query, signal });
      const items = await apiRequest<T[]>(base, { query, signal });
      return { items, total: items.length };
    },
    get: (id, signal) => apiRequest<T>(`${base}/${id}`, { signal }),
    create: (input) => apiRequest<T>(base, { method: 'POST', body: input }),
    update: (id, input) => apiRequest<T>(`${base}/${id}`, { method: 'PUT', body: input }),
    remove: (id) => apiRequest<void>(`${base}/${id}`, { method: 'DELETE' }),
  };
}
