/** Downloads an image and decodes it off the main thread into an ImageBitmap. */
export async function fetchBitmap(uri: string, signal?: AbortSignal): Promise<ImageBitmap> {
  const res = await fetch(uri, { credentials: 'same-origin', signal });
  if (!res.ok) throw new Error(`GET ${uri} answered ${res.status}`);
  return createImageBitmap(await res.blob());
}

/** A canvas of the given pixel size with its 2D context (throws if the browser refuses one). */
export function canvas2d(
  width: number,
  height: number,
  options?: CanvasRenderingContext2DSettings,
): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', options);
  if (!ctx) throw new Error('2D canvas unavailable');
  return { canvas, ctx };
}
