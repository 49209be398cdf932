import type { InvoiceRequestState } from '@shop/contracts/invoices';
import { apiRequest } from '@/lib/api-client';

/** The customer's 'Necesito factura completa' data, while the order carries it (until it is invoiced). */
export const getInvoiceRequest = (orderId: string, signal?: AbortSignal): Promise<InvoiceRequestState> =>
  apiRequest<InvoiceRequestState>(`/api/orders/${encodeURIComponent(orderId)}/invoiceRequest`, { signal });
