import { messages } from '@shop/contracts/messages';
import type { UploadLinkPurpose } from '@shop/contracts/orders';
import type { Origin } from '@shop/contracts/stores';
import { useCallback, useEffect, useState } from 'react';
import { apiRequest, isAbort } from '@/lib/api-client';

export type UploadLink =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; url: string; fetchedAt: number };

/** Links live about 30 minutes on the server; one older than this is asked for again before use. */
export const UPLOAD_LINK_FRESH_MS = 20 * 60_000;

/**
 * A fresh phone upload link for the order (absolute, ending in `/upload/{token}`): the token lets
 * a phone add one photo and nothing else, for about half an hour; `purpose` says whether the photo
 * becomes the order's photo or joins its tray.
 */
const getUploadUrl = (
  orderId: string,
  origin: Origin,
  purpose: UploadLinkPurpose,
  signal: AbortSignal,
): Promise<string> =>
  apiRequest<{ url: string }>(
    `/api/orders/${encodeURIComponent(orderId)}/${origin}/getUrl${purpose === 'tray' ? '?for=tray' : ''}`,
    { signal },
  ).then((reply) => reply.url);

/**
 * A new phone upload link for the order. A kiosk asks for it as soon as the photo screen opens
 * (`enabled`), so the QR code shows the moment the customer taps; `retry` asks for another.
 */
export function useUploadLink(
  orderId: string,
  origin: Origin,
  enabled = true,
  purpose: UploadLinkPurpose = 'photo',
) {
  const [link, setLink] = useState<UploadLink>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger.
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setLink({ status: 'loading' });
    getUploadUrl(orderId, origin, purpose, controller.signal).then(
      (url) => setLink({ status: 'ready', url, fetchedAt: Date.now() }),
      (error: unknown) => {
        if (!isAbort(error)) setLink({ status: 'error', message: messages.uploadQrFailed });
      },
    );
    return () => controller.abort();
  }, [orderId, origin, enabled, purpose, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { link, retry };
}
