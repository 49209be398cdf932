import type { Order } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** The order as the server has it now: status, amounts, delivery choice and customer data. */
export const getOrder = (orderId: string, signal?: AbortSignal): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}`, { signal });
