import type { ChainVerificationResult } from '@shop/contracts/invoices';
import { apiRequest } from '@/lib/api-client';

/** Recomputes every VERI*FACTU record's hash from the first one on (admin). */
export const verifyInvoiceChain = (signal?: AbortSignal): Promise<ChainVerificationResult> =>
  apiRequest<ChainVerificationResult>('/api/invoices/verify', { signal });
