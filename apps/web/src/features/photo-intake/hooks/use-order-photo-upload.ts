import { messages } from '@shop/contracts/messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbort } from '@/lib/api-client';
import { attachOrderImage } from '../api/attach-order-image';
import { uploadImage } from '../api/upload-image';
import { preparePhoto } from '../lib/prepare-photo';
import { uploadRefusalMessage } from '../lib/upload-error';

export type PhotoUpload =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number }
  /** `file` is kept when sending it again may work (a network or server failure). */
  | { status: 'error'; message: string; file: File | null };

/**
 * Uploads a photo from this device and puts it on the order, then calls `onDone`. A new upload
 * replaces one under way; leaving the screen aborts it.
 */
export function useOrderPhotoUpload(orderId: string, onDone: () => void) {
  const [state, setState] = useState<PhotoUpload>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

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
        const { uri } = await uploadImage(sendable, {
          signal,
          onProgress: (progress) => {
            if (!signal.aborted) setState({ status: 'uploading', progress });
          },
        });
        await attachOrderImage(orderId, uri, signal);
        if (!signal.aborted) done.current();
      } catch (error) {
        if (isAbort(error) || signal.aborted) return;
        const refusal = uploadRefusalMessage(error);
        setState(
          refusal
            ? { status: 'error', message: refusal, file: null }
            : { status: 'error', message: messages.imageUploadFailed, file },
        );
      }
    },
    [orderId],
  );

  return { state, upload };
}
