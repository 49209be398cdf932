import { POLL_INTERVAL_MS } from '@shop/contracts/constants';
import type { PaymentStatus } from '@shop/contracts/payments';
import { useEffect, useState } from 'react';
import { removeSessionValues } from '@/lib/session';
import { getPaymentStatus } from '../api/get-payment-status';
import { clearDraft } from '../lib/form-draft';
import { rememberPaidOrder } from '../lib/paid-order';

/** How often the success page asks before it says the bank has not confirmed yet. */
export const PAYMENT_CHECKS = 10;

export type PaymentVerdict =
  | { status: 'checking' }
  | { status: 'paid'; amount: number | null }
  | { status: 'failed' }
  /** The bank has said nothing yet after every check. */
  | { status: 'pending' }
  /** No attempt on record, or the status could not be read. */
  | { status: 'unknown' };

function verdictOf(reply: PaymentStatus): PaymentVerdict | null {
  switch (reply.status) {
    case 'paid':
      return { status: 'paid', amount: reply.attempts.find((a) => a.status === 'paid')?.amount ?? null };
    case 'failed':
      return { status: 'failed' };
    case 'pending':
      return null;
    case 'none':
    case 'expired':
      return { status: 'unknown' };
  }
}

/**
 * What the gateway's notification decided about the order's payment: landing on payment-success
 * proves nothing, so the page asks the server, a few times while the notification is on its way.
 * Once paid, the order leaves the session: the next case is a new order.
 */
export function usePaymentVerdict(orderId: string | null): PaymentVerdict {
  const [verdict, setVerdict] = useState<PaymentVerdict>({ status: orderId ? 'checking' : 'unknown' });

  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async (round: number) => {
      let found: PaymentVerdict | null = null;
      let unreadable = false;
      try {
        found = verdictOf(await getPaymentStatus(orderId, controller.signal));
      } catch {
        // A failed check is retried like a pending one.
        unreadable = true;
      }
      if (controller.signal.aborted) return;
      if (found) {
        if (found.status === 'paid') {
          removeSessionValues('order_id', 'payment_method', 'delivery_method');
          clearDraft(orderId);
          rememberPaidOrder(orderId);
        }
        setVerdict(found);
      } else if (round + 1 >= PAYMENT_CHECKS) {
        setVerdict({ status: unreadable ? 'unknown' : 'pending' });
      } else {
        timer = setTimeout(() => check(round + 1), POLL_INTERVAL_MS);
      }
    };
    void check(0);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderId]);

  return verdict;
}
