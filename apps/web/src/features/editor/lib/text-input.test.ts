import assert from 'node:assert/strict';
import { test } from 'node:test';
import { messages } from '@shop/contracts/messages';
import { firstCharacters, typed } from './text-input.ts';

test('a text is kept as typed when it is printable, not empty and short enough', () => {
  assert.deepEqual(typed('Hola 👋🏽'), { field: 'Hola 👋🏽', text: 'Hola 👋🏽', message: null });
});

test('characters the faces cannot print are refused, and the field keeps what it had', () => {
  assert.deepEqual(typed('Hola 你好'), { field: null, text: null, message: messages.textNotPrintable });
});

test('past 40 characters as a reader counts them the text is cut, an emoji counting one', () => {
  const long = `${'a'.repeat(39)}👍🏽👍🏽`;
  const result = typed(long);
  assert.equal(result.text, `${'a'.repeat(39)}👍🏽`);
  assert.equal(result.field, result.text);
  assert.equal(result.message, messages.textTooLong);
  assert.equal(firstCharacters('👨‍👩‍👧abc', 2), '👨‍👩‍👧a');
});

test('an empty field changes nothing on the case and says what to do', () => {
  assert.deepEqual(typed('  '), { field: '  ', text: null, message: messages.textEmpty });
});

test('a character stuffed with invisible code points is refused, and the field keeps what it had', () => {
  const stuffed = `Hola \u{1F3F4}${'\u{E0061}'.repeat(150)}\u{E007F}`;
  assert.deepEqual(typed(stuffed), { field: null, text: null, message: messages.textTooManyCodePoints });
  const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
  assert.equal(typed(`Hola ${england}`).text, `Hola ${england}`);
});
