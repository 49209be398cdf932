import assert from 'node:assert/strict';
import { test } from 'node:test';
import { refundAmountPrefill } from './refund-form.ts';

test('the refund dialog opens with the refundable amount as Spanish money input', () => {
  assert.equal(refundAmountPrefill({ refundable: 19.9 }), '19,90');
  assert.equal(refundAmountPrefill({ refundable: 24 }), '24,00');
  assert.equal(refundAmountPrefill({ refundable: 1234.5 }), '1234,50');
});
