import type { PaymentListState, PaymentPage, ResolveAttempt } from '@shop/contracts/payments-admin';
import type { RefundRequest, RefundResult } from '@shop/contracts/refunds';
import { apiRequest } from '@/lib/api-client';

export interface PaymentFilters {
  from?: string;
  to?: string;
  storeId?: number;
  state?: PaymentListState;
}

/** Gateway attempts with their refunds, the ones to resolve first (admin). */
export const getPayments = (
  filters: PaymentFilters & { page: number; size: number },
  signal?: AbortSignal,
): Promise<PaymentPage> => apiRequest<PaymentPage>('/api/payments', { query: { ...filters }, signal });

/** The address of the same list as CSV, for a download link. */
export function paymentsCsvUrl(filters: PaymentFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `/api/payments/csv?${search}` : '/api/payments/csv';
}

/**
 * Refunds through the gateway. The key names this request: sent again (a second click, a retry
 * after a lost answer) it refunds once and answers the same.
 */
export const refundOrder = (
  orderId: string,
  body: RefundRequest,
  idempotencyKey: string,
): Promise<RefundResult> =>
  apiRequest<RefundResult>(`/api/orders/${encodeURIComponent(orderId)}/refund`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** Settles an attempt Redsys never reported on, from what its back office shows. */
export const resolveAttempt = (gatewayOrder: string, body: ResolveAttempt): Promise<{ outcome: string }> =>
  apiRequest<{ outcome: string }>(`/api/payments/${encodeURIComponent(gatewayOrder)}/resolve`, {
    method: 'POST',
    body,
  });
