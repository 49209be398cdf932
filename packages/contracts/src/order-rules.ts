// Order rules the back office's buttons and the server's checks share, with no zod in them (the
// back office imports this without bundling the schema library).
import type { OrderStatus } from './orders.ts';

/** States in which the customer has finished ordering (the back office's "finished only"). */
export const PLACED_STATUSES = [
  'to_pay_at_store',
  'paid',
  'printed',
  'ready',
  'shipped',
  'delivered',
] as const satisfies readonly OrderStatus[];

/**
 * A placed order may be printed: design and details confirmed, and paid for a pay-now order (its
 * 'paid' state) or to be paid at the store on collection (to_pay_at_store).
 */
export const PRINTABLE_STATUSES: readonly OrderStatus[] = PLACED_STATUSES;

/** Placed and not yet collected: the states in which the counter may cash a pay-at-store order. */
export const PAYABLE_AT_STORE_STATUSES: readonly OrderStatus[] = ['to_pay_at_store', 'printed', 'ready'];
