import type { Model } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import { parseRouteId } from '@shop/contracts/storefront';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ModelsBrowser } from '@/features/catalogue/components/models-browser';
import { createOrder } from '@/features/checkout/api/create-order';
import { useStore } from '@/features/stores/api/get-store';
import type { StoreSelectionState } from '@/features/stores/components/store-selection';
import { getSessionValue, removeSessionValues, setSessionValue } from '@/lib/session';

/** `/models/:brandId`: the brand's models in the session's store; picking one creates the order. */
export function ModelsRoute() {
  const navigate = useNavigate();
  const brandId = parseRouteId(useParams().brandId);
  const [storeId] = useState(() => getSessionValue('store_id'));
  const [storeHref] = useState(() => paths.store(getSessionValue('store_url')));
  const store = useStore(storeId);
  const [creatingId, setCreatingId] = useState<number | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);

  useEffect(() => {
    if (storeId === null) {
      navigate(paths.store(), {
        replace: true,
        state: { notice: messages.storeNotFound } satisfies StoreSelectionState,
      });
    }
  }, [storeId, navigate]);

  if (storeId === null) return null;

  async function pick(model: Model) {
    if (store.status !== 'ready') {
      setPickError(messages.storeNotLoaded);
      return;
    }
    setCreatingId(model.id);
    setPickError(null);
    try {
      const order = await createOrder({
        storeId: store.store.id,
        brandId: model.brand.id,
        modelId: model.id,
        origin: getSessionValue('from_url') ?? 'false',
      });
      // A new order starts with no choice made: an earlier order's delivery or payment is not this one's.
      removeSessionValues('payment_method', 'delivery_method');
      setSessionValue('order_id', order.id);
      navigate(paths.editorModel);
    } catch {
      setPickError(messages.orderCreateFailed);
      setCreatingId(null);
    }
  }

  return (
    <ModelsBrowser
      brandId={brandId}
      storeId={storeId}
      storeHref={storeHref}
      onPick={pick}
      creatingId={creatingId}
      pickError={pickError}
    />
  );
}
