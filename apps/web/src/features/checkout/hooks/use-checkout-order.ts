import type { Order } from '@shop/contracts/orders';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, isAbort } from '@/lib/api-client';
import { getSessionValue, removeSessionValues } from '@/lib/session';
import { getOrder } from '../api/get-order';
import { orderStage } from '../lib/order-stage';
import { paidOrderId } from '../lib/paid-order';

export type CheckoutPage = 'pay-at-store' | 'pay-now' | 'data' | 'confirmation';

export type CheckoutOrderState =
  | { status: 'no-order' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'cancelled' }
  | { status: 'ready'; order: Order };

/**
 * Where the order belongs when it is not on `page`: the server's order decides, so a reload, the
 * Back button or an old link always land on the right step (an order already placed shows its
 * confirmation; one without a design goes back to the editor).
 */
function redirectFor(page: CheckoutPage, order: Order): string | null {
  switch (orderStage(order.status)) {
    case 'design':
      return paths.editorModel;
    case 'placed':
      return page === 'confirmation' ? null : paths.orderConfirmation;
    case 'open':
      if (page === 'confirmation') return paths.orderData;
      // A kiosk order is paid at the store (the server refuses paying now).
      if (page === 'pay-now' && getSessionValue('from_url') === 'screen') return paths.payAtStore;
      return null;
    case 'cancelled':
      return null;
  }
}

/** The session's order, loaded from the server for a checkout page; `reload` fetches it again. */
export function useCheckoutOrder(page: CheckoutPage) {
  const navigate = useNavigate();
  const [orderId] = useState(() => getSessionValue('order_id'));
  // Nothing is said about a missing order while the tab is on its way to its paid one (below).
  const [state, setState] = useState<CheckoutOrderState>(() =>
    orderId || (page !== 'confirmation' && paidOrderId()) ? { status: 'loading' } : { status: 'no-order' },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // The tab's order was just paid online, and so left the session: Back from the success page (or
    // from the bank's) lands on a checkout page, whose place is now the paid order's success page.
    if (!orderId && page !== 'confirmation' && paidOrderId())
      navigate(paths.paymentSuccess, { replace: true });
  }, [orderId, page, navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger.
  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    // A reload keeps the page on screen (and what it says) until the order has arrived.
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    getOrder(orderId, controller.signal).then(
      (order) => {
        const target = redirectFor(page, order);
        if (target) navigate(target, { replace: true });
        else setState(order.status === 'cancelled' ? { status: 'cancelled' } : { status: 'ready', order });
      },
      (error: unknown) => {
        if (isAbort(error)) return;
        if (
          error instanceof ApiError &&
          (error.status === 404 || error.status === 400 || error.code === 'ORDER_NOT_OWNED')
        ) {
          // The session holds an order id the shop does not have (any more), not an id at all, or
          // one this browser did not make (only its tracking link reaches it here).
          removeSessionValues('order_id');
          setState({ status: 'no-order' });
        } else {
          setState({ status: 'error' });
        }
      },
    );
    return () => controller.abort();
  }, [orderId, page, navigate, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
