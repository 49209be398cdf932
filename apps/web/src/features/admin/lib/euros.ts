const inputFormat = new Intl.NumberFormat('es-ES', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

/** An amount as typed in a price field: "19,90" (es-ES, no currency sign, no thousands separator). */
export const formatEurosInput = (euros: number): string => inputFormat.format(euros);

/**
 * Reads a price typed by a person: "19,90", "19.90", "19", "1.234,50" or "19,90 €". Null when it is
 * not an amount of euros with at most two decimals.
 */
export function parseEuros(text: string): number | null {
  let value = text.replace(/\s|€/g, '');
  // Both separators: the last one is the decimal one, the other groups thousands.
  if (value.includes(',') && value.includes('.')) {
    value =
      value.lastIndexOf(',') > value.lastIndexOf('.') ? value.replace(/\./g, '') : value.replace(/,/g, '');
  }
  value = value.replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) return null;
  return Math.round(Number(value) * 100) / 100;
}

/** A difference of price as typed: "7", "+7,00", "-2,50" or "−2,50"; null when it is not one. */
export function parseSignedEuros(text: string): number | null {
  const trimmed = text.trim().replace('−', '-');
  const euros = parseEuros(trimmed.replace(/^[-+]\s*/, ''));
  if (euros === null) return null;
  return trimmed.startsWith('-') && euros !== 0 ? -euros : euros;
}
