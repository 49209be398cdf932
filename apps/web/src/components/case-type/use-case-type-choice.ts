import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { changeCaseType } from './change-case-type';

/** The server's Spanish reason when it refused the type for a reason the customer can act on. */
function refusal(failure: unknown): string {
  if (
    failure instanceof ApiError &&
    (failure.status === 409 || failure.status === 422 || failure.status === 400)
  )
    return failure.message;
  return messages.caseTypeChangeFailed;
}

export interface CaseTypeChoice {
  /** Sends the choice; `onOrder` gets the order with its new type, colour and total. */
  choose: (caseTypeId: number, colourId: number | null) => Promise<boolean>;
  /** The choice on its way to the server, shown at once; null when none is. */
  pending: { caseTypeId: number; colourId: number | null } | null;
  error: string | null;
}

/**
 * The customer's choice of case type and colour for an order being designed: one request at a
 * time (a later click waits for the answer of the earlier one and then wins).
 */
export function useCaseTypeChoice(orderId: string, onOrder: (order: Order) => void): CaseTypeChoice {
  const [pending, setPending] = useState<CaseTypeChoice['pending']>(null);
  const [error, setError] = useState<string | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const choose = useCallback(
    (caseTypeId: number, colourId: number | null) => {
      setPending({ caseTypeId, colourId });
      setError(null);
      const run = queue.current.then(async () => {
        try {
          const order = await changeCaseType(orderId, {
            caseType: { id: caseTypeId },
            ...(colourId !== null ? { colour: { id: colourId } } : {}),
          });
          onOrder(order);
          return true;
        } catch (failure) {
          setError(refusal(failure));
          return false;
        } finally {
          setPending((now) => (now?.caseTypeId === caseTypeId && now.colourId === colourId ? null : now));
        }
      });
      queue.current = run;
      return run;
    },
    [orderId, onOrder],
  );

  return { choose, pending, error };
}
