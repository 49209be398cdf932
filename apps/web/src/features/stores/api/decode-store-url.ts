import type { DecodedUrl } from '@shop/contracts/stores';
import { apiRequest } from '@/lib/api-client';

export const decodeStoreUrl = (encodedUrl: string, signal?: AbortSignal): Promise<DecodedUrl> =>
  apiRequest<DecodedUrl>('/api/stores/decode-url', { query: { encodedUrl }, signal });
