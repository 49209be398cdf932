import type { DeliveryDetails } from '@shop/contracts/checkout';
import type { Order } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

export const confirmDelivery = (orderId: string, details: DeliveryDetails): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}/confirmDelivery`, {
    method: 'POST',
    body: details,
  });
