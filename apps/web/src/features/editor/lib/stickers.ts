/**
 * The stickers' pictures (OpenMoji SVGs copied to public/stickers/ by scripts/build-assets.ts),
 * fetched when a scene or the sticker panel shows them and kept decoded for drawing on a canvas.
 */
import { type Scene, stickerInfo } from '@shop/contracts/scene';

/** Where the picture of a sticker is served. */
export const stickerUrl = (id: string): string => `/stickers/${encodeURIComponent(id)}.svg`;

const images = new Map<string, Promise<HTMLImageElement>>();

/**
 * The sticker's picture, decoded (ready for drawImage). Each sticker is fetched once; a failed
 * fetch is forgotten so the next call tries again. Rejects for an id that is no sticker.
 */
export function loadSticker(id: string): Promise<HTMLImageElement> {
  let image = images.get(id);
  if (!image) {
    if (!stickerInfo(id)) return Promise.reject(new Error(`unknown sticker ${id}`));
    const img = new Image();
    img.src = stickerUrl(id);
    image = img.decode().then(() => img);
    image.catch(() => images.delete(id));
    images.set(id, image);
  }
  return image;
}

/** The pictures of the scene's stickers, by sticker id, for drawScene. */
export async function stickerImages(scene: Scene): Promise<Map<string, HTMLImageElement>> {
  const ids = [...new Set(scene.layers.flatMap((l) => (l.kind === 'sticker' ? [l.sticker] : [])))];
  const loaded = await Promise.all(ids.map(async (id) => [id, await loadSticker(id)] as const));
  return new Map(loaded);
}
