import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  cropBox,
  cropRgba,
  isEmptyPixel,
  whitenNearWhite,
  whitenNearWhiteInPlace,
} from './template-rules.ts';

describe('isEmptyPixel', () => {
  it('treats 230 as ink and 231 on every channel as empty (strictly above 230)', () => {
    assert.equal(isEmptyPixel(230, 230, 230, 255), false);
    assert.equal(isEmptyPixel(231, 231, 231, 255), true);
    assert.equal(isEmptyPixel(231, 231, 230, 255), false);
    assert.equal(isEmptyPixel(230, 255, 255, 255), false);
    assert.equal(isEmptyPixel(255, 255, 255, 255), true);
  });

  it('treats alpha 0 as empty whatever the colour, and any other alpha by colour', () => {
    assert.equal(isEmptyPixel(0, 0, 0, 0), true);
    assert.equal(isEmptyPixel(85, 85, 85, 0), true);
    assert.equal(isEmptyPixel(0, 0, 0, 1), false);
    assert.equal(isEmptyPixel(255, 255, 255, 1), true);
  });
});

describe('whitenNearWhite', () => {
  it('whitens above 235 on every channel (236 yes, 235 no) and keeps alpha', () => {
    const px = new Uint8ClampedArray([
      235, 235, 235, 255, 236, 236, 236, 128, 236, 236, 235, 255, 240, 250, 236, 0,
    ]);
    const out = whitenNearWhite(px);
    assert.ok(out instanceof Uint8ClampedArray);
    assert.deepEqual(
      [...out],
      [235, 235, 235, 255, 255, 255, 255, 128, 236, 236, 235, 255, 255, 255, 255, 0],
    );
    assert.equal(px[4], 236, 'the input is left alone');
    const inPlace = new Uint8Array([236, 237, 238, 7]);
    whitenNearWhiteInPlace(inPlace);
    assert.deepEqual([...inPlace], [255, 255, 255, 7]);
  });
});

/** A little template like ours: opaque white sheet, transparent body, grey island, dark outline. */
function syntheticTemplate(width: number, height: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  const set = (x: number, y: number, [r, g, b, a]: number[]) =>
    rgba.set([r!, g!, b!, a!], (y * width + x) * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inBody = x >= 3 && x <= 16 && y >= 2 && y <= 27;
      const onEdge = inBody && (x === 3 || x === 16 || y === 2 || y === 27);
      const inCamera = x >= 5 && x <= 9 && y >= 4 && y <= 8;
      if (!inBody)
        set(x, y, [x % 2 ? 255 : 240, 250, 236, 255]); // near-white paper with JPEG-like noise
      else if (onEdge) set(x, y, [85, 85, 85, 255]);
      else if (inCamera) set(x, y, [217, 217, 217, 255]);
      else set(x, y, [0, 0, 0, 0]);
    }
  }
  return rgba;
}

describe('cropBox', () => {
  it('finds the bounding box of the non-empty pixels of a template', () => {
    assert.deepEqual(cropBox(syntheticTemplate(20, 30), 20, 30), { x: 3, y: 2, width: 14, height: 26 });
  });

  it('counts a light grey of 230 as ink and 231 as paper', () => {
    const rgba = new Uint8Array(5 * 4 * 4).fill(255);
    rgba.set([230, 230, 230, 255], (1 * 5 + 3) * 4);
    rgba.set([231, 231, 231, 255], (3 * 5 + 0) * 4);
    assert.deepEqual(cropBox(rgba, 5, 4), { x: 3, y: 1, width: 1, height: 1 });
  });

  it('returns null when everything is empty', () => {
    assert.equal(cropBox(new Uint8Array(4 * 4 * 4), 4, 4), null);
    assert.equal(cropBox(new Uint8Array(4 * 4 * 4).fill(255), 4, 4), null);
    assert.equal(cropBox(new Uint8Array(0), 0, 0), null);
  });

  it('refuses a buffer that does not match the size', () => {
    assert.throws(() => cropBox(new Uint8Array(10), 2, 2), /does not hold/);
  });

  it('copies the crop box out', () => {
    const rgba = syntheticTemplate(20, 30);
    const box = cropBox(rgba, 20, 30)!;
    const cropped = cropRgba(rgba, 20, box);
    assert.equal(cropped.length, 14 * 26 * 4);
    assert.deepEqual([...cropped.subarray(0, 4)], [85, 85, 85, 255]);
    assert.deepEqual(cropBox(cropped, 14, 26), { x: 0, y: 0, width: 14, height: 26 });
  });
});
