/** Card and Bizum payments through Redsys: attempts, notifications, refunds, reconciliation. */
export {
  ordersWithPaymentAttempts,
  purgeUnverifiedNotifications,
  UNVERIFIED_NOTIFICATION_DAYS,
} from './retention.ts';
