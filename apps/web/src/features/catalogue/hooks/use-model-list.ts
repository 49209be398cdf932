import { modelsUrl } from '@shop/contracts/api-urls';
import type { Model, ModelPage } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { isAbort } from '@/lib/api-client';
import { usePageAnswer } from '@/lib/use-page-answer';
import { getModels } from '../api/get-models';

export interface ModelList {
  items: Model[];
  total: number;
  /** Last page loaded (pages start at 1). */
  page: number;
  /** The search term the items answer to. */
  filter: string;
  status: 'loading' | 'ready' | 'loading-more' | 'error';
  error: string | null;
}

const initial: ModelList = { items: [], total: 0, page: 0, filter: '', status: 'loading', error: null };

/**
 * The store's models of a brand, searched by name and paged. Every new search aborts the request
 * before it, and a response is only used while its search is still the latest one, so a slow
 * stale answer can never replace a newer result.
 */
export function useModelList(storeId: number, brandId: number | null, search: string) {
  const filter = search.trim();
  const firstPageUrl =
    brandId === null ? null : modelsUrl({ store: storeId, brand: brandId, filtro: filter || undefined });
  const early = usePageAnswer<ModelPage>(firstPageUrl);
  const [list, setList] = useState<ModelList>(() => {
    const page = early.answer;
    return page
      ? { items: page.items, total: page.total, page: 1, filter, status: 'ready', error: null }
      : initial;
  });
  const generation = useRef(0);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    if (brandId === null || firstPageUrl === null || early.usedFirst(firstPageUrl)) return;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const id = ++generation.current;
    setList((previous) => ({ ...previous, status: 'loading', error: null }));
    getModels({ store: storeId, brand: brandId, filtro: filter || undefined }, current.signal).then(
      (page) => {
        if (id !== generation.current) return;
        // A page of cards is a large render: as a transition React slices it, and typing in the
        // search box stays responsive meanwhile (on a slow phone it was one long task).
        startTransition(() => {
          setList({ items: page.items, total: page.total, page: 1, filter, status: 'ready', error: null });
        });
      },
      (error: unknown) => {
        if (isAbort(error) || id !== generation.current) return;
        const message = filter ? messages.modelsFilterFailed : messages.modelsLoadFailed;
        setList((previous) => ({ ...previous, status: 'error', error: message }));
      },
    );
    return () => current.abort();
  }, [storeId, brandId, filter, firstPageUrl, early.usedFirst]);

  const loadMore = useCallback(() => {
    if (brandId === null || list.status !== 'ready' || list.items.length >= list.total) return;
    const id = generation.current;
    const signal = controller.current?.signal;
    const next = list.page + 1;
    setList((previous) => ({ ...previous, status: 'loading-more', error: null }));
    getModels({ store: storeId, brand: brandId, filtro: list.filter || undefined, page: next }, signal).then(
      (page) => {
        if (id !== generation.current) return;
        setList((previous) => ({
          ...previous,
          // The catalogue may change between two pages: never show a model twice.
          items: [
            ...previous.items,
            ...page.items.filter((model) => !previous.items.some((m) => m.id === model.id)),
          ],
          total: page.total,
          page: next,
          status: 'ready',
        }));
      },
      (error: unknown) => {
        if (isAbort(error) || id !== generation.current) return;
        setList((previous) => ({ ...previous, status: 'ready', error: messages.modelsLoadFailed }));
      },
    );
  }, [storeId, brandId, list]);

  return { list, loadMore };
}
