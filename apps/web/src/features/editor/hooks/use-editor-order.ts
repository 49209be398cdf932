import type { PxSize } from '@shop/case-geometry/outline';
import { coverTransform, type DesignTransform } from '@shop/case-geometry/transform';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import { useEffect, useState } from 'react';
import { isAbort } from '@/lib/api-client';
import { getModelOutline } from '../api/get-model-outline';
import { getOrder } from '../api/get-order';
import { closePhoto, loadPhoto, type PhotoSource } from '../lib/photo-source';
import { parseTransform, readStoredTransform } from '../lib/stored-transform';
import { loadTemplateLayer, type TemplateLayer } from '../lib/template-layer';

export interface EditorSession {
  order: Order & { image: string };
  photo: PhotoSource;
  /**
   * The photo's size for the geometry: the ORIGINAL's (what the server checks coverage against and
   * prints from), so a placement that covers here covers there too; the editor's smaller copy may
   * round its aspect ratio by a fraction of a pixel.
   */
  geometry: PxSize;
  template: TemplateLayer;
  /** The case's real width, for the print-quality warning; null when the model has no outline. */
  caseWidthMm: number | null;
  /** Where the photo starts: as the customer left it, or 'fit to template'. */
  initialTransform: DesignTransform;
  /** True when nothing was restored, so the editor fits the photo once it is on screen. */
  fitOnLoad: boolean;
}

export type EditorLoadState =
  | { status: 'loading' }
  /** `brandId`: the model cannot be designed; the customer chooses another of that brand. */
  | { status: 'error'; message: string; brandId?: number }
  /** The order is placed (details confirmed or later): its design is what will be printed. */
  | { status: 'locked'; order: Order }
  | { status: 'ready'; session: EditorSession };

/** The states in which the design may still change (the server says the same, 409 otherwise). */
const EDITABLE = new Set<Order['status']>(['created', 'image_uploaded', 'design_confirmed']);

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
      if (!EDITABLE.has(order.status)) {
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
        const [photo, layer, outline] = await Promise.all([
          loadPhoto(image, signal),
          loadTemplateLayer(template, signal),
          // Only the warning needs the outline: the editor works without it.
          getModelOutline(order.model.id, signal).catch(() => null),
        ]);
        const restored = readStoredTransform(orderId, image) ?? parseTransform(order.designTransform);
        const geometry = order.imageSize ?? photo.size;
        loaded = {
          order: { ...order, image },
          photo,
          geometry,
          template: layer,
          caseWidthMm: outline?.widthMm ?? null,
          initialTransform: restored ?? coverTransform(geometry, layer.size),
          fitOnLoad: restored === null,
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
  closePhoto(session.photo);
  session.template.bitmap.close();
}
