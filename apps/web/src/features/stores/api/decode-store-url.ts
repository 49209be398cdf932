import { storeCodeUrl } from '@shop/contracts/api-urls';
import type { DecodedUrl } from '@shop/contracts/stores';
import { apiRequest } from '@/lib/api-client';

export const decodeStoreUrl = (encodedUrl: string, signal?: AbortSignal): Promise<DecodedUrl> =>
  apiRequest<DecodedUrl>(storeCodeUrl(encodedUrl), { signal });
