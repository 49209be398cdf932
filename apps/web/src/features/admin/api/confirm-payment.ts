import type { Order } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** 'Marcar como cobrado': the customer paid at the store. */
export const confirmPayment = (orderId: string): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${orderId}/confirmPayment`, { method: 'POST' });
