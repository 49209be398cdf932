import assert from 'node:assert/strict';
import { test } from 'node:test';
import { XSRF_COOKIE, XSRF_COOKIE_HOST, xsrfCookieName, xsrfTokenFromCookies } from './csrf.ts';

test('the token cookie is __Host- prefixed when cookies are Secure, plain otherwise', () => {
  assert.equal(xsrfCookieName(true), '__Host-XSRF-TOKEN');
  assert.equal(xsrfCookieName(false), 'XSRF-TOKEN');
  assert.equal(XSRF_COOKIE_HOST, `__Host-${XSRF_COOKIE}`);
});

test('a page reads the prefixed cookie first, the plain one while developing', () => {
  assert.equal(xsrfTokenFromCookies('a=1; XSRF-TOKEN=plain; __Host-XSRF-TOKEN=host%2Dtok'), 'host-tok');
  assert.equal(xsrfTokenFromCookies('XSRF-TOKEN=abc.def; sid=x'), 'abc.def');
  assert.equal(xsrfTokenFromCookies('sid=x; NOT-XSRF-TOKEN=y'), undefined);
  assert.equal(xsrfTokenFromCookies(''), undefined);
});
