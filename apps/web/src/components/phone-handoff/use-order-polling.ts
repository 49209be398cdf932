import { POLL_INTERVAL_MS } from '@shop/contracts/constants';
import type { Order } from '@shop/contracts/orders';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest, isAbort } from '@/lib/api-client';

/**
 * While `active`, asks for the order every POLL_INTERVAL_MS (start to start; the next request
 * only leaves once the last one has answered) until `arrived(order)` holds (the phone's photo is
 * there), then calls `onArrived(order)` once. A failed request stops the polling until `retry`.
 * Nothing is sent after `active` turns false or the component unmounts: the timer is cleared and
 * the request in flight aborted.
 */
export function useOrderPolling(
  orderId: string,
  active: boolean,
  arrived: (order: Order) => boolean,
  onArrived: (order: Order) => void,
) {
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const callbacks = useRef({ arrived, onArrived });
  useEffect(() => {
    callbacks.current = { arrived, onArrived };
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts a failed polling.
  useEffect(() => {
    if (!active || failed) return;
    const controller = new AbortController();
    let timer: number | undefined;

    const poll = async () => {
      const started = performance.now();
      try {
        const order = await apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}`, {
          signal: controller.signal,
        });
        if (controller.signal.aborted) return;
        if (callbacks.current.arrived(order)) {
          callbacks.current.onArrived(order);
          return;
        }
        const wait = Math.max(0, POLL_INTERVAL_MS - (performance.now() - started));
        timer = window.setTimeout(poll, wait);
      } catch (error) {
        if (!isAbort(error) && !controller.signal.aborted) setFailed(true);
      }
    };

    timer = window.setTimeout(poll, POLL_INTERVAL_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [orderId, active, failed, attempt]);

  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);

  return { failed, retry };
}
