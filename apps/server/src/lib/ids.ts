import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** 128 bits from the CSPRNG, URL-safe. */
export const randomToken = (): string => randomBytes(16).toString('base64url');

export const newOrderId = (): string => randomUUID();

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** "Galaxy S24 Ultra" and "galaxy s24 últra" meet at "galaxy s24 ultra". */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Escapes `%`, `_` and `\\` for a LIKE pattern. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
