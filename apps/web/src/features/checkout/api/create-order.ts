import type { OrderCreatedSchema } from '@shop/contracts/orders';
import type { Origin } from '@shop/contracts/stores';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export type OrderCreated = z.infer<typeof OrderCreatedSchema>;

export interface NewOrder {
  storeId: number;
  brandId: number;
  modelId: number;
  origin: Origin;
}

/** Creates the customer's order; the server works out every amount. */
export const createOrder = ({ storeId, brandId, modelId, origin }: NewOrder): Promise<OrderCreated> =>
  apiRequest<OrderCreated>('/api/orders', {
    method: 'POST',
    body: { store: { id: storeId }, brand: { id: brandId }, model: { id: modelId }, origin },
  });
