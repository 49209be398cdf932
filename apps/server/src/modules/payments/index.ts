/** Card and Bizum payments through Redsys: attempts, notifications, refunds, reconciliation. */

export { cancelInTransaction, cancelOrder } from './cancellation.ts';
export { makeRedsysRest, type RedsysRest } from './gateway-rest.ts';
export { hasPaymentInProgress } from './pending.ts';
export { reconcilePendingAttempts, resolveAttempt } from './reconcile.ts';
export { reconcilePendingRefunds } from './refunds.ts';
export {
  ordersWithPaymentAttempts,
  purgeUnverifiedNotifications,
  UNVERIFIED_NOTIFICATION_DAYS,
} from './retention.ts';
