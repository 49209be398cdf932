import type { Brand } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import { useEffect, useState } from 'react';
import { isAbort } from '@/lib/api-client';
import { displayMessage, orFail } from '@/lib/errors';
import { getStoreBrands } from '../api/get-brands';

export interface BrandWithModels extends Brand {
  /** How many visible models the store offers for this brand. */
  modelCount: number;
}

export type StoreBrands =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; brands: BrandWithModels[] };

/**
 * The brands a store can sell (docs/product.md §4.2): public brands that are not down, each with the
 * store's visible models, leaving out brands without any.
 */
async function loadStoreBrands(storeId: number, signal: AbortSignal): Promise<BrandWithModels[]> {
  // One call: each brand comes with the number of models the store offers of it.
  const brands = await orFail(getStoreBrands(storeId, signal), messages.brandsLoadFailed);
  return brands
    .filter((brand) => brand.isPublic && !brand.down)
    .map((brand) => ({ ...brand, modelCount: brand.modelCount ?? 0 }))
    .filter((brand) => brand.modelCount > 0);
}

export function useStoreBrands(storeId: number): StoreBrands {
  const [state, setState] = useState<StoreBrands>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    loadStoreBrands(storeId, controller.signal).then(
      (brands) => setState({ status: 'ready', brands }),
      (error: unknown) => {
        if (!isAbort(error))
          setState({ status: 'error', message: displayMessage(error, messages.brandsLoadFailed) });
      },
    );
    return () => controller.abort();
  }, [storeId]);

  return state;
}
