import type { InvoiceRequest, InvoiceRequestState } from '@shop/contracts/invoices';
import { apiRequest } from '@/lib/api-client';

/** 'Necesito factura completa': the recipient of the order's full invoice, or none. */
export const saveInvoiceRequest = (orderId: string, body: InvoiceRequest): Promise<InvoiceRequestState> =>
  apiRequest<InvoiceRequestState>(`/api/orders/${encodeURIComponent(orderId)}/invoiceRequest`, {
    method: 'PUT',
    body,
  });

export const getInvoiceRequest = (orderId: string, signal?: AbortSignal): Promise<InvoiceRequestState> =>
  apiRequest<InvoiceRequestState>(`/api/orders/${encodeURIComponent(orderId)}/invoiceRequest`, { signal });
