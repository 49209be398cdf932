import { brandUrl } from '@shop/contracts/api-urls';
import type { Brand } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import { useEffect, useState } from 'react';
import { ApiError, apiRequest, isAbort } from '@/lib/api-client';
import { usePageAnswer } from '@/lib/use-page-answer';

export const getBrand = (brandId: number, signal?: AbortSignal): Promise<Brand> =>
  apiRequest<Brand>(brandUrl(brandId), { signal });

export type BrandState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; brand: Brand };

/** The brand of the models screen; a missing, unknown or hidden brand is "not found". */
export function useBrand(brandId: number | null): BrandState {
  const page = usePageAnswer<Brand>(brandId === null ? null : brandUrl(brandId));
  const [state, setState] = useState<BrandState>(() =>
    page.answer ? { status: 'ready', brand: page.answer } : { status: 'loading' },
  );

  useEffect(() => {
    if (brandId === null) {
      setState({ status: 'error', message: messages.brandNotFound });
      return;
    }
    if (page.usedFirst(brandUrl(brandId))) return;
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
  }, [brandId, page.usedFirst]);

  return state;
}
