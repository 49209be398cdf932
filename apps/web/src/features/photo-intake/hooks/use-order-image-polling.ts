import { POLL_INTERVAL_MS } from '@shop/contracts/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbort } from '@/lib/api-client';
import { getOrder } from '../api/get-order';

/**
 * While `active`, asks for the order every POLL_INTERVAL_MS (start to start; the next request
 * only leaves once the last one has answered) until it has a photo, then calls `onImage` once.
 * A failed request stops the polling until `retry`. Nothing is sent after `active` turns false or
 * the component unmounts: the timer is cleared and the request in flight aborted.
 */
export function useOrderImagePolling(orderId: string, active: boolean, onImage: () => void) {
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const found = useRef(onImage);
  useEffect(() => {
    found.current = onImage;
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts a failed polling.
  useEffect(() => {
    if (!active || failed) return;
    const controller = new AbortController();
    let timer: number | undefined;

    const poll = async () => {
      const started = performance.now();
      try {
        const order = await getOrder(orderId, controller.signal);
        if (controller.signal.aborted) return;
        if (order.image !== null) {
          found.current();
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
