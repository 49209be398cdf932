import type { CaseTypeChange } from '@shop/contracts/case-types';
import type { Order } from '@shop/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/**
 * Changes the order's case type and colour while its design is open
 * (`PUT /api/orders/{id}/caseType`); the answer is the order with its new total.
 */
export const changeCaseType = (orderId: string, change: CaseTypeChange): Promise<Order> =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}/caseType`, { method: 'PUT', body: change });
