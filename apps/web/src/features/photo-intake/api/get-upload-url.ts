import type { Origin } from '@shop/contracts/stores';
import { apiRequest } from '@/lib/api-client';

/**
 * A fresh phone upload link for the order (absolute, ending in `/upload/{token}`): the token lets
 * a phone add the photo and nothing else, for about half an hour.
 */
export const getUploadUrl = (orderId: string, origin: Origin, signal?: AbortSignal): Promise<string> =>
  apiRequest<{ url: string }>(`/api/orders/${encodeURIComponent(orderId)}/${origin}/getUrl`, { signal }).then(
    (reply) => reply.url,
  );
