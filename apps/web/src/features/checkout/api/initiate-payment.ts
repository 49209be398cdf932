import type { OnlinePaymentMethod, PaymentInitiation } from '@shop/contracts/payments';
import { apiRequest } from '@/lib/api-client';

/** Signs a trip to the card gateway for the order's own amount; the browser then posts it there. */
export const initiatePayment = (orderId: string, method: OnlinePaymentMethod): Promise<PaymentInitiation> =>
  apiRequest<PaymentInitiation>(`/api/payment/initiate/${encodeURIComponent(orderId)}`, {
    method: 'POST',
    body: { method },
  });
