import type { PhoneOutline } from '@shop/case-geometry/outline';
import type { ModelCaseType } from '@shop/contracts/case-types';
import { messages } from '@shop/contracts/messages';
import { isDesignOpen } from '@shop/contracts/order-lifecycle';
import type { Order } from '@shop/contracts/orders';
import { emptyScene, type Scene } from '@shop/contracts/scene';
import { useEffect, useState } from 'react';
import { isAbort } from '@/lib/api-client';
import { getModelOutline } from '../api/get-model-outline';
import { getOrder } from '../api/get-order';
import { PhotoLibrary } from '../lib/photo-library';
import { loadPhoto } from '../lib/photo-source';
import { readStoredTransform } from '../lib/stored-transform';
import { loadTemplateLayer, type TemplateLayer } from '../lib/template-layer';

export interface EditorSession {
  order: Order & { image: string };
  /** The order's photos as the editor draws them; the scene's photos are loaded before it opens. */
  library: PhotoLibrary;
  template: TemplateLayer;
  /** The phone's outline (mock-up, camera warning, print-quality warning); null when the model has none. */
  outline: PhoneOutline | null;
  /** The case types the model is sold in here, the default first; empty when they could not be read. */
  caseTypes: ModelCaseType[];
  /** Where the customer starts: the draft, the confirmed design, or the order's photo. */
  initialScene: Scene;
  /** True when the first slot's placement was not restored, so the editor fits it once on screen. */
  fitOnLoad: boolean;
}

/**
 * The scene the editor opens with: the draft the customer was working on, else the design they
 * confirmed (a one-photo design of the first editor is a scene too), else a new scene with the
 * order's photo. A placement remembered in this tab (see stored-transform.ts) wins for a one-photo
 * scene of the same photo, as it did in the first editor.
 */
export function initialSceneOf(order: Order, image: string): { scene: Scene; fitOnLoad: boolean } {
  const model = order.model.id;
  const own = (scene: Scene | null) => (scene && scene.model === model ? scene : null);
  let scene = own(order.draftScene) ?? own(order.designScene) ?? emptyScene(model, image);
  // The order's photo was changed ('Cambiar foto' empties the draft's slots that held the old one):
  // the new photo takes the first empty slot, placed anew.
  const empty = scene.slots.findIndex((slot) => slot.photo === null);
  if (empty >= 0 && !scene.slots.some((slot) => slot.photo === image)) {
    scene = {
      ...scene,
      slots: scene.slots.map((slot, i) => (i === empty ? { ...slot, photo: image, transform: null } : slot)),
    };
  }
  const first = scene.slots[0];
  if (scene.layout === 'one' && first?.photo === image) {
    const stored = readStoredTransform(order.id, image);
    if (stored) scene = { ...scene, slots: [{ ...first, transform: stored }] };
  }
  return { scene, fitOnLoad: scene.layout === 'one' && !scene.slots[0]?.transform };
}

export type EditorLoadState =
  | { status: 'loading' }
  /** `brandId`: the model cannot be designed; the customer chooses another of that brand. */
  | { status: 'error'; message: string; brandId?: number }
  /** The order is placed (details confirmed or later): its design is what will be printed. */
  | { status: 'locked'; order: Order }
  | { status: 'ready'; session: EditorSession };

/**
 * Loads everything the editor needs for the session's order. An order without a photo has nothing
 * to edit: `onNoPhoto` sends the customer back to add one.
 */
export function useEditorOrder(orderId: string | null, onNoPhoto: () => void): EditorLoadState {
  const [state, setState] = useState<EditorLoadState>({ status: 'loading' });

  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    const { signal } = controller;
    let loaded: EditorSession | null = null;

    (async () => {
      let order: Order;
      try {
        order = await getOrder(orderId, signal);
      } catch (error) {
        if (!isAbort(error)) setState({ status: 'error', message: messages.orderLoadFailed });
        return;
      }
      // The server refuses a change to a closed design the same way (409 DESIGN_LOCKED).
      if (!isDesignOpen(order.status)) {
        setState({ status: 'locked', order });
        return;
      }
      const image = order.image;
      if (!image) {
        onNoPhoto();
        return;
      }
      const template = order.model.template;
      if (!template) {
        setState({ status: 'error', message: messages.modelNotDesignable, brandId: order.brand.id });
        return;
      }
      try {
        const { scene, fitOnLoad } = initialSceneOf(order, image);
        const [photo, layer, model] = await Promise.all([
          loadPhoto(image, signal),
          loadTemplateLayer(template, signal),
          // The mock-up, the warnings and the type picker need the model; the editor works without it.
          getModelOutline(order.model.id, order.store.id, signal).catch(() => null),
        ]);
        const library = new PhotoLibrary({ uri: image, photo });
        // The scene's other photos, before the first paint; one that fails shows as an empty slot.
        await Promise.all(
          scene.slots.map((slot) => (slot.photo ? library.load(slot.photo).catch(() => null) : null)),
        );
        loaded = {
          order: { ...order, image },
          library,
          template: layer,
          outline: model?.outline ?? null,
          caseTypes: model?.caseTypes ?? [],
          initialScene: scene,
          fitOnLoad,
        };
        if (signal.aborted) {
          release(loaded);
          return;
        }
        setState({ status: 'ready', session: loaded });
      } catch (error) {
        if (!signal.aborted && !isAbort(error))
          setState({ status: 'error', message: messages.orderLoadFailed });
      }
    })();

    return () => {
      controller.abort();
      if (loaded) release(loaded);
    };
  }, [orderId, onNoPhoto]);

  return state;
}

function release(session: EditorSession): void {
  session.library.close();
  session.template.bitmap.close();
}
