/** Money travels as euros with two decimals in JSON and lives as integer cents everywhere else. */
export function centsToEuros(cents: number): number {
  return Math.round(cents) / 100;
}

export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}

const eur = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });

/** "5,00 €" */
export function formatEuros(euros: number): string {
  return eur.format(euros);
}
