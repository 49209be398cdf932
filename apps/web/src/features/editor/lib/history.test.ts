import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canRedo, canUndo, createHistory, record, redo, replace, undo } from './history.ts';

test('a change can be undone and redone', () => {
  let h = createHistory('a');
  assert.equal(canUndo(h), false);
  h = record(h, 'b');
  h = record(h, 'c');
  assert.equal(h.present, 'c');
  h = undo(h);
  assert.equal(h.present, 'b');
  assert.equal(canRedo(h), true);
  h = undo(h);
  assert.equal(h.present, 'a');
  assert.equal(canUndo(h), false);
  assert.equal(undo(h), h, 'nothing left to undo changes nothing');
  h = redo(redo(h));
  assert.equal(h.present, 'c');
  assert.equal(redo(h), h, 'nothing left to redo changes nothing');
});

test('a new change after an undo forgets what could be redone', () => {
  let h = record(record(createHistory(1), 2), 3);
  h = undo(h);
  h = record(h, 4);
  assert.deepEqual([...h.past, h.present], [1, 2, 4]);
  assert.equal(canRedo(h), false);
});

test('recording the same state is not a step', () => {
  const state = { x: 1 };
  const h = createHistory(state);
  assert.equal(record(h, state), h);
});

test('the history keeps at most `limit` steps, forgetting the oldest', () => {
  let h = createHistory(0);
  for (let i = 1; i <= 10; i++) h = record(h, i, 3);
  assert.deepEqual(h.past, [7, 8, 9]);
  assert.equal(h.present, 10);
});

test('replace changes the present without a step to undo', () => {
  let h = record(createHistory('a'), 'b');
  h = replace(h, 'b2');
  assert.equal(h.present, 'b2');
  assert.equal(undo(h).present, 'a');
});
