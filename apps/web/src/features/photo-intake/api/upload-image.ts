import { postFormWithProgress, type UploadOptions } from '../lib/post-form-with-progress';

export interface UploadedImage {
  /** Where the server keeps the processed photo, e.g. `/api/images/<id>`. */
  uri: string;
}

/** Uploads a photo from this browser; only this visitor may then attach it to an order. */
export function uploadImage(file: File, options: UploadOptions): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return postFormWithProgress<UploadedImage>('/api/images', form, options);
}
