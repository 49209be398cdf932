import { apiRequest } from '@/lib/api-client';

/** Whether the phone's upload link can still be used; refused with the reason (and what to do) otherwise. */
export const getUploadLinkStatus = (encodedUrl: string, signal?: AbortSignal): Promise<{ status: 'open' }> =>
  apiRequest<{ status: 'open' }>(`/api/upload-links/${encodeURIComponent(encodedUrl)}`, { signal });
