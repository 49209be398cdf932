/**
 * What the customer types into a text, by the same rules wherever they type it (the 'Texto' panel,
 * the field laid over the text on the case): as many characters as a reader counts up to the
 * limit, only characters the shop's faces print, and never an empty text on the case.
 */
import { messages } from '@shop/contracts/messages';
import { isPrintableText, MAX_TEXT_LENGTH, textLength, textWithinCodePoints } from '@shop/contracts/scene';

/** The first `max` characters of `text`, as a reader counts them. */
export function firstCharacters(text: string, max: number): string {
  let kept = '';
  let n = 0;
  for (const { segment } of new Intl.Segmenter('es', { granularity: 'grapheme' }).segment(text)) {
    if (n++ === max) break;
    kept += segment;
  }
  return kept;
}

export interface Typed {
  /** What the field shows now: null keeps what it showed (the keystroke is refused). */
  field: string | null;
  /** What the text on the case becomes: null leaves it as it is (refused, or an empty field). */
  text: string | null;
  /** Why, for the customer, when something was refused or cut. */
  message: string | null;
}

export function typed(value: string): Typed {
  if (!isPrintableText(value)) return { field: null, text: null, message: messages.textNotPrintable };
  if (textLength(value) > MAX_TEXT_LENGTH) {
    const cut = firstCharacters(value, MAX_TEXT_LENGTH);
    if (!textWithinCodePoints(cut))
      return { field: null, text: null, message: messages.textTooManyCodePoints };
    return { field: cut, text: cut, message: messages.textTooLong };
  }
  if (!textWithinCodePoints(value))
    return { field: null, text: null, message: messages.textTooManyCodePoints };
  if (value.trim() === '') return { field: value, text: null, message: messages.textEmpty };
  return { field: value, text: value, message: null };
}
