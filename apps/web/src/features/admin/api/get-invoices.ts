import type { InvoicePage } from '@shop/contracts/invoices';
import { apiRequest } from '@/lib/api-client';

export interface InvoiceListQuery {
  year?: number;
  page: number;
  size: number;
}

/** Issued invoices, newest first (admin). */
export const getInvoices = (query: InvoiceListQuery, signal?: AbortSignal): Promise<InvoicePage> =>
  apiRequest<InvoicePage>('/api/invoices', { query: { ...query }, signal });
