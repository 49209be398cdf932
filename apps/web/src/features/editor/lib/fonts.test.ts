import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { newCodePoints, splitForFaces } from './fonts.ts';

describe('what each face loads for a text', () => {
  test('a text without emoji loads nothing of the emoji face, digits included', () => {
    assert.deepEqual(splitForFaces('Lucía 2026 #1'), { font: 'Lucía 2026 #1', emoji: '' });
  });

  test('the emoji face loads the emoji of the text, each whole', () => {
    // ❤️ is U+2764 U+FE0F.
    assert.deepEqual(splitForFaces('Te quiero ❤️'), { font: 'Te quiero ❤️', emoji: '\u2764\ufe0f' });
    // 👩‍💻: woman, zero-width joiner, laptop.
    assert.equal(splitForFaces('a\u{1F469}\u200d\u{1F4BB}b').emoji, '\u{1F469}\u200d\u{1F4BB}');
    // A flag is two regional indicators; a keycap is its digit, a selector and the keycap mark.
    assert.equal(splitForFaces('\u{1F1EA}\u{1F1F8} 1\ufe0f\u20e3').emoji, '\u{1F1EA}\u{1F1F8}1\ufe0f\u20e3');
  });

  test('only the characters not loaded yet are asked for, once each', () => {
    assert.deepEqual(newCodePoints('hola hola', new Set(['h', 'o'])), ['l', 'a', ' ']);
    assert.deepEqual(newCodePoints('\u{1F602}\u{1F602}', new Set()), ['\u{1F602}']);
  });
});
