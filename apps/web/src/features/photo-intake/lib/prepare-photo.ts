import { messages } from '@shop/contracts/messages';

/** The server's cap on one upload (apps/server/src/modules/images/pipeline.ts, MAX_UPLOAD_BYTES). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Below the server's 50 MP cap, with room to spare: phones now take 50 to 200 MP photos. */
export const MAX_SEND_PIXELS = 48_000_000;
/** JPEG quality of a shrunk photo: no visible loss at print size; a lower one only if still too heavy. */
const QUALITIES = [0.92, 0.85] as const;

/** A photo that cannot be sent even after shrinking (or that this browser cannot open to shrink). */
export class PhotoTooLargeError extends Error {
  constructor() {
    super(messages.photoTooLargeToSend);
  }
}

/** The photo's size as shown (EXIF orientation applied), read without decoding all its pixels. */
function displayedSize(file: Blob): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = (size: { width: number; height: number } | null) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    image.onload = () => done({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => done(null);
    image.src = url;
  });
}

async function encodeJpeg(bitmap: ImageBitmap, quality: number): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(bitmap, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  // Let the browser have the pixels back at once: these canvases are tens of megabytes.
  canvas.width = 0;
  canvas.height = 0;
  return blob;
}

/**
 * The photo to upload: as chosen when the server takes it (at most 25 MB and 48 MP), otherwise
 * shrunk here to at most 48 MP and re-encoded as a good JPEG, EXIF orientation applied (the
 * browser decodes it upright), so that a 200 MP phone photo travels as a few megabytes and the
 * server's limits stay as they are. Throws `PhotoTooLargeError` when it cannot be brought under
 * the limit (a file this browser cannot open, such as HEIC outside Safari, over 25 MB).
 */
export async function preparePhoto(file: File): Promise<File> {
  const size = await displayedSize(file);
  if (!size) {
    if (file.size > MAX_UPLOAD_BYTES) throw new PhotoTooLargeError();
    return file; // the server decodes what the browser cannot (HEIC) and judges the rest
  }
  const pixels = size.width * size.height;
  if (pixels <= MAX_SEND_PIXELS && file.size <= MAX_UPLOAD_BYTES) return file;

  const scale = Math.min(1, Math.sqrt(MAX_SEND_PIXELS / pixels));
  const width = Math.max(1, Math.floor(size.width * scale));
  const height = Math.max(1, Math.floor(size.height * scale));
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, {
      imageOrientation: 'from-image',
      resizeWidth: width,
      resizeHeight: height,
      resizeQuality: 'high',
    });
  } catch {
    throw new PhotoTooLargeError();
  }
  try {
    for (const quality of QUALITIES) {
      const blob = await encodeJpeg(bitmap, quality);
      if (blob && blob.size <= MAX_UPLOAD_BYTES) {
        const name = `${file.name.replace(/\.[^.]*$/, '') || 'foto'}.jpg`;
        return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
      }
    }
  } finally {
    bitmap.close();
  }
  throw new PhotoTooLargeError();
}
