import { brandUrl } from '@shop/contracts/api-urls';
import type { Brand } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import { useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest, isAbort } from '@/lib/api-client';
import { forgetPageData, peekPageData } from '@/lib/page-data';

export const getBrand = (brandId: number, signal?: AbortSignal): Promise<Brand> =>
  apiRequest<Brand>(brandUrl(brandId), { signal });

export type BrandState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; brand: Brand };

/** The brand of the models screen; a missing, unknown or hidden brand is "not found". */
export function useBrand(brandId: number | null): BrandState {
  const [state, setState] = useState<BrandState>(() => {
    const brand = brandId === null ? undefined : peekPageData<Brand>(brandUrl(brandId));
    return brand ? { status: 'ready', brand } : { status: 'loading' };
  });
  // The brand the first render already had: the page came with it (lib/page-data.ts).
  const early = useRef(state.status === 'ready' ? brandId : null);

  useEffect(() => {
    if (brandId === null) {
      setState({ status: 'error', message: messages.brandNotFound });
      return;
    }
    if (early.current === brandId) {
      early.current = null;
      forgetPageData(brandUrl(brandId));
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    getBrand(brandId, controller.signal).then(
      (brand) => setState({ status: 'ready', brand }),
      (error: unknown) => {
        if (isAbort(error)) return;
        const notFound = error instanceof ApiError && error.status === 404;
        setState({
          status: 'error',
          message: notFound ? messages.brandNotFound : messages.brandDetailsFailed,
        });
      },
    );
    return () => controller.abort();
  }, [brandId]);

  return state;
}
