import type { DesignTransform, Order } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** Stores the design PNG and the transform that made it (the print file is rendered from the latter). */
export const saveDesign = (orderId: string, design: string, transform: DesignTransform): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}/design`, {
    method: 'PUT',
    body: { design, transform },
  });
