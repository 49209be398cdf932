import type { PaymentStatus } from '@shop/contracts/payments';
import { apiRequest } from '@/lib/api-client';

/** The order's online payment attempts, newest first. */
export const getPaymentStatus = (orderId: string, signal?: AbortSignal): Promise<PaymentStatus> =>
  apiRequest<PaymentStatus>(`/api/payment/redsys/${orderId}`, { signal });
