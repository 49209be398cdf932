import type { PxSize } from '@shop/case-geometry/outline';
import { applyFilter, type ScenePhoto } from '@shop/case-render/scene';
import type { FilterId } from '@shop/contracts/scene';
import { canvas2d } from './fetch-bitmap';
import { closePhoto, loadPhoto, type PhotoSource } from './photo-source';

type Level = ImageBitmap | HTMLCanvasElement;

/**
 * The photos of an order as the editor draws them: each loaded once (with its halvings, see
 * photo-source.ts), and each filtered copy made once per level and kept, so a drag never filters
 * a pixel: a draw is the shared drawScene over cached bitmaps.
 */
export class PhotoLibrary {
  readonly #photos = new Map<string, PhotoSource>();
  readonly #loading = new Map<string, Promise<PhotoSource>>();
  readonly #filtered = new Map<string, Level>();
  #closed = false;

  constructor(initial?: { uri: string; photo: PhotoSource }) {
    if (initial) this.#photos.set(initial.uri, initial.photo);
  }

  get(uri: string): PhotoSource | undefined {
    return this.#photos.get(uri);
  }

  /** Loads a photo once; later calls share the same download. */
  load(uri: string): Promise<PhotoSource> {
    const ready = this.#photos.get(uri);
    if (ready) return Promise.resolve(ready);
    let pending = this.#loading.get(uri);
    if (!pending) {
      pending = loadPhoto(uri).then(
        (photo) => {
          this.#loading.delete(uri);
          if (this.#closed) {
            closePhoto(photo);
            throw new Error('the editor was closed');
          }
          this.#photos.set(uri, photo);
          return photo;
        },
        (error: unknown) => {
          this.#loading.delete(uri);
          throw error;
        },
      );
      this.#loading.set(uri, pending);
    }
    return pending;
  }

  /**
   * The photo for drawScene with its filter, at the smallest level at least `widthOnScreen` device
   * pixels wide (the full editor image when `widthOnScreen` is Infinity); null while not loaded.
   */
  scenePhoto(uri: string, filter: FilterId, widthOnScreen: number): ScenePhoto | null {
    const photo = this.#photos.get(uri);
    if (!photo) return null;
    let index = photo.levels.findIndex((level) => level.width >= widthOnScreen);
    if (index < 0) index = photo.levels.length - 1;
    const level = photo.levels[index] as ImageBitmap;
    return { image: this.#filteredLevel(uri, filter, index, level), size: photo.size };
  }

  #filteredLevel(uri: string, filter: FilterId, index: number, level: ImageBitmap): Level {
    if (filter === 'none') return level;
    const key = `${filter}|${index}|${uri}`;
    let copy = this.#filtered.get(key);
    if (!copy) {
      const { canvas, ctx } = canvas2d(level.width, level.height, { willReadFrequently: true });
      ctx.drawImage(level, 0, 0);
      const pixels = ctx.getImageData(0, 0, level.width, level.height);
      applyFilter(pixels.data, 4, filter);
      ctx.putImageData(pixels, 0, 0);
      copy = canvas;
      this.#filtered.set(key, copy);
    }
    return copy;
  }

  size(uri: string): PxSize | null {
    return this.#photos.get(uri)?.size ?? null;
  }

  close(): void {
    this.#closed = true;
    for (const photo of this.#photos.values()) closePhoto(photo);
    this.#photos.clear();
    this.#filtered.clear();
  }
}
