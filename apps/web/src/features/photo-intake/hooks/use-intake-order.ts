import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import { useCallback, useEffect, useState } from 'react';
import { isAbort } from '@/lib/api-client';
import { getOrder } from '../api/get-order';

export type IntakeOrder =
  | { status: 'loading' }
  /** `retry` is false when loading again cannot help (no order id, no model on the order). */
  | { status: 'error'; message: string; retry: boolean }
  | { status: 'ready'; order: Order };

/** The session's order for the photo screen, with the errors of docs/product.md §8.4. */
export function useIntakeOrder(orderId: string | null) {
  const [state, setState] = useState<IntakeOrder>(() =>
    orderId ? { status: 'loading' } : { status: 'error', message: messages.orderIdMissing, retry: false },
  );
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger.
  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getOrder(orderId, controller.signal).then(
      (order) => {
        // The contract always has a model; an order from an older client or a broken row may not.
        if (!order.model?.id) setState({ status: 'error', message: messages.modelNotInOrder, retry: false });
        else setState({ status: 'ready', order });
      },
      (error: unknown) => {
        if (!isAbort(error))
          setState({ status: 'error', message: messages.orderDetailsLoadFailed, retry: true });
      },
    );
    return () => controller.abort();
  }, [orderId, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
