import type { GeneratedInvoice } from '@shop/contracts/invoices';
import { apiRequest } from '@/lib/api-client';

/** Issues the order's simplified invoice on the first call; later calls return the same one. */
export const generateInvoice = (orderId: string): Promise<GeneratedInvoice> =>
  apiRequest<GeneratedInvoice>(`/api/orders/${orderId}/generateInvoice`, { method: 'POST' });
