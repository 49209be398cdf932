import type { Column, ListFilter } from './resource';

/** A list's state as the address bar keeps it: filters, page and sort ("name" or "-name"). */
export interface ListQuery {
  filters: Record<string, string>;
  page: number;
  sort: string | null;
}

const positiveInt = (value: string | null): number | undefined =>
  value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;

export function readListQuery(
  params: URLSearchParams,
  filters: ListFilter[],
  defaultSort?: string,
): ListQuery {
  const values: Record<string, string> = {};
  for (const filter of filters) {
    const value = params.get(filter.name)?.trim();
    if (value) values[filter.name] = value.slice(0, 100);
  }
  return {
    filters: values,
    page: positiveInt(params.get('page')) ?? 1,
    sort: params.get('sort') ?? defaultSort ?? null,
  };
}

export function writeListQuery(query: ListQuery, defaultSort?: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query.filters)) if (value) params.set(name, value);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.sort && query.sort !== defaultSort) params.set('sort', query.sort);
  return params;
}

const collator = new Intl.Collator('es-ES', { numeric: true, sensitivity: 'base' });
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * One page of a list loaded whole: the client-side filters applied (searches ignore case and
 * accents), sorted by the column the sort names, cut to the page.
 */
export function pageOf<T>(
  rows: readonly T[],
  query: ListQuery,
  options: {
    filters: ListFilter[];
    columns: Column<T, never>[];
    searchText?: (row: T) => string;
    pageSize: number;
  },
): { items: T[]; total: number } {
  let out = [...rows];
  for (const filter of options.filters) {
    const wanted = query.filters[filter.name];
    if (!wanted || filter.where !== 'client' || !options.searchText) continue;
    const term = fold(wanted);
    out = out.filter((row) => fold(options.searchText!(row)).includes(term));
  }
  const key = query.sort?.replace(/^-/, '');
  const column = options.columns.find((c) => c.sort && c.id === key);
  if (column?.sort) {
    const value = column.sort;
    const factor = query.sort?.startsWith('-') ? -1 : 1;
    out.sort((a, b) => {
      const x = value(a);
      const y = value(b);
      const order =
        typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
      return order * factor;
    });
  }
  const start = (query.page - 1) * options.pageSize;
  return { items: out.slice(start, start + options.pageSize), total: out.length };
}

/** Clicking a column: ascending first, then the other way. */
export const nextListSort = (sort: string | null, key: string): string => (sort === key ? `-${key}` : key);

export function listSortDirection(sort: string | null, key: string): 'ascending' | 'descending' | null {
  if (sort === key) return 'ascending';
  if (sort === `-${key}`) return 'descending';
  return null;
}
