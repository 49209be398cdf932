import type { DesignTransform, Order } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/**
 * Stores the design PNG and the transform that made it (the print file is rendered from the
 * latter), with the photo it was drawn with: the server refuses a design for a photo the order
 * no longer has, and one that leaves part of the case uncovered.
 */
export const saveDesign = (
  orderId: string,
  design: string,
  transform: DesignTransform,
  photo: string,
): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}/design`, {
    method: 'PUT',
    body: { design, transform, photo },
  });
