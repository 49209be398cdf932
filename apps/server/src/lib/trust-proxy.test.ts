import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseTrustProxy } from './trust-proxy.ts';

test('TRUST_PROXY: off, a hop count, or the proxies addresses', () => {
  assert.deepEqual(parseTrustProxy('0'), { ok: true, value: false });
  assert.deepEqual(parseTrustProxy(''), { ok: true, value: false });
  assert.deepEqual(parseTrustProxy('1'), { ok: true, value: 1 });
  assert.deepEqual(parseTrustProxy('2'), { ok: true, value: 2 });
  assert.deepEqual(parseTrustProxy('10.0.0.0/8, 192.0.2.10,loopback'), {
    ok: true,
    value: ['10.0.0.0/8', '192.0.2.10', 'loopback'],
  });
  assert.deepEqual(parseTrustProxy('2001:db8::/32'), { ok: true, value: ['2001:db8::/32'] });
});

test('TRUST_PROXY: what it cannot read is refused, naming the entry', () => {
  for (const bad of [
    'true',
    'yes',
    '10.0.0.0/33',
    '2001:db8::/129',
    '10.0.0.1/8/2',
    'proxy.example',
    '11',
    '-1',
  ]) {
    const parsed = parseTrustProxy(bad);
    assert.equal(parsed.ok, false, bad);
  }
  const parsed = parseTrustProxy('10.0.0.0/8, nginx');
  assert.equal(parsed.ok, false);
  assert.match(parsed.ok ? '' : parsed.message, /"nginx"/);
});
