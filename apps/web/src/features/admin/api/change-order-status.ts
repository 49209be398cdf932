import type { Order } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

export type StaffStatus = 'ready' | 'shipped' | 'delivered' | 'cancelled';

export const changeOrderStatus = (orderId: string, status: StaffStatus, note?: string): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${orderId}/status`, { method: 'POST', body: { status, note } });
