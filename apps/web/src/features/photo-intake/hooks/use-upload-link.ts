import { messages } from '@shop/contracts/messages';
import type { Origin } from '@shop/contracts/stores';
import { useCallback, useEffect, useState } from 'react';
import { isAbort } from '@/lib/api-client';
import { getUploadUrl } from '../api/get-upload-url';

export type UploadLink =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; url: string; fetchedAt: number };

/** Links live about 30 minutes on the server; one older than this is asked for again before use. */
export const UPLOAD_LINK_FRESH_MS = 20 * 60_000;

/**
 * A new phone upload link for the order. A kiosk asks for it as soon as the photo screen opens
 * (`enabled`), so the QR code shows the moment the customer taps; `retry` asks for another.
 */
export function useUploadLink(orderId: string, origin: Origin, enabled = true) {
  const [link, setLink] = useState<UploadLink>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger.
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setLink({ status: 'loading' });
    getUploadUrl(orderId, origin, controller.signal).then(
      (url) => setLink({ status: 'ready', url, fetchedAt: Date.now() }),
      (error: unknown) => {
        if (!isAbort(error)) setLink({ status: 'error', message: messages.uploadQrFailed });
      },
    );
    return () => controller.abort();
  }, [orderId, origin, enabled, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { link, retry };
}
