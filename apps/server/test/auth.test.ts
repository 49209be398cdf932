import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { messages } from '@shop/contracts/messages';
import {
  ADMIN,
  Client,
  createStaff,
  createTestApp,
  STORE1,
  STORE2,
  signedIn,
  type TestApp,
  tableCounts,
} from './helpers.ts';

const store = (name: string) => ({
  name,
  address: 'Calle Larios, 10',
  postalCode: '29005',
  town: 'Málaga',
  province: 'Málaga',
});

describe('staff sign-in, roles and forgery protection', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
  });
  after(() => t.close());

  test('anonymous write calls get 401 and write nothing', async () => {
    const c = new Client(t.app);
    const before = await tableCounts(t.db);
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/stores', store('Nueva')],
      ['PUT', '/api/stores/1', store('Cambiada')],
      ['DELETE', '/api/stores/1'],
      ['POST', '/api/brands', { name: 'Google' }],
      ['PUT', '/api/brands/1', { name: 'Apple2' }],
      ['DELETE', '/api/brands/1'],
      ['POST', '/api/models', { name: 'X', brand: { id: 1 }, price: 10 }],
      ['PUT', '/api/models/1', { name: 'X', brand: { id: 1 }, price: 10 }],
      ['PUT', '/api/models/1/toggleVisibility'],
      ['DELETE', '/api/models/1'],
    ];
    for (const [method, url, payload] of calls) {
      const res = await c.request({
        method: method as 'POST',
        url,
        ...(payload ? { payload: payload as object } : {}),
      });
      assert.equal(res.statusCode, 401, `${method} ${url}`);
      assert.deepEqual(res.json(), { error: 'UNAUTHENTICATED', message: messages.unauthenticated });
    }
    assert.equal((await c.get('/api/auth/me')).statusCode, 401);
    assert.deepEqual(await tableCounts(t.db), before);
  });

  test('a staff session gets through; sign-out ends it', async () => {
    const admin = await signedIn(t.app, ADMIN);
    const me = await admin.get('/api/auth/me');
    assert.equal(me.json().role, 'admin');
    const created = await admin.post('/api/stores', store('Tienda Calle Larios'));
    assert.equal(created.statusCode, 201);
    assert.equal(created.json().shipping, 5);
    const id = created.json().id as number;
    assert.equal((await admin.delete(`/api/stores/${id}`)).statusCode, 204);
    assert.equal((await admin.post('/api/auth/logout')).statusCode, 204);
    assert.equal((await admin.get('/api/auth/me')).statusCode, 401);
  });

  test('the session id is renewed at sign-in and stored hashed', async () => {
    const c = new Client(t.app);
    await c.login(ADMIN.email, ADMIN.password);
    const first = c.cookies.get('staff_session')!;
    await c.login(ADMIN.email, ADMIN.password);
    const second = c.cookies.get('staff_session')!;
    assert.notEqual(first, second);
    const { rows } = await t.db.query<{ id_hash: string }>('SELECT id_hash FROM staff_sessions');
    assert.ok(rows.every((r) => r.id_hash !== first && r.id_hash !== second));
    // The old session was ended by the new sign-in.
    const stale = new Client(t.app);
    stale.cookies.set('staff_session', first);
    assert.equal((await stale.get('/api/auth/me')).statusCode, 401);
  });

  test('passwords are stored with a memory-hard hash', async () => {
    const { rows } = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM staff_users');
    assert.ok(rows.every((r) => r.password_hash.startsWith('scrypt$32768$8$1$')));
  });

  test('a wrong password or unknown e-mail gets the same 401', async () => {
    const c = new Client(t.app);
    const wrong = await c.login(ADMIN.email, 'not-the-password');
    const unknown = await c.login('nobody@test.local', 'whatever-123');
    for (const res of [wrong, unknown]) {
      assert.equal(res.statusCode, 401);
      assert.deepEqual(res.json(), { error: 'INVALID_CREDENTIALS', message: messages.invalidCredentials });
    }
  });

  test('sign-in is rate limited per account', async () => {
    const c = new Client(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await c.login(STORE2.email, `wrong-${i}`)).statusCode);
    assert.deepEqual(codes.slice(0, 10), Array(10).fill(401));
    const limited = await c.login(STORE2.email, STORE2.password);
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().error, 'RATE_LIMITED');
    assert.ok(Number(limited.headers['retry-after']) > 0);
  });

  test('any non-GET without a valid X-XSRF-TOKEN gets 403', async () => {
    const admin = await signedIn(t.app, ADMIN);
    const before = await tableCounts(t.db);
    const token = admin.cookies.get('XSRF-TOKEN')!;
    const other = new Client(t.app);
    await other.get('/api/health');
    const cases: [string, Record<string, string>][] = [
      ['no header', {}],
      ['empty header', { 'x-xsrf-token': '' }],
      ['unsigned value', { 'x-xsrf-token': 'abc' }],
      ['forged signature', { 'x-xsrf-token': `${token.split('.')[0]}.AAAA` }],
      ["another visitor's token", { 'x-xsrf-token': other.cookies.get('XSRF-TOKEN')! }],
    ];
    for (const [name, headers] of cases) {
      for (const [method, url] of [
        ['POST', '/api/brands'],
        ['POST', '/api/orders'],
        ['POST', '/api/auth/login'],
        ['DELETE', '/api/models/1'],
      ] as const) {
        const res = await admin.request({ method, url, csrf: false, headers, payload: { name: 'Google' } });
        assert.equal(res.statusCode, 403, `${name}: ${method} ${url}`);
        assert.equal(res.json().error, 'CSRF_FAILED');
      }
    }
    // A cookie value copied into the header of a request that lacks the cookie is refused too.
    const noCookie = await t.app.inject({
      method: 'POST',
      url: '/api/brands',
      headers: { 'x-xsrf-token': token },
      payload: {},
    });
    assert.equal(noCookie.statusCode, 403);
    assert.deepEqual(await tableCounts(t.db), before);
  });

  test('a cross-site request is refused even with a valid token', async () => {
    const admin = await signedIn(t.app, ADMIN);
    const crossSite = await admin.request({
      method: 'POST',
      url: '/api/brands',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { name: 'Google' },
    });
    assert.equal(crossSite.statusCode, 403);
    const foreignOrigin = await admin.request({
      method: 'POST',
      url: '/api/brands',
      headers: { origin: 'https://evil.example' },
      payload: { name: 'Google' },
    });
    assert.equal(foreignOrigin.statusCode, 403);
  });

  test('store staff may change their own store but not another one, nor the catalogue', async () => {
    const staff = await signedIn(t.app, STORE1);
    const own = await staff.put('/api/stores/1', { ...store('Tienda 1 renovada'), postalCode: '29001' });
    assert.equal(own.statusCode, 200);
    assert.equal(own.json().name, 'Tienda 1 renovada');
    const before = await tableCounts(t.db);
    const other = await staff.put('/api/stores/2', store('Intrusa'));
    assert.equal(other.statusCode, 403);
    assert.deepEqual(other.json(), { error: 'FORBIDDEN', message: messages.forbidden });
    assert.equal((await staff.post('/api/stores', store('Otra'))).statusCode, 403);
    assert.equal((await staff.post('/api/brands', { name: 'Google' })).statusCode, 403);
    assert.equal((await staff.put('/api/models/1/toggleVisibility')).statusCode, 403);
    assert.equal((await new Client(t.app).get('/api/stores/2')).json().name !== 'Intrusa', true);
    assert.deepEqual(await tableCounts(t.db), before);
  });
});

describe('first admin from the environment', () => {
  test('ADMIN_EMAIL and ADMIN_PASSWORD create the admin once, only while no staff exists', async () => {
    const { bootstrapAdmin } = await import('../src/modules/auth/service.ts');
    const t = await createTestApp({ seed: false });
    try {
      assert.equal(
        await bootstrapAdmin(t.db, { email: 'jefa@tienda.es', password: 'una-clave-larga' }),
        true,
      );
      assert.equal(
        await bootstrapAdmin(t.db, { email: 'otro@tienda.es', password: 'otra-clave-larga' }),
        false,
      );
      const admin = await signedIn(t.app, { email: 'jefa@tienda.es', password: 'una-clave-larga' });
      assert.equal((await admin.get('/api/auth/me')).json().role, 'admin');
    } finally {
      await t.close();
    }
  });
});
