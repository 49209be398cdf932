/**
 * Where the shop may sell with Spanish IVA: the IVA territory of Ley 37/1992, art. 3, which leaves
 * out Canarias (Las Palmas 35, Santa Cruz de Tenerife 38), Ceuta (51) and Melilla (52). The shop's
 * invoices and VERI*FACTU records always carry IVA (tax 01, S1), so a store there could only
 * invoice wrongly: a store's postal code must lie inside the territory (docs/product.md §5.1,
 * ADR 26). Kept free of zod: the back-office form and the server run the same rule.
 */

/** Province codes (the postal code's first two digits) outside the IVA territory. */
export const OUTSIDE_IVA_PROVINCES: ReadonlySet<string> = new Set(['35', '38', '51', '52']);

/** True when a five-digit postal code lies in Canarias, Ceuta or Melilla. */
export function isOutsideIvaTerritory(postalCode: string): boolean {
  const code = postalCode.trim();
  return /^\d{5}$/.test(code) && OUTSIDE_IVA_PROVINCES.has(code.slice(0, 2));
}

/** What staff read next to a store's postal code outside the territory (and the API's message). */
export const STORE_OUTSIDE_IVA_TERRITORY_MESSAGE =
  'No puede haber tiendas en Canarias, Ceuta ni Melilla (códigos postales 35, 38, 51 y 52): están fuera del territorio del IVA y la tienda solo sabe facturar con IVA. Escribe un código postal de la península o de Baleares.';

/** The back-office form's rule for a store's postal code: null when it may be used. */
export function storePostalCodeProblem(postalCode: string): string | null {
  return isOutsideIvaTerritory(postalCode) ? STORE_OUTSIDE_IVA_TERRITORY_MESSAGE : null;
}
