/**
 * Spanish phone numbers, as customers type them and as people read them. Parsing and validation
 * are libphonenumber-js's (its small "min" metadata); we only decide what we accept (a valid
 * Spanish number, however it is written: '612 345 678', '+34 612 345 678', '612-345-678',
 * '0034612345678'), what we store (E.164, '+34612345678') and how we show it ('+34 612 345 678').
 * Shared by the checkout form, the server and everything that prints a number.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** What a number is read as when it has no country code of its own. */
const HOME_COUNTRY = 'ES';

/** The number in E.164 ('+34612345678') when `input` is a valid Spanish number; null otherwise. */
export function normaliseSpanishPhone(input: string): string | null {
  const text = input.trim();
  // libphonenumber-js reads a bare '34...' as a national number; people (and autofill) mean +34.
  const withPlus = /^34\d{9}$/.test(text.replace(/[\s.\-()]/g, '')) ? `+${text}` : text;
  const phone = parsePhoneNumberFromString(withPlus, HOME_COUNTRY);
  if (!phone || phone.country !== HOME_COUNTRY || !phone.isValid()) return null;
  return phone.number;
}

/**
 * A number for people: Spanish numbers as '+34 600 000 000' (the grouping Spaniards write, three
 * by three), others in their international form; anything unreadable as it came.
 */
export function formatPhoneForPeople(value: string): string {
  const text = value.trim();
  const phone = parsePhoneNumberFromString(/^\d{11,15}$/.test(text) ? `+${text}` : text, HOME_COUNTRY);
  if (!phone?.isValid()) return value;
  const national = phone.nationalNumber;
  if (phone.countryCallingCode === '34' && national.length === 9) {
    return `+34 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
  }
  return phone.formatInternational();
}
