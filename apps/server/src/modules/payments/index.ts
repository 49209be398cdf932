/**
 * Card and Bizum payments through Redsys: attempts, notifications, the refunds' rows and the
 * gateway's verdict on them, the settling of lost attempts. The refund and the cancellation as use
 * cases (with the order's lock and the rectificativa) are workflows/refund.ts and cancel-order.ts.
 */

export {
  isCancellationRefund,
  nextCancellationKey,
  onlineDue,
  pendingCancellation,
} from './cancellation-refunds.ts';
export { paymentFacts } from './facts.ts';
export { registerFormBody } from './form-body.ts';
export { makeRedsysRest, type RedsysRest } from './gateway-rest.ts';
export { handleNotification, type NotificationResult } from './notifications.ts';
export { hasPaymentInProgress } from './pending.ts';
export {
  type SettleDeps,
  type Settlement,
  type StaffResolution,
  type StaleAttempt,
  settleByStaff,
  settleFromGateway,
  staleAttempts,
} from './reconcile.ts';
export { parseMerchantKey, RedsysKeyError } from './redsys.ts';
export { askGateway } from './refund-gateway.ts';
export {
  insertPendingRefund,
  orderOfRefund,
  REFUND_ACCEPTED,
  type RefundableAttempt,
  type RefundRow,
  recordRefundVerdict,
  refundableAttempts,
  refundById,
  refundByKey,
  refundedCents,
  refundInvoiceId,
  STALE_REFUND_SECONDS,
  setRefundInvoice,
  stalePendingRefunds,
  type Verdict,
  WAIT_FOR_PENDING_REFUND_MS,
} from './refund-records.ts';
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
