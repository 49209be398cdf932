import { z } from 'zod';
import { IdParam } from './common.ts';
import { OrderId, OrderStatus } from './orders.ts';

export const DashboardQuerySchema = z.object({ storeId: IdParam.optional() });

const OrderLine = z.object({
  id: OrderId,
  orderNumber: z.string(),
  storeName: z.string(),
  status: OrderStatus,
  /** When the order reached the state that makes it worth a look. */
  since: z.string(),
});

/** `GET /api/dashboard`: the back office's first page; store staff see their store's. */
export const DashboardSchema = z.object({
  /** Orders placed today (Madrid day): finished ordering, paid or to pay at the store. */
  todayOrders: z.number().int(),
  waitingForPrint: z.number().int(),
  /** Pickup orders ready for longer than PICKUP_WAIT_ALERT_DAYS. */
  readyTooLong: z.array(OrderLine),
  /** Online payments stuck (failed or pending for more than an hour) on unpaid orders. */
  paymentsNeedingAttention: z.array(OrderLine),
  /** Gateway notifications refused in the last 7 days (bad signature or amount): admins only, else 0. */
  refusedNotifications: z.number().int(),
  /** VERI*FACTU records the AEAT did not accept: admins only, else 0. */
  aeatNotAccepted: z.number().int(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
