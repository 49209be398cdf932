import { PENDING_ATTEMPT_MINUTES } from '@shop/contracts/payments';
import type { Queryable } from '../../db/client.ts';

/**
 * While a trip to the gateway is under way, the order's amount and method must not change: the
 * customer may be about to authorise the amount the gateway is showing. An attempt stops blocking
 * when the gateway answers, when the customer comes back through the KO return, or when it is
 * older than the attempt window (after which reconciliation deals with it).
 */

export { PENDING_ATTEMPT_MINUTES };

export async function hasPaymentInProgress(q: Queryable, orderId: string): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM payment_attempts
     WHERE order_id = $1 AND status = 'pending' AND created_at > now() - make_interval(mins => $2)
     LIMIT 1`,
    [orderId, PENDING_ATTEMPT_MINUTES],
  );
  return rows.length > 0;
}
