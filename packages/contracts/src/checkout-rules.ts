/**
 * The contact and delivery rules of docs/product.md §5.3, shared by the data form and the server. Each rule
 * carries the message key of its text, so both sides say the same thing. Kept free of zod
 * so that the storefront's data form can run them without bundling the schema library.
 *
 * Stricter than the original brief's letter where the letter refused real customers or let rubbish through:
 * a phone is any valid Spanish number however it is written (spaces, dashes, +34, 0034), stored
 * in E.164; an e-mail must look like one (`antonio@` does not); a postal code is five digits whose
 * first two name a Spanish province (01-52).
 */
import { normaliseSpanishPhone } from './phone.ts';
import { OUTSIDE_IVA_PROVINCES } from './tax-territory.ts';

export { formatPhoneForPeople, normaliseSpanishPhone } from './phone.ts';

export const POSTAL_CODE = /^\d{5}$/;

/**
 * A postal code's first two digits are its province (INE code). A set of them says where the shop
 * delivers: the Spanish peninsula, as the shipping page promises.
 */
export type ProvinceSet = ReadonlySet<string>;

/** The 52 provinces and autonomous cities of Spain, 01 (Álava) to 52 (Melilla). */
export const SPANISH_PROVINCES: ProvinceSet = new Set(
  Array.from({ length: 52 }, (_, i) => String(i + 1).padStart(2, '0')),
);

/** Provinces with no home delivery: Illes Balears (07), Las Palmas (35), Santa Cruz de Tenerife (38), Ceuta (51), Melilla (52). */
export const NO_DELIVERY_PROVINCES: ProvinceSet = new Set(['07', ...OUTSIDE_IVA_PROVINCES]);

/** Where the shop delivers to the door: the Spanish peninsula (every province but the islands, Ceuta and Melilla). */
export const DELIVERY_PROVINCES: ProvinceSet = new Set(
  [...SPANISH_PROVINCES].filter((province) => !NO_DELIVERY_PROVINCES.has(province)),
);

/** What the data form says before the customer types an address (the same promise as the shipping page). */
export const DELIVERY_AREA_NOTE =
  'Enviamos a domicilio solo a la península. Para Baleares, Canarias, Ceuta y Melilla elige la recogida en tienda, sin gastos de envío.';

/** The province code of a postal code ('29' for '29005'), or null when it is not one. */
export function postalCodeProvince(postalCode: string, provinces: ProvinceSet = SPANISH_PROVINCES) {
  const code = postalCode.trim();
  if (!POSTAL_CODE.test(code)) return null;
  const province = code.slice(0, 2);
  return provinces.has(province) ? province : null;
}

/**
 * An e-mail address in the usual shape: a local part of the characters mail systems accept (no
 * leading, trailing or double dot), '@', and a domain of dot-separated labels ending in a top
 * level of two or more letters. Not RFC 5322 in full (quoted local parts, IP literals): those
 * exist on paper, not in a shop's customers.
 */
const EMAIL =
  /^(?!\.)(?!.*\.\.)[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]+(?<!\.)@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu;

export function isEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && EMAIL.test(email);
}

/** Bidirectional controls: invisible, they only reorder what a reader sees. */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** Line and paragraph breaks (CR, LF, NEL, U+2028, U+2029), tabs and every other control character. */
const BREAKS = /[\p{Cc}\u2028\u2029]+/gu;

/**
 * A field that is one line wherever it goes (a name on a shipping label, in a mail's header, on an
 * invoice): breaks and control characters become a space, bidirectional controls go, runs of
 * spaces become one, the ends are trimmed; composed (NFC), so one name is always stored alike.
 */
export function singleLine(value: string): string {
  return value.normalize('NFC').replace(BIDI_CONTROLS, '').replace(BREAKS, ' ').replace(/\s+/gu, ' ').trim();
}

export interface ContactFields {
  name: string;
  email: string;
  phone: string;
}

export interface DeliveryFields {
  address: string;
  city: string;
  postalCode: string;
}

export type ContactProblem =
  | 'nameRequired'
  | 'contactFieldsRequired'
  | 'emailRequiredToPay'
  | 'invalidEmail'
  | 'invalidPhone';
export type DeliveryProblem = 'deliveryFieldsRequired' | 'invalidPostalCode' | 'postalCodeNotDelivered';

/**
 * The first problem with the contact data, or null. The name is always required; e-mail and phone
 * for home delivery; the e-mail for paying online, whose receipt and invoice go there. A pickup
 * paid at the store may go without either: its confirmation page is the customer's copy.
 */
export function contactProblem(
  c: ContactFields,
  homeDelivery: boolean,
  payNow = false,
): ContactProblem | null {
  if (!singleLine(c.name)) return 'nameRequired';
  if (homeDelivery && (!c.email.trim() || !c.phone.trim())) return 'contactFieldsRequired';
  if (payNow && !c.email.trim()) return 'emailRequiredToPay';
  if (c.email.trim() && !isEmail(c.email)) return 'invalidEmail';
  if (c.phone.trim() && !normaliseSpanishPhone(c.phone)) return 'invalidPhone';
  return null;
}

/** The contact data as stored: the name on one line, the phone in E.164, empty optional fields as null. */
export function normaliseContact(c: ContactFields): {
  name: string;
  email: string | null;
  phone: string | null;
} {
  return {
    name: singleLine(c.name),
    email: c.email.trim() || null,
    phone: c.phone.trim() ? normaliseSpanishPhone(c.phone) : null,
  };
}

/**
 * The first problem with a delivery address, or null: every field filled in, a real Spanish postal
 * code, and one where the shop delivers (`delivered`, the peninsula by default). A real code
 * outside it ('07001', Palma) is not a typing mistake: it gets its own problem, which offers pickup.
 */
export function deliveryProblem(
  d: DeliveryFields,
  delivered: ProvinceSet = DELIVERY_PROVINCES,
): DeliveryProblem | null {
  if (!d.address.trim() || !d.city.trim() || !d.postalCode.trim()) return 'deliveryFieldsRequired';
  const province = postalCodeProvince(d.postalCode);
  if (!province) return 'invalidPostalCode';
  if (!delivered.has(province)) return 'postalCodeNotDelivered';
  return null;
}
