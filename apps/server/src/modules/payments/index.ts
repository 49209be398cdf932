/** Card and Bizum payments through Redsys: attempts, notifications, refunds, reconciliation. */

export { cancelInTransaction, cancelOrder } from './cancellation.ts';
export { paymentFacts } from './facts.ts';
export { registerFormBody } from './form-body.ts';
export { makeRedsysRest, type RedsysRest } from './gateway-rest.ts';
export { handleNotification, type NotificationResult } from './notifications.ts';
export { hasPaymentInProgress } from './pending.ts';
export { reconcilePendingAttempts, resolveAttempt } from './reconcile.ts';
export { parseMerchantKey, RedsysKeyError } from './redsys.ts';
export { type RefundDeps, reconcilePendingRefunds, refundMismatched, refundOrder } from './refunds.ts';
export {
  ordersWithPaymentAttempts,
  purgeUnverifiedNotifications,
  UNVERIFIED_NOTIFICATION_DAYS,
} from './retention.ts';
export {
  customerReturnedKo,
  initiatePayment,
  type PaymentLog,
  paymentStatus,
  signedForOrder,
} from './service.ts';
export { simulatorRoutes } from './simulator.ts';
