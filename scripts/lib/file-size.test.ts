import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fileSizeProblems, lineCount } from './file-size.ts';

const sizes = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('the size of the server source files', () => {
  test('lines are counted as an editor numbers them', () => {
    assert.equal(lineCount(''), 0);
    assert.equal(lineCount('a'), 1);
    assert.equal(lineCount('a\n'), 1);
    assert.equal(lineCount('a\nb\n'), 2);
    assert.equal(lineCount('a\n\nb'), 3);
  });

  test('files up to the limit pass, one line more fails, naming the file and its count', () => {
    assert.deepEqual(fileSizeProblems(sizes({ 'a.ts': 400, 'b.ts': 12 }), {}), []);
    assert.deepEqual(fileSizeProblems(sizes({ 'a.ts': 401, 'b.ts': 12 }), {}), [
      'a.ts: 401 lines, more than 400: split it by concern',
    ]);
    assert.deepEqual(fileSizeProblems(sizes({ 'a.ts': 11 }), {}, 10), [
      'a.ts: 11 lines, more than 10: split it by concern',
    ]);
  });

  test('an allowed file may stay over the limit up to its ceiling, and not grow', () => {
    const allowed = { 'big.ts': 530 };
    assert.deepEqual(fileSizeProblems(sizes({ 'big.ts': 530 }), allowed), []);
    assert.deepEqual(fileSizeProblems(sizes({ 'big.ts': 480 }), allowed), []);
    assert.deepEqual(fileSizeProblems(sizes({ 'big.ts': 531 }), allowed), [
      'big.ts: 531 lines, over its allowance of 530: an allowed file may not grow',
    ]);
  });

  test('an allowance no longer needed fails, so the list only shrinks', () => {
    const allowed = { 'big.ts': 530, 'gone.ts': 450 };
    assert.deepEqual(fileSizeProblems(sizes({ 'big.ts': 400 }), allowed), [
      'big.ts: 400 lines, no longer over 400: strike its allowance',
      'gone.ts: allowed 450 lines but no longer exists: strike its allowance',
    ]);
  });
});
