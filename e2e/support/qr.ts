// Reads a QR code from the pixels of its on-screen drawing, as a phone camera would.
import assert from 'node:assert/strict';
import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';
import sharp from 'sharp';

export async function decodeQr(element: Locator): Promise<string> {
  const png = await element.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    info.width,
    info.height,
  );
  assert.ok(code, 'the QR code on the screen can be decoded');
  return code.data;
}
