import { eurosToCents, formatEuros } from '@shop/contracts/money';

/**
 * A price difference as people read it: '+7,00 €', '−2,00 €' (a true minus sign) or '0,00 €'.
 * Counted in cents, so 26,90 € − 19,90 € is exactly '+7,00 €'.
 */
export function formatSignedEuros(euros: number): string {
  const cents = eurosToCents(euros);
  if (cents === 0) return formatEuros(0);
  return `${cents > 0 ? '+' : '−'}${formatEuros(Math.abs(cents) / 100)}`;
}

/** What `price` adds over `base` ('+7,00 €'); empty when they are the same. */
export function priceDifference(price: number, base: number): string {
  const cents = eurosToCents(price) - eurosToCents(base);
  return cents === 0 ? '' : formatSignedEuros(cents / 100);
}
