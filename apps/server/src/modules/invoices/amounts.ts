/**
 * Invoice amounts in integer cents. Shop prices include VAT (Ley 37/1992 art. 90: 21 % general
 * rate), so the base is taken out of the total: base = round(total / 1.21), VAT = total - base. The
 * VAT is never rounded on its own, so base + VAT is always exactly what the customer paid.
 */

export const VAT_RATE = 21;

export interface InvoiceLine {
  description: string;
  quantity: number;
  /** VAT included, what the customer pays for the line. */
  totalCents: number;
  baseCents: number;
  vatCents: number;
  vatRate: number;
}

export interface InvoiceTotals {
  baseCents: number;
  vatCents: number;
  totalCents: number;
  vatRate: number;
}

/** Splits a VAT-included amount into base and VAT. */
export function splitVatIncluded(
  totalCents: number,
  ratePercent = VAT_RATE,
): { baseCents: number; vatCents: number } {
  if (!Number.isSafeInteger(totalCents)) throw new RangeError(`importe no entero en céntimos: ${totalCents}`);
  // Integers only: total * 100 / (100 + rate) is never exactly halfway for a 21 % rate, so
  // Math.round on the exact quotient gives the nearest cent.
  const baseCents = Math.round((totalCents * 100) / (100 + ratePercent));
  return { baseCents, vatCents: totalCents - baseCents };
}

/**
 * Lines with their own base and VAT, and the invoice totals. The totals are computed on the sum of
 * the lines, as the VAT breakdown per rate requires (one base and one quota per rate); each line's
 * base is rounded on its own and, when those roundings add up to a cent more or less than the
 * total's, the cent goes to the largest line, so the lines always add up to the printed totals.
 */
export function buildInvoiceAmounts(items: readonly { description: string; totalCents: number }[]): {
  lines: InvoiceLine[];
  totals: InvoiceTotals;
} {
  const totalCents = items.reduce((sum, i) => sum + i.totalCents, 0);
  const totals = { ...splitVatIncluded(totalCents), totalCents, vatRate: VAT_RATE };
  const lines: InvoiceLine[] = items.map((i) => ({
    description: i.description,
    quantity: 1,
    totalCents: i.totalCents,
    ...splitVatIncluded(i.totalCents),
    vatRate: VAT_RATE,
  }));
  const drift = totals.baseCents - lines.reduce((sum, l) => sum + l.baseCents, 0);
  if (drift !== 0 && lines.length > 0) {
    const largest = lines.reduce((a, b) => (b.totalCents > a.totalCents ? b : a));
    largest.baseCents += drift;
    largest.vatCents -= drift;
  }
  return { lines, totals };
}
