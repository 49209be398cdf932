import type { DecodedUrl, Origin } from '@shop/contracts/stores';

/**
 * A store link code: base64url of `<storeId>:<origin>`, where origin is `false` for a plain link
 * and `screen` for the kiosk inside the store. Not a secret: it only says which store to open.
 */
export function encodeStoreUrl(storeId: number, origin: Origin): string {
  return Buffer.from(`${storeId}:${origin}`, 'utf8').toString('base64url');
}

const DECODED = /^([1-9][0-9]{0,9}):(false|screen)$/;

/** The store and origin of a code, or null for anything that `encodeStoreUrl` could not have made. */
export function decodeStoreUrl(code: string): DecodedUrl | null {
  if (!/^[A-Za-z0-9_-]{4,40}$/.test(code)) return null;
  const text = Buffer.from(code, 'base64url').toString('utf8');
  const match = DECODED.exec(text);
  if (!match) return null;
  const storeId = Number(match[1]);
  if (storeId > 2_147_483_647) return null;
  // Round trip, so that variants with stray padding bits do not count as the same code.
  if (encodeStoreUrl(storeId, match[2] as Origin) !== code) return null;
  return { storeId, fromURL: match[2] as Origin };
}
