import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RecentKeys } from './recent-keys.ts';

test('recent keys: bounded, the oldest half out at once, a key in use kept', () => {
  const keys = new RecentKeys(4);
  for (const k of ['a', 'b', 'c']) keys.add(k);
  assert.equal(keys.size, 3);
  assert.ok(keys.has('a'), 'a moves back into the current generation');
  keys.add('d');
  keys.add('e');
  assert.ok(keys.size <= 4);
  assert.ok(keys.has('a'));
  assert.ok(keys.has('e'));
  assert.equal(keys.has('b'), false, 'b was neither used nor recent');
  for (let i = 0; i < 1000; i++) keys.add(`k${i}`);
  assert.ok(keys.size <= 4);
  assert.ok(keys.has('k999'));
  assert.equal(keys.has('a'), false);
});
