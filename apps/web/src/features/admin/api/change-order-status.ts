import type { Order, StaffStatusChange } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** The states staff set by hand (the print sets 'printed'). */
export type StaffStatus = StaffStatusChange['status'];

/** The parcel of a 'shipped' change. */
export interface Parcel {
  carrier: string;
  trackingNumber: string;
  trackingUrl?: string | undefined;
}

export const changeOrderStatus = (
  orderId: string,
  status: StaffStatus,
  note?: string,
  parcel?: Parcel,
): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${orderId}/status`, { method: 'POST', body: { status, note, ...parcel } });

/** The same change for several orders of the list, all or none. */
export const changeOrdersStatus = (orderIds: string[], status: StaffStatus): Promise<{ changed: number }> =>
  apiRequest<{ changed: number }>('/api/orders/status', { method: 'POST', body: { orderIds, status } });
