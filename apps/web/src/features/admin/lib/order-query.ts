import { ORDER_STATUSES, type OrderStatus } from '@shop/contracts/order-lifecycle';
import type { OrderListQuery, OrderSort } from '../api/get-orders';

export const ORDERS_PAGE_SIZE = 20;
export const DEFAULT_ORDER_SORT: OrderSort = '-createdAt';

const SORTS: readonly OrderSort[] = [
  'createdAt',
  '-createdAt',
  'orderNumber',
  '-orderNumber',
  'total',
  '-total',
];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const positiveInt = (value: string | null): number | undefined =>
  value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;

/**
 * The order list's filters, page and sort as kept in the address bar (so a reload, the back button
 * or a shared link shows the same list). Anything that does not make sense is ignored.
 */
export function readOrderQuery(params: URLSearchParams): OrderListQuery {
  const day = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : undefined;
  };
  const status = params.get('status');
  const sort = params.get('sort');
  const orderId = params.get('orderId')?.trim();
  return {
    storeId: positiveInt(params.get('storeId')),
    orderId: orderId ? orderId.slice(0, 40) : undefined,
    startDate: day('startDate'),
    endDate: day('endDate'),
    status: ORDER_STATUSES.includes(status as OrderStatus) ? (status as OrderStatus) : undefined,
    finishedOnly: params.get('finishedOnly') === 'true',
    paid: params.get('paid') === 'true' ? 'true' : params.get('paid') === 'false' ? 'false' : undefined,
    abandoned: params.get('abandoned') === 'true',
    page: positiveInt(params.get('page')) ?? 1,
    size: ORDERS_PAGE_SIZE,
    sort: SORTS.includes(sort as OrderSort) ? (sort as OrderSort) : DEFAULT_ORDER_SORT,
  };
}

/** The address bar's form of a query: only what differs from the defaults. */
export function writeOrderQuery(query: OrderListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.storeId) params.set('storeId', String(query.storeId));
  if (query.orderId) params.set('orderId', query.orderId);
  if (query.startDate) params.set('startDate', query.startDate);
  if (query.endDate) params.set('endDate', query.endDate);
  if (query.status) params.set('status', query.status);
  if (query.finishedOnly) params.set('finishedOnly', 'true');
  if (query.paid) params.set('paid', query.paid);
  if (query.abandoned) params.set('abandoned', 'true');
  if (query.page > 1) params.set('page', String(query.page));
  if (query.sort !== DEFAULT_ORDER_SORT) params.set('sort', query.sort);
  return params;
}

export type SortKey = 'createdAt' | 'orderNumber' | 'total';

/** The direction a column shows in aria-sort, null when the list is sorted by another column. */
export function sortDirection(sort: OrderSort, key: SortKey): 'ascending' | 'descending' | null {
  if (sort === key) return 'ascending';
  if (sort === `-${key}`) return 'descending';
  return null;
}

/** Clicking a column: the other direction when it is the sorted one, newest / largest first otherwise. */
export function nextSort(sort: OrderSort, key: SortKey): OrderSort {
  return sort === `-${key}` ? key : (`-${key}` as OrderSort);
}
