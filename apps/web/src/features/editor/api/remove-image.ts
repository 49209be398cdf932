import type { Order } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** 'Cambiar foto': takes the photo (and any design) off the order. */
export const removeImage = (orderId: string): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}/removeImage`, { method: 'DELETE' });
