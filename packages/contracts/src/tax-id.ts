/**
 * Tax identification numbers for full invoices ('Necesito factura completa'), shared by the data
 * form and the server. Kept free of zod so the storefront runs it without the schema library.
 *
 * - Spanish NIF of a person (DNI: 8 digits and a check letter), NIE (X, Y or Z, 7 digits and a
 *   check letter) and NIF of a company or entity (formerly CIF: a letter, 7 digits and a check
 *   digit or letter), as the Ministry of the Interior (Orden INT/2058/2008) and Orden EHA/451/2008
 *   define them: the check character is verified.
 * - Another country's VAT number: the two-letter country prefix and 2 to 12 letters or digits
 *   (VIES formats differ by country; the AEAT receives it as IDOtro with IDType 02).
 */

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** ISO 3166-1 alpha-2 codes, plus EL (Greece's VAT prefix) and XI (Northern Ireland). */
const COUNTRIES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
    'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
    'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR ' +
    'IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
    'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
    'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
    'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW EL XI'
  ).split(' '),
);
const CIF_LETTERS = 'JABCDEFGHI';

export type TaxIdProblem = 'taxIdInvalid' | 'taxIdForeignInvalid';

export type TaxId = { kind: 'NIF'; id: string; country: 'ES' } | { kind: 'VAT'; id: string; country: string };

/** Upper case, without spaces, dots, dashes or slashes ("12.345.678-z" -> "12345678Z"). */
export const normalizeTaxId = (value: string): string => value.toUpperCase().replace(/[\s.\-/]/g, '');

function dniLetterOk(digits: string, letter: string): boolean {
  return DNI_LETTERS[Number(digits) % 23] === letter;
}

/** A Spanish NIF, NIE or company NIF (CIF) with a correct check character. */
export function isValidSpanishTaxId(raw: string): boolean {
  const v = normalizeTaxId(raw);
  let m = /^(\d{8})([A-Z])$/.exec(v);
  if (m) return dniLetterOk(m[1]!, m[2]!);
  m = /^([XYZ])(\d{7})([A-Z])$/.exec(v);
  if (m) return dniLetterOk(`${'XYZ'.indexOf(m[1]!)}${m[2]}`, m[3]!);
  // K, L, M: Spaniards without a DNI and foreigners without a NIE; same rule as a DNI.
  m = /^([KLM])(\d{7})([A-Z])$/.exec(v);
  if (m) return dniLetterOk(m[2]!, m[3]!);
  m = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(v);
  if (!m) return false;
  const [, letter, digits, control] = m as unknown as [string, string, string, string];
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digits[i]);
    if (i % 2 === 0) {
      const doubled = d * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else sum += d;
  }
  const check = (10 - (sum % 10)) % 10;
  // Entities that are not companies (P, Q, R, S, W, N) carry a letter; companies (A, B, E, H) a
  // digit; the others either.
  if ('PQRSWN'.includes(letter)) return control === CIF_LETTERS[check];
  if ('ABEH'.includes(letter)) return control === String(check);
  return control === String(check) || control === CIF_LETTERS[check];
}

/** Reads a tax id: a Spanish one (also written "ES12345678Z") or a foreign VAT number. */
export function parseTaxId(raw: string): TaxId | TaxIdProblem {
  const v = normalizeTaxId(raw);
  const spanish = v.startsWith('ES') ? v.slice(2) : v;
  if (isValidSpanishTaxId(spanish)) return { kind: 'NIF', id: spanish, country: 'ES' };
  const foreign = /^[A-Z]{2}/.test(v) && !v.startsWith('ES');
  if (!foreign) return 'taxIdInvalid';
  const prefix = v.slice(0, 2);
  if (!COUNTRIES.has(prefix) || !/^[A-Z]{2}(?=[0-9A-Z+*]*\d)[0-9A-Z+*]{2,12}$/.test(v))
    return 'taxIdForeignInvalid';
  // Greece's VAT prefix is EL; its ISO country code is GR.
  return { kind: 'VAT', id: v, country: prefix === 'EL' ? 'GR' : prefix };
}

export interface FiscalFields {
  taxId: string;
  name: string;
  address: string;
  postalCode: string;
  city: string;
}

export type FiscalProblem = 'fiscalFieldsRequired' | TaxIdProblem;

/** The first problem with the data of a full invoice, or null. */
export function fiscalProblem(f: FiscalFields): FiscalProblem | null {
  if (!f.taxId.trim() || !f.name.trim() || !f.address.trim() || !f.postalCode.trim() || !f.city.trim()) {
    return 'fiscalFieldsRequired';
  }
  const id = parseTaxId(f.taxId);
  return typeof id === 'string' ? id : null;
}
