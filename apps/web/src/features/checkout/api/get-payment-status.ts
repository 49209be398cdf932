import type { PaymentStatus } from '@shop/contracts/payments';
import { apiRequest } from '@/lib/api-client';

/** What the gateway's notifications have decided about the order's online payment. */
export const getPaymentStatus = (orderId: string, signal?: AbortSignal): Promise<PaymentStatus> =>
  apiRequest<PaymentStatus>(`/api/payment/redsys/${encodeURIComponent(orderId)}`, { signal });
