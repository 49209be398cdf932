import type { Order } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

export const getOrder = (id: string, signal?: AbortSignal): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${id}`, { signal });
