import type { Order, PaymentMethod } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** Pay at the store ('paystore') or now, online ('paynow'); paying at the store drops home delivery. */
export const confirmPaymentMethod = (orderId: string, paymentMethod: PaymentMethod): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}/confirmPaymentMethod`, {
    method: 'POST',
    query: { paymentMethod },
  });
