import type { FiscalData } from '@shop/contracts/invoices';
import { apiRequest } from '@/lib/api-client';

/** Resends an invoice's rejected VERI*FACTU record as a subsanación (staff). */
export const resendInvoiceRecord = (number: string): Promise<{ ok: true }> =>
  apiRequest<{ ok: true }>(`/api/invoices/${encodeURIComponent(number)}/resend`, { method: 'POST' });

/** Annuls an invoice issued by mistake, with the reason (admin). */
export const annulInvoice = (number: string, reason: string): Promise<{ ok: true }> =>
  apiRequest<{ ok: true }>(`/api/invoices/${encodeURIComponent(number)}/annul`, {
    method: 'POST',
    body: { reason },
  });

/** Resumes sending to the AEAT after a SOAP Client fault stopped it (admin). */
export const resumeVerifactu = (): Promise<{ ok: true }> =>
  apiRequest<{ ok: true }>('/api/verifactu/resume', { method: 'POST' });

/** Exchanges a simplified invoice for a full one (F3) with the customer's fiscal data (staff). */
export const exchangeInvoice = (number: string, data: FiscalData): Promise<{ number: string; uri: string }> =>
  apiRequest<{ number: string; uri: string }>(`/api/invoices/${encodeURIComponent(number)}/exchange`, {
    method: 'POST',
    body: data,
  });
