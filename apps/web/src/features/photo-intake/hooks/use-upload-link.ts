import { messages } from '@shop/contracts/messages';
import type { Origin } from '@shop/contracts/stores';
import { useCallback, useEffect, useState } from 'react';
import { isAbort } from '@/lib/api-client';
import { getUploadUrl } from '../api/get-upload-url';

export type UploadLink =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; url: string };

/** A new phone upload link for the order, asked for when the QR code is shown. */
export function useUploadLink(orderId: string, origin: Origin) {
  const [link, setLink] = useState<UploadLink>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger.
  useEffect(() => {
    const controller = new AbortController();
    setLink({ status: 'loading' });
    getUploadUrl(orderId, origin, controller.signal).then(
      (url) => setLink({ status: 'ready', url }),
      (error: unknown) => {
        if (!isAbort(error)) setLink({ status: 'error', message: messages.uploadQrFailed });
      },
    );
    return () => controller.abort();
  }, [orderId, origin, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { link, retry };
}
