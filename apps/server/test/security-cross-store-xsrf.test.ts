import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { XSRF_COOKIE, XSRF_COOKIE_HOST } from '@shop/contracts/csrf';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import {
  ADMIN,
  Client,
  createStaff,
  createTestApp,
  PRODUCTION,
  STORE1,
  STORE2,
  signedIn,
  type TestApp,
} from './helpers.ts';
import { OrderFactory, ok } from './security-support.ts';

type SetCookie = {
  name: string;
  value: string;
  secure?: boolean;
  httpOnly?: boolean;
  path?: string;
  domain?: string;
};

describe("store staff reading another store's order by id", () => {
  let t: TestApp;
  let f: OrderFactory;
  let paidId: string;
  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    f = await new OrderFactory(t.app).init();
    paidId = await f.paid(await signedIn(t.app, STORE1));
  });
  after(() => t.close());

  test('get 403, as on every other route of an order, and never its staff view', async () => {
    const other = await signedIn(t.app, STORE2);
    for (const url of [`/api/orders/${paidId}`, `/api/orders/${paidId}/details`]) {
      const res = await other.get(url);
      assert.equal(res.statusCode, 403, `${url}: ${res.body}`);
      assert.deepEqual(res.json(), { error: 'FORBIDDEN', message: messages.forbidden });
      assert.doesNotMatch(res.body, /paidBy/);
    }
  });

  test('their own store and admins get the staff view; the customer the customer view; nobody else a view', async () => {
    for (const who of [STORE1, ADMIN]) {
      const order = ok(await (await signedIn(t.app, who)).get(`/api/orders/${paidId}`)).json() as Order;
      assert.notEqual(order.paidBy, null, `${who.email} sees who took the payment`);
    }
    const customer = ok(await f.owner.get(`/api/orders/${paidId}`)).json() as Order;
    assert.equal(customer.paidBy, null);
    const details = ok(await f.owner.get(`/api/orders/${paidId}/details`)).json() as Order;
    assert.equal(details.paidBy, null);
    // Another visitor holding the id reads nothing (the order belongs to the session that made it).
    assert.equal((await new Client(t.app).get(`/api/orders/${paidId}/details`)).statusCode, 403);
  });
});

describe('the forgery-protection cookie', () => {
  test('is __Host-XSRF-TOKEN in production: Secure, whole site, no Domain, readable by the page; the header keeps its name', async () => {
    const t = await createTestApp({ env: PRODUCTION });
    try {
      const first = await t.app.inject({ url: '/api/health' });
      const cookies = first.cookies as SetCookie[];
      const token = cookies.find((c) => c.name === XSRF_COOKIE_HOST);
      assert.ok(token, JSON.stringify(cookies.map((c) => c.name)));
      assert.equal(token.secure, true);
      assert.equal(token.path, '/');
      assert.equal(token.domain, undefined);
      assert.notEqual(token.httpOnly, true);
      assert.equal(
        cookies.some((c) => c.name === XSRF_COOKIE),
        false,
        'no unprefixed token cookie',
      );

      const sid = cookies.find((c) => c.name === '__Host-sid')!;
      const write = (cookie: string, header: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: ADMIN,
          headers: { cookie, 'X-XSRF-TOKEN': header },
        });
      // Echoed from the prefixed cookie: accepted (the sign-in itself then answers).
      await createStaff(t.db);
      const signedInRes = await write(
        `__Host-sid=${sid.value}; ${XSRF_COOKIE_HOST}=${token.value}`,
        token.value,
      );
      assert.equal(signedInRes.statusCode, 200, signedInRes.body);
      // The same token planted under the unprefixed name (a subdomain could): refused.
      const planted = await write(`__Host-sid=${sid.value}; ${XSRF_COOKIE}=${token.value}`, token.value);
      assert.equal(planted.statusCode, 403);
      assert.equal(planted.json().error, 'CSRF_FAILED');
    } finally {
      await t.close();
    }
  });

  test('keeps the plain XSRF-TOKEN name while developing over http, and works there', async () => {
    const t = await createTestApp();
    try {
      await createStaff(t.db);
      const c = new Client(t.app);
      const first = await c.get('/api/health');
      const token = (first.cookies as SetCookie[]).find((k) => k.name === XSRF_COOKIE);
      assert.ok(token);
      assert.notEqual(token.secure, true, 'a Secure cookie would not come back over plain http');
      assert.equal(
        (first.cookies as SetCookie[]).some((k) => k.name === XSRF_COOKIE_HOST),
        false,
      );
      assert.equal((await c.login(ADMIN.email, ADMIN.password)).statusCode, 200);
    } finally {
      await t.close();
    }
  });
});
