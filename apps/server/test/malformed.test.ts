import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ErrorCode } from '@shop/contracts/errors';
import {
  ADMIN,
  type Client,
  createStaff,
  createTestApp,
  signedIn,
  type TestApp,
  tableCounts,
} from './helpers.ts';

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** A JSON value, or a raw string sent as is. */
  body?: unknown;
  raw?: string;
  contentType?: string;
  status: number;
  code?: string;
}

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const validStore = { name: 'T', address: 'Calle 1', postalCode: '29001', town: 'Málaga', province: 'Málaga' };
const validModel = { name: 'M', brand: { id: 1 }, price: 19.9 };

/**
 * Malformed requests to every route of the stores, catalogue, orders and sign-in calls, sent by a
 * signed-in admin (so the only reason to refuse is the request itself).
 */
const cases: Case[] = [
  // stores
  {
    name: 'store id not a number',
    method: 'GET',
    url: '/api/stores/abc',
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  { name: 'store id negative', method: 'GET', url: '/api/stores/-1', status: 400 },
  { name: 'store id float', method: 'GET', url: '/api/stores/1.5', status: 400 },
  { name: 'store id huge', method: 'GET', url: '/api/stores/99999999999999999999', status: 400 },
  { name: 'unknown store', method: 'GET', url: '/api/stores/777', status: 404, code: 'STORE_NOT_FOUND' },
  { name: 'validate unknown store', method: 'GET', url: '/api/stores/777/validate', status: 404 },
  { name: 'bad origin', method: 'GET', url: '/api/stores/1/kiosk', status: 400 },
  { name: 'decode-url missing', method: 'GET', url: '/api/stores/decode-url', status: 400 },
  {
    name: 'decode-url garbage',
    method: 'GET',
    url: '/api/stores/decode-url?encodedUrl=%3Cscript%3E',
    status: 400,
    code: 'INVALID_URL_CODE',
  },
  { name: 'store name too long', method: 'GET', url: `/api/stores?name=${'x'.repeat(500)}`, status: 400 },
  { name: 'store body missing', method: 'POST', url: '/api/stores', status: 400 },
  { name: 'store missing fields', method: 'POST', url: '/api/stores', body: { name: 'X' }, status: 400 },
  {
    name: 'store postal code 4 digits',
    method: 'POST',
    url: '/api/stores',
    body: { ...validStore, postalCode: '2900' },
    status: 400,
  },
  {
    name: 'store name wrong type',
    method: 'POST',
    url: '/api/stores',
    body: { ...validStore, name: 42 },
    status: 400,
  },
  {
    name: 'store negative shipping',
    method: 'POST',
    url: '/api/stores',
    body: { ...validStore, shipping: -5 },
    status: 400,
  },
  {
    name: 'store unknown field',
    method: 'POST',
    url: '/api/stores',
    body: { ...validStore, id: 9 },
    status: 400,
  },
  {
    name: 'store image not ours',
    method: 'POST',
    url: '/api/stores',
    body: { ...validStore, image: 'https://evil.example/x.png' },
    status: 400,
  },
  {
    name: 'store image unknown id',
    method: 'POST',
    url: '/api/stores',
    body: { ...validStore, image: '/api/images/AAAAAAAAAAAAAAAAAAAAAA' },
    status: 400,
  },
  { name: 'store body is an array', method: 'POST', url: '/api/stores', body: [validStore], status: 400 },
  { name: 'update unknown store', method: 'PUT', url: '/api/stores/777', body: validStore, status: 404 },
  { name: 'delete unknown store', method: 'DELETE', url: '/api/stores/777', status: 404 },
  { name: 'delete store in use', method: 'DELETE', url: '/api/stores/1', status: 409, code: 'IN_USE' },
  // brands
  { name: 'brand id not a number', method: 'GET', url: '/api/brands/x', status: 400 },
  { name: 'unknown brand', method: 'GET', url: '/api/brands/777', status: 404, code: 'BRAND_NOT_FOUND' },
  { name: 'brand empty name', method: 'POST', url: '/api/brands', body: { name: '   ' }, status: 400 },
  { name: 'brand name null', method: 'POST', url: '/api/brands', body: { name: null }, status: 400 },
  {
    name: 'brand isPublic as string',
    method: 'POST',
    url: '/api/brands',
    body: { name: 'G', isPublic: 'yes' },
    status: 400,
  },
  {
    name: 'brand duplicate name',
    method: 'POST',
    url: '/api/brands',
    body: { name: 'apple' },
    status: 409,
    code: 'DUPLICATE',
  },
  { name: 'update unknown brand', method: 'PUT', url: '/api/brands/777', body: { name: 'Z' }, status: 404 },
  { name: 'delete brand with models', method: 'DELETE', url: '/api/brands/1', status: 409, code: 'IN_USE' },
  // models
  { name: 'model page zero', method: 'GET', url: '/api/models?page=0', status: 400 },
  { name: 'model page size too big', method: 'GET', url: '/api/models?size=1000', status: 400 },
  { name: 'model store not a number', method: 'GET', url: '/api/models?store=abc', status: 400 },
  { name: 'model search too long', method: 'GET', url: `/api/models?filtro=${'a'.repeat(300)}`, status: 400 },
  { name: 'unknown model', method: 'GET', url: '/api/models/777', status: 404, code: 'MODEL_NOT_FOUND' },
  {
    name: 'model negative price',
    method: 'POST',
    url: '/api/models',
    body: { ...validModel, price: -1 },
    status: 400,
  },
  {
    name: 'model price with fractions of a cent',
    method: 'POST',
    url: '/api/models',
    body: { ...validModel, price: 19.999 },
    status: 400,
  },
  {
    name: 'model price as text',
    method: 'POST',
    url: '/api/models',
    body: { ...validModel, price: '19,90' },
    status: 400,
  },
  {
    name: 'model unknown brand',
    method: 'POST',
    url: '/api/models',
    body: { ...validModel, brand: { id: 777 } },
    status: 400,
    code: 'BRAND_NOT_FOUND',
  },
  {
    name: 'model unknown store',
    method: 'POST',
    url: '/api/models',
    body: { ...validModel, stores: [777] },
    status: 400,
  },
  {
    name: 'model outline incomplete',
    method: 'POST',
    url: '/api/models',
    body: { ...validModel, outline: { widthMm: 70 } },
    status: 400,
  },
  {
    name: 'model template from another kind',
    method: 'POST',
    url: '/api/models',
    body: { ...validModel, template: '/api/images/AAAAAAAAAAAAAAAAAAAAAA' },
    status: 400,
  },
  { name: 'toggle unknown model', method: 'PUT', url: '/api/models/777/toggleVisibility', status: 404 },
  { name: 'delete unknown model', method: 'DELETE', url: '/api/models/777', status: 404 },
  // orders
  { name: 'order id not a uuid', method: 'GET', url: '/api/orders/123', status: 400 },
  {
    name: 'unknown order',
    method: 'GET',
    url: '/api/orders/8a7b0a4e-4b1e-4f7e-9a51-0c2f3e4d5a6b',
    status: 404,
    code: 'ORDER_NOT_FOUND',
  },
  {
    name: 'order without model',
    method: 'POST',
    url: '/api/orders',
    body: { store: { id: 1 }, brand: { id: 1 } },
    status: 400,
  },
  {
    name: 'order unknown store',
    method: 'POST',
    url: '/api/orders',
    body: { store: { id: 777 }, brand: { id: 1 }, model: { id: 1 } },
    status: 400,
  },
  {
    name: 'order model of another brand',
    method: 'POST',
    url: '/api/orders',
    body: { store: { id: 1 }, brand: { id: 2 }, model: { id: 1 } },
    status: 400,
  },
  {
    name: 'order ids as strings',
    method: 'POST',
    url: '/api/orders',
    body: { store: { id: 'uno' }, brand: { id: 1 }, model: { id: 1 } },
    status: 400,
  },
  // sign-in
  {
    name: 'login without password',
    method: 'POST',
    url: '/api/auth/login',
    body: { email: 'a@b.es' },
    status: 400,
  },
  {
    name: 'login e-mail not an e-mail',
    method: 'POST',
    url: '/api/auth/login',
    body: { email: 'nope', password: 'x' },
    status: 400,
  },
  // bodies in general
  {
    name: 'invalid JSON',
    method: 'POST',
    url: '/api/brands',
    raw: '{"name": ',
    status: 400,
    code: 'INVALID_JSON',
  },
  {
    name: 'deeply nested JSON',
    method: 'POST',
    url: '/api/brands',
    raw: nested(5000),
    status: 400,
    code: 'INVALID_JSON',
  },
  {
    name: 'huge JSON body',
    method: 'POST',
    url: '/api/brands',
    raw: JSON.stringify({ name: 'x'.repeat(2_000_000) }),
    status: 413,
    code: 'BODY_TOO_LARGE',
  },
  {
    name: 'text/plain body',
    method: 'POST',
    url: '/api/brands',
    raw: 'name=Google',
    contentType: 'text/plain',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'form body on a JSON call',
    method: 'POST',
    url: '/api/orders',
    raw: 'store=1',
    contentType: 'application/x-www-form-urlencoded',
    status: 415,
  },
  {
    name: 'XML body',
    method: 'PUT',
    url: '/api/stores/1',
    raw: '<store/>',
    contentType: 'application/xml',
    status: 415,
  },
  {
    name: 'prototype pollution attempt',
    method: 'POST',
    url: '/api/brands',
    raw: '{"name":"P","__proto__":{"isAdmin":true}}',
    status: 201,
  },
  { name: 'unknown API path', method: 'GET', url: '/api/nothing-here', status: 404, code: 'NOT_FOUND' },
];

describe('malformed requests', () => {
  let t: TestApp;
  let admin: Client;
  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    admin = await signedIn(t.app, ADMIN);
    // An order on store 1 so that deleting the store is refused.
    const order = await admin.post('/api/orders', { store: { id: 1 }, brand: { id: 1 }, model: { id: 1 } });
    assert.equal(order.statusCode, 201);
  });
  after(() => t.close());

  test(`has at least 30 malformed cases (${cases.filter((c) => c.status >= 400).length})`, () => {
    assert.ok(cases.filter((c) => c.status >= 400).length >= 30);
  });

  for (const c of cases) {
    test(`${c.method} ${c.name} -> ${c.status}`, async () => {
      const before = await tableCounts(t.db);
      const payload = c.raw ?? (c.body === undefined ? undefined : JSON.stringify(c.body));
      const res = await admin.request({
        method: c.method,
        url: c.url,
        ...(payload === undefined
          ? {}
          : { payload, headers: { 'content-type': c.contentType ?? 'application/json' } }),
      });
      assert.equal(res.statusCode, c.status, res.body.slice(0, 300));
      if (c.status < 400) return;
      const body = res.json() as { error: string; message: string };
      assert.ok(ErrorCode.safeParse(body.error).success, `stable code: ${body.error}`);
      if (c.code) assert.equal(body.error, c.code);
      assert.match(body.message, /[a-záéíóúñ]/i);
      assert.doesNotMatch(
        body.message,
        /\b(the|invalid|must|expected|error)\b/i,
        'the message is in Spanish',
      );
      assert.deepEqual(await tableCounts(t.db), before, 'nothing was written');
    });
  }

  test('the prototype pollution attempt left Object.prototype alone', () => {
    assert.equal(({} as Record<string, unknown>).isAdmin, undefined);
  });
});
