import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatSignedEuros, priceDifference } from './signed-euros.ts';

// Intl writes a no-break space before the euro sign.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

test('a difference carries its sign, a true minus for less', () => {
  assert.equal(plain(formatSignedEuros(7)), '+7,00 €');
  assert.equal(plain(formatSignedEuros(-2.5)), '−2,50 €');
  assert.equal(plain(formatSignedEuros(0)), '0,00 €');
  assert.equal(plain(formatSignedEuros(1234.5)), '+1234,50 €');
});

test('what a price adds over another is counted in cents, and nothing when they are equal', () => {
  assert.equal(plain(priceDifference(26.9, 19.9)), '+7,00 €');
  assert.equal(plain(priceDifference(19.9 + 0.1 + 0.2, 20.2)), '');
  assert.equal(plain(priceDifference(17.4, 19.9)), '−2,50 €');
  assert.equal(priceDifference(19.9, 19.9), '');
});
