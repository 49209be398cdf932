import { useEffect, useState } from 'react';
import { isAbort } from '@/lib/api-client';
import { getUploadLinkStatus } from '../api/get-upload-link-status';
import { isUploadLinkInvalid } from '../lib/upload-error';

export type UploadLinkStatus =
  | { status: 'checking' }
  /** Open, or not known (the check itself failed: the upload will say if it is refused). */
  | { status: 'open' }
  | { status: 'closed'; message: string };

/** Asks, as the phone's page opens, whether its link can still take a photo. */
export function useUploadLinkStatus(encodedUrl: string): UploadLinkStatus {
  const [state, setState] = useState<UploadLinkStatus>({ status: 'checking' });
  useEffect(() => {
    const controller = new AbortController();
    getUploadLinkStatus(encodedUrl, controller.signal).then(
      () => setState({ status: 'open' }),
      (error: unknown) => {
        if (isAbort(error)) return;
        setState(
          isUploadLinkInvalid(error)
            ? { status: 'closed', message: (error as Error).message }
            : { status: 'open' },
        );
      },
    );
    return () => controller.abort();
  }, [encodedUrl]);
  return state;
}
