import { messages } from '@shop/contracts/messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbort } from '@/lib/api-client';
import { uploadPhoneImage } from '../api/upload-phone-image';
import { preparePhoto } from '../lib/prepare-photo';
import { isUploadLinkInvalid, uploadRefusalMessage } from '../lib/upload-error';

export type PhoneUpload =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number }
  | { status: 'done' }
  /**
   * `message` is the text of docs/product.md §2.14; `detail` the server's explanation when it has one. `final` when
   * no other photo can help (the link is forged or expired).
   */
  | { status: 'error'; message: string; detail: string | null; final: boolean };

/** The phone's side of the kiosk hand-off: sends the chosen photo with the link's token. */
export function usePhoneUpload(encodedUrl: string) {
  const [state, setState] = useState<PhoneUpload>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const upload = useCallback(
    async (file: File) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      const { signal } = current;
      setState({ status: 'uploading', progress: 0 });
      try {
        // Phones' 50-200 MP photos are shrunk here first (progress shows 0 % meanwhile).
        const sendable = await preparePhoto(file);
        if (signal.aborted) return;
        await uploadPhoneImage(encodedUrl, sendable, {
          signal,
          onProgress: (progress) => {
            if (!signal.aborted) setState({ status: 'uploading', progress });
          },
        });
        if (!signal.aborted) setState({ status: 'done' });
      } catch (error) {
        if (isAbort(error) || signal.aborted) return;
        setState({
          status: 'error',
          message: messages.uploadFailed,
          detail: uploadRefusalMessage(error),
          final: isUploadLinkInvalid(error),
        });
      }
    },
    [encodedUrl],
  );

  return { state, upload };
}
