import { useMemo, useState } from 'react';

export interface SortState<K extends string> {
  key: K;
  direction: 'ascending' | 'descending';
}

const collator = new Intl.Collator('es-ES', { numeric: true, sensitivity: 'base' });

/** Sorts a list that is already loaded whole by one of its columns (clicking a header toggles the direction). */
export function useSorted<T, K extends string>(
  items: readonly T[],
  columns: Record<K, (item: T) => string | number>,
  initial: SortState<NoInfer<K>>,
) {
  const [sort, setSort] = useState<SortState<K>>(initial);
  const sorted = useMemo(() => {
    const value = columns[sort.key];
    const factor = sort.direction === 'ascending' ? 1 : -1;
    return [...items].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      const order =
        typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
      return order * factor;
    });
  }, [items, columns, sort]);
  const toggle = (key: K) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: 'ascending' },
    );
  return { sorted, sort, toggle };
}
