import type { ContactDetails } from '@shop/contracts/checkout';
import type { Order } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

export const confirmUserDetails = (orderId: string, details: ContactDetails): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}/confirmUserDetails`, {
    method: 'POST',
    body: details,
  });
