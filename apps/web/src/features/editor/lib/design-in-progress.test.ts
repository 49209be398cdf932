import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KEEP_DAYS, parseDesignInProgress } from './design-in-progress';

const entry = {
  orderId: '0b6f3c2e-4a1d-4e8b-9c7a-2f1e3d4c5b6a',
  storeId: 1,
  storeUrl: 'MTpmYWxzZQ',
  savedAt: Date.UTC(2026, 10, 1),
};
const day = 24 * 60 * 60 * 1000;

test('a design in progress is read back while it is recent and well formed', () => {
  assert.deepEqual(parseDesignInProgress(JSON.stringify(entry), entry.savedAt + day), entry);
  assert.equal(
    parseDesignInProgress(JSON.stringify(entry), entry.savedAt + KEEP_DAYS * day),
    null,
    'too old',
  );
  assert.equal(parseDesignInProgress(null, entry.savedAt), null);
  assert.equal(parseDesignInProgress('{not json', entry.savedAt), null);
  for (const broken of [
    { ...entry, orderId: '../admin' },
    { ...entry, storeId: 0 },
    { ...entry, storeId: '1' },
    { ...entry, storeUrl: '' },
    { ...entry, savedAt: 'yesterday' },
  ]) {
    assert.equal(parseDesignInProgress(JSON.stringify(broken), entry.savedAt), null, JSON.stringify(broken));
  }
});
