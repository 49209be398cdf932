import { postFormWithProgress, type UploadOptions } from '../lib/post-form-with-progress';
import type { UploadedImage } from './upload-image';

/** The phone's upload: the link's token is its only credential, and the server attaches the photo. */
export function uploadPhoneImage(
  encodedUrl: string,
  file: File,
  options: UploadOptions,
): Promise<UploadedImage> {
  const form = new FormData();
  form.append('encodedUrl', encodedUrl);
  form.append('file', file);
  return postFormWithProgress<UploadedImage>('/api/orders/upload/', form, options);
}
