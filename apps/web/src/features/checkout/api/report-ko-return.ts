import type { PaymentStatus } from '@shop/contracts/payments';
import { apiRequest } from '@/lib/api-client';

/**
 * The customer is back through the gateway's KO return: the server ends the pending attempt (so
 * the order may be changed again) and applies the gateway's signed answer, when the address has one.
 */
export const reportKoReturn = (orderId: string, signed: Record<string, string>): Promise<PaymentStatus> =>
  apiRequest<PaymentStatus>(`/api/payment/redsys/${encodeURIComponent(orderId)}/ko`, {
    method: 'POST',
    body: signed,
  });
