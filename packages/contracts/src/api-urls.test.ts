import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { brandUrl, modelsUrl, storeCodeUrl, storeUrl, storeValidationUrl, withQuery } from './api-urls.ts';
import { modelsPageBrand, parseRouteId, storePageCode } from './storefront.ts';

// The storefront asks for these URLs and the server writes answers into pages under them: a
// different spelling on one side (an order of the query, a default) would quietly waste the answer.
describe('the storefront calls, spelt once', () => {
  test('a page of models: store, brand, search, page and size, in that order, with their defaults', () => {
    assert.equal(modelsUrl({ store: 1, brand: 2 }), '/api/models?store=1&brand=2&page=1&size=20');
    assert.equal(modelsUrl({ store: 1, brand: 2, size: 1 }), '/api/models?store=1&brand=2&page=1&size=1');
    assert.equal(
      modelsUrl({ store: 3, brand: 4, filtro: 'pro max', page: 2 }),
      '/api/models?store=3&brand=4&filtro=pro+max&page=2&size=20',
    );
  });

  test('a query leaves out what is not given, and encodes what is', () => {
    assert.equal(withQuery('/api/x', undefined), '/api/x');
    assert.equal(withQuery('/api/x', { a: undefined, b: '' }), '/api/x');
    assert.equal(withQuery('/api/x', { q: 'á&b', n: 0 }), '/api/x?q=%C3%A1%26b&n=0');
    assert.equal(storeCodeUrl('MTpmYWxzZQ'), '/api/stores/decode-url?encodedUrl=MTpmYWxzZQ');
    assert.equal(storeCodeUrl('a b/c'), '/api/stores/decode-url?encodedUrl=a+b%2Fc');
  });

  test('stores and brands by id', () => {
    assert.equal(storeUrl(7), '/api/stores/7');
    assert.equal(storeValidationUrl(7), '/api/stores/7/validate');
    assert.equal(brandUrl(3), '/api/brands/3');
  });
});

describe('the pages that come with their first screen', () => {
  test('a route id is a positive integer as written', () => {
    assert.equal(parseRouteId('3'), 3);
    assert.equal(parseRouteId('1234567890'), 1234567890);
    for (const bad of [undefined, '', '0', '03', '-1', '1.5', '1e3', ' 1', '12345678901', 'abc']) {
      assert.equal(parseRouteId(bad), null, String(bad));
    }
  });

  test('the models page of a brand', () => {
    assert.equal(modelsPageBrand('/models/3'), 3);
    assert.equal(modelsPageBrand('/models/3/'), 3);
    for (const other of ['/models', '/models/x', '/models/3/4', '/store/3', '/', '/admin/models/3']) {
      assert.equal(modelsPageBrand(other), null, other);
    }
  });

  test("a store's homepage and its link's code", () => {
    assert.equal(storePageCode('/store/MTpmYWxzZQ'), 'MTpmYWxzZQ');
    assert.equal(storePageCode('/store/a%20b'), 'a b');
    for (const other of ['/store', '/store/', '/store/%E0%A4%A', '/store/a/b', '/models/1']) {
      assert.equal(storePageCode(other), null, other);
    }
  });
});
