import type { Order } from '@shop/contracts/orders';
import type { Scene } from '@shop/contracts/scene';
import { useEffect } from 'react';
import { getSessionValue } from '@/lib/session';
import { rememberDesignInProgress } from '../lib/design-in-progress';
import { writeStoredTransform } from '../lib/stored-transform';
import { type DraftStatus, useDraftSave } from './use-draft-save';

/**
 * Where the design is kept while the customer works on it: the order's draft on the server (while
 * `enabled`), the tab (a one-photo design, as the first editor did), and this device, so coming
 * back later offers to carry on (never on a shop's kiosk).
 */
export function useDesignMemory(
  order: Order & { image: string },
  scene: Scene,
  kiosk: boolean,
  enabled: boolean,
): DraftStatus {
  const first = scene.slots[0];
  useEffect(() => {
    if (scene.layout === 'one' && first?.photo === order.image && first.transform)
      writeStoredTransform(order.id, order.image, first.transform);
  }, [scene.layout, first, order.id, order.image]);

  const draft = useDraftSave(order.id, scene, enabled);

  useEffect(() => {
    const storeId = getSessionValue('store_id');
    const storeUrl = getSessionValue('store_url');
    if (draft === 'saved' && !kiosk && storeId !== null && storeUrl) {
      rememberDesignInProgress({ orderId: order.id, storeId, storeUrl });
    }
  }, [draft, kiosk, order.id]);
  return draft;
}
