import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatEurosInput, parseEuros, parseSignedEuros } from './euros.ts';

test('prices are typed the Spanish way or the English way', () => {
  assert.equal(parseEuros('19,90'), 19.9);
  assert.equal(parseEuros('19.90'), 19.9);
  assert.equal(parseEuros(' 24 '), 24);
  assert.equal(parseEuros('1.234,50 €'), 1234.5);
  assert.equal(parseEuros('1,234.50'), 1234.5);
  assert.equal(parseEuros('0,05'), 0.05);
});

test('anything else is not a price', () => {
  for (const text of ['', 'abc', '19,999', '-5', '1e3', '19,9,9', ','])
    assert.equal(parseEuros(text), null, text);
});

test('amounts are shown with a decimal comma and two decimals', () => {
  assert.equal(formatEurosInput(19.9), '19,90');
  assert.equal(formatEurosInput(1234.5), '1234,50');
  assert.equal(formatEurosInput(5), '5,00');
});

test('a difference of price may be negative, with a hyphen or a minus sign', () => {
  assert.equal(parseSignedEuros('7'), 7);
  assert.equal(parseSignedEuros('+7,00'), 7);
  assert.equal(parseSignedEuros('-2,50'), -2.5);
  assert.equal(parseSignedEuros('− 2,50 €'), -2.5);
  assert.equal(parseSignedEuros('-0'), 0);
  for (const text of ['', '--2', '+-2', '2-', 'abc']) assert.equal(parseSignedEuros(text), null, text);
});
