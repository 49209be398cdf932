import { storeUrl } from '@shop/contracts/api-urls';
import type { Store } from '@shop/contracts/stores';
import { useEffect, useState } from 'react';
import { apiRequest, isAbort } from '@/lib/api-client';

export const getStore = (storeId: number, signal?: AbortSignal): Promise<Store> =>
  apiRequest<Store>(storeUrl(storeId), { signal });

export type StoreState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; store: Store };

/** The store's details, or null while there is no store id. */
export function useStore(storeId: number | null): StoreState {
  const [state, setState] = useState<StoreState>({ status: 'loading' });

  useEffect(() => {
    if (storeId === null) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getStore(storeId, controller.signal).then(
      (store) => setState({ status: 'ready', store }),
      (error: unknown) => {
        if (!isAbort(error)) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [storeId]);

  return state;
}
