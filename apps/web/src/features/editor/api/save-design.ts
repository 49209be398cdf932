import type { Order } from '@shop/contracts/orders';
import type { Scene } from '@shop/contracts/scene';
import { apiRequest } from '@/lib/api-client';

/**
 * Stores the design PNG and the scene that made it (the print file is rendered from the scene);
 * the server refuses a scene with photos the order does not have, or one that leaves a cell
 * uncovered.
 */
export const saveDesign = (orderId: string, design: string, scene: Scene): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}/design`, {
    method: 'PUT',
    body: { design, scene },
  });
