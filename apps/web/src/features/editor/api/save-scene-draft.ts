import type { Scene } from '@shop/contracts/scene';
import { apiRequest, csrfHeaders } from '@/lib/api-client';

const draftUrl = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/scene`;

/** The customer's work in progress (`PUT /api/orders/{id}/scene`), so a reload resumes it. */
export const saveSceneDraft = (orderId: string, scene: Scene, signal?: AbortSignal): Promise<unknown> =>
  apiRequest<unknown>(draftUrl(orderId), { method: 'PUT', body: { scene }, signal });

/** The same as the page goes away: a keepalive request the browser finishes after the tab closes. */
export function saveSceneDraftOnLeave(orderId: string, scene: Scene): void {
  try {
    void fetch(draftUrl(orderId), {
      method: 'PUT',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...csrfHeaders() },
      body: JSON.stringify({ scene }),
    }).catch(() => undefined);
  } catch {
    // A body over the keepalive limit (64 KB) is refused at once; the debounced save had the rest.
  }
}
