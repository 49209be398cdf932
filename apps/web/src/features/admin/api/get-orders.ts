import type { OrderFilter, OrderPage } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

export type OrderSort = OrderFilter['sort'];

export interface OrderListQuery {
  storeId?: number;
  /** An order id or a human order number. */
  orderId?: string;
  /** YYYY-MM-DD, inclusive, Madrid calendar days. */
  startDate?: string;
  endDate?: string;
  finishedOnly?: boolean;
  status?: OrderFilter['status'];
  /** Paid ('true') or waiting for the payment ('false'). */
  paid?: OrderFilter['paid'];
  /** Show the abandoned orders too (created, no details, more than a day old). */
  abandoned?: boolean;
  page: number;
  size: number;
  sort: OrderSort;
}

/** A page of orders; store staff get their own store's only (403 for another store). */
export const getOrders = (query: OrderListQuery, signal?: AbortSignal): Promise<OrderPage> =>
  apiRequest<OrderPage>('/api/orders', {
    query: {
      ...query,
      finishedOnly: query.finishedOnly ? 'true' : undefined,
      abandoned: query.abandoned ? 'true' : undefined,
    },
    signal,
  });
