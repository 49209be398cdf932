import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SCENE_VERSION, type Scene } from '@shop/contracts/scene';

/** A stand-in for the browser's Image: decodes at once, except the files listed in `broken`. */
const fetched: string[] = [];
const broken = new Set<string>();
class FakeImage {
  src = '';
  decode(): Promise<void> {
    fetched.push(this.src);
    return broken.has(this.src) ? Promise.reject(new Error('EncodingError')) : Promise.resolve();
  }
}
Object.assign(globalThis, { Image: FakeImage });
const { loadSticker, stickerImages, stickerUrl } = await import('./stickers.ts');

const scene = (stickers: string[]): Scene => ({
  version: SCENE_VERSION,
  model: 1,
  layout: 'one',
  background: '#ffffff',
  slots: [{ photo: null, transform: null, filter: 'none' }],
  layers: [
    {
      kind: 'text',
      id: 't',
      text: 'Hola',
      font: 'lobster',
      size: 0.1,
      colour: '#111111',
      align: 'center',
      rotation: 0,
      x: 0.5,
      y: 0.5,
    },
    ...stickers.map((sticker, i) => ({
      kind: 'sticker' as const,
      id: `s${i}`,
      sticker,
      size: 0.3,
      rotation: 0,
      x: 0.5,
      y: 0.5,
    })),
  ],
});

describe('sticker pictures', () => {
  test('each sticker is fetched once, from its file in public/stickers', async () => {
    fetched.length = 0;
    const a = await loadSticker('gato');
    const b = await loadSticker('gato');
    assert.equal(a, b);
    assert.deepEqual(fetched, ['/stickers/gato.svg']);
    assert.equal(stickerUrl('corazon'), '/stickers/corazon.svg');
  });

  test("a scene's pictures come by sticker id, each once", async () => {
    fetched.length = 0;
    const images = await stickerImages(scene(['sol', 'luna', 'sol']));
    assert.deepEqual([...images.keys()], ['sol', 'luna']);
    assert.deepEqual(fetched.sort(), ['/stickers/luna.svg', '/stickers/sol.svg']);
  });

  test('an unknown sticker is refused, and a failed fetch is tried again next time', async () => {
    await assert.rejects(loadSticker('no-existe'), /unknown sticker/);
    broken.add('/stickers/fresa.svg');
    await assert.rejects(loadSticker('fresa'));
    broken.clear();
    fetched.length = 0;
    await loadSticker('fresa');
    assert.deepEqual(fetched, ['/stickers/fresa.svg']);
  });
});
