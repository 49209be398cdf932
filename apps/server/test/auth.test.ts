import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { messages } from '@shop/contracts/messages';
import {
  ACCOUNT_UNDER_ATTACK_FAILURES,
  ADDRESS_FAILURES_LIMIT,
  bootstrapAdmin,
  FREE_FAILURES,
  failureDelaySeconds,
  purgeLoginFailures,
} from '../src/modules/auth/service.ts';
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

  test("store staff may change no store's record (their own included), nor the catalogue", async () => {
    const staff = await signedIn(t.app, STORE1);
    const before = await tableCounts(t.db);
    const storeBefore = (await new Client(t.app).get('/api/stores/1')).json();
    // The shipping fee and 'de baja' are the shop's to set, not the store's.
    const own = await staff.put('/api/stores/1', { ...store('Tienda 1 renovada'), shipping: 0, down: true });
    assert.equal(own.statusCode, 403);
    assert.deepEqual(own.json(), { error: 'FORBIDDEN', message: messages.forbidden });
    assert.deepEqual((await new Client(t.app).get('/api/stores/1')).json(), storeBefore);
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

describe('sign-in throttle: per account and source address, slower and slower, never a lock-out', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
  });
  after(() => t.close());

  const loginFrom = (address: string, email: string, password: string) =>
    new Client(t.app).request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: address,
    });
  /** Moves the pair's last failure into the past, as if `seconds` had gone by. */
  const wait = (email: string, address: string, seconds: number) =>
    t.db.query(
      `UPDATE login_failures SET last_failure_at = last_failure_at - make_interval(secs => $3)
       WHERE account = $1 AND address = $2`,
      [email, address, seconds],
    );

  test('wrong passwords from many addresses never lock the account: the right one from a new address signs in', async () => {
    for (let i = 1; i <= 30; i++) {
      assert.equal((await loginFrom(`198.51.100.${i}`, ADMIN.email, `adivina-${i}`)).statusCode, 401);
    }
    const ok = await loginFrom('192.0.2.10', ADMIN.email, ADMIN.password);
    assert.equal(ok.statusCode, 200, ok.body);
  });

  test('a failing account+address pair waits longer after each failure; other pairs are not slowed', async () => {
    const attacker = '203.0.113.7';
    for (let i = 0; i < FREE_FAILURES; i++) {
      assert.equal((await loginFrom(attacker, STORE1.email, `mal-${i}`)).statusCode, 401);
    }
    // The pair's next try waits 1 s; a few failures later, long enough to check without a race
    // on a busy machine: the pair's count is moved on as if those failures had happened.
    const afterFree = await loginFrom(attacker, STORE1.email, STORE1.password);
    if (afterFree.statusCode !== 429) assert.fail('the try right after the free failures must wait');
    await t.db.query(
      `UPDATE login_failures SET failures = $3, last_failure_at = now() WHERE account = $1 AND address = $2`,
      [STORE1.email, attacker, FREE_FAILURES + 4],
    );
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await loginFrom(attacker, STORE1.email, STORE1.password);
      assert.equal(refused.statusCode, 429, 'even the right password waits for that pair');
      assert.deepEqual(refused.json(), { error: 'RATE_LIMITED', message: messages.rateLimited });
      waits.push(Number(refused.headers['retry-after']));
      await wait(STORE1.email, attacker, failureDelaySeconds(FREE_FAILURES + 4 + round, FREE_FAILURES));
      assert.equal((await loginFrom(attacker, STORE1.email, `otra-${round}`)).statusCode, 401);
    }
    // 16, 32, 64 s, less the moments the requests took.
    for (const [i, seconds] of waits.entries()) {
      const full = 16 * 2 ** i;
      assert.ok(seconds <= full && seconds > full - 8, `wait ${i + 1}: ${seconds} s of ${full}`);
    }
    // The same account from another address, and another account from the same address: unaffected.
    assert.equal((await loginFrom('192.0.2.11', STORE1.email, STORE1.password)).statusCode, 200);
    assert.equal((await loginFrom(attacker, STORE2.email, STORE2.password)).statusCode, 200);
    // Once the wait is over, the right password signs in and the pair starts afresh.
    await wait(STORE1.email, attacker, 128);
    assert.equal((await loginFrom(attacker, STORE1.email, STORE1.password)).statusCode, 200);
    const { rows } = await t.db.query('SELECT 1 FROM login_failures WHERE account = $1 AND address = $2', [
      STORE1.email,
      attacker,
    ]);
    assert.equal(rows.length, 0);
  });

  test('under attack from many addresses, each failing address waits after one failure; the owner still signs in', async () => {
    const account = STORE2.email;
    await t.db.query(
      `INSERT INTO login_failures (account, address, failures, last_failure_at)
       SELECT $1, '10.9.' || g || '.1', 1, now() FROM generate_series(1, $2) g`,
      [account, ACCOUNT_UNDER_ATTACK_FAILURES],
    );
    assert.equal((await loginFrom('203.0.113.50', account, 'intento-1')).statusCode, 401);
    assert.equal((await loginFrom('203.0.113.50', account, 'intento-2')).statusCode, 429);
    assert.equal((await loginFrom('192.0.2.12', account, STORE2.password)).statusCode, 200);
  });

  test('an address failing for many accounts is refused, whatever the account', async () => {
    await t.db.query(
      `INSERT INTO login_failures (account, address, failures, last_failure_at)
       SELECT 'victima' || g || '@test.local', '203.0.113.99', 1, now() FROM generate_series(1, $1) g`,
      [ADDRESS_FAILURES_LIMIT],
    );
    const refused = await loginFrom('203.0.113.99', ADMIN.email, ADMIN.password);
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal((await loginFrom('192.0.2.13', ADMIN.email, ADMIN.password)).statusCode, 200);
  });

  test('the delay doubles up to a ceiling', () => {
    assert.deepEqual(
      [4, 5, 6, 7, 15, 30].map((n) => failureDelaySeconds(n, FREE_FAILURES)),
      [0, 1, 2, 4, 900, 900],
    );
  });

  test('old failures are purged', async () => {
    await t.db.query(
      `INSERT INTO login_failures (account, address, failures, last_failure_at)
       VALUES ('viejo@test.local', '203.0.113.200', 3, now() - interval '2 hours')`,
    );
    assert.ok((await purgeLoginFailures(t.db)) >= 1);
    const { rows } = await t.db.query("SELECT 1 FROM login_failures WHERE account = 'viejo@test.local'");
    assert.equal(rows.length, 0);
  });
});

describe('staff passwords: strong enough, checked in one place, changed by their owner', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
  });
  after(() => t.close());

  const WEAK = [
    'password12',
    'aaaaaaaaaa',
    'contraseña123',
    '1234567890',
    'qwertyuiop',
    'fundamia2026',
    'nuevo@test.local',
  ];

  test('common, repetitive and guessable passwords are refused with the reason in Spanish', async () => {
    const admin = await signedIn(t.app, ADMIN);
    const before = await tableCounts(t.db);
    for (const password of WEAK) {
      const res = await admin.post('/api/staff', {
        email: 'nuevo@test.local',
        name: 'Nuevo',
        password,
        role: 'admin',
      });
      assert.equal(res.statusCode, 422, `${password}: ${res.body}`);
      const body = res.json() as { error: string; message: string };
      assert.equal(body.error, 'WEAK_PASSWORD');
      assert.ok(body.message.startsWith(messages.passwordTooWeak), body.message);
    }
    assert.deepEqual(await tableCounts(t.db), before);
    const reset = await admin.put('/api/staff/2', { password: 'password12' });
    assert.equal(reset.statusCode, 422);
    assert.equal(
      (await signedIn(t.app, STORE1)).cookies.has('staff_session'),
      true,
      'old password still works',
    );
    const good = await admin.post('/api/staff', {
      email: 'nuevo@test.local',
      name: 'Nuevo',
      password: 'ciruela-lámpara-vapor-9',
      role: 'admin',
    });
    assert.equal(good.statusCode, 201, good.body);
  });

  test('the first admin of ADMIN_PASSWORD is refused when weak, naming the variable', async () => {
    const empty = await createTestApp({ seed: false });
    try {
      await assert.rejects(
        bootstrapAdmin(empty.db, { email: 'jefa@tienda.es', password: 'password12' }),
        /ADMIN_PASSWORD: La contraseña es demasiado fácil de adivinar/,
      );
      assert.equal((await empty.db.query('SELECT 1 FROM staff_users')).rows.length, 0);
    } finally {
      await empty.close();
    }
  });

  test('store staff change their own password: current one required, strength checked, other sessions end', async () => {
    const here = await signedIn(t.app, STORE2);
    const elsewhere = await signedIn(t.app, STORE2);
    const wrong = await here.put('/api/auth/password', {
      currentPassword: 'no-es-la-mía',
      newPassword: 'ciruela-lámpara-vapor-9',
    });
    assert.equal(wrong.statusCode, 403);
    assert.deepEqual(wrong.json(), { error: 'INVALID_CREDENTIALS', message: messages.currentPasswordWrong });
    const weak = await here.put('/api/auth/password', {
      currentPassword: STORE2.password,
      newPassword: 'password12',
    });
    assert.equal(weak.statusCode, 422);
    assert.equal(weak.json().error, 'WEAK_PASSWORD');
    assert.equal((await elsewhere.get('/api/auth/me')).statusCode, 200, 'a refused change ends nothing');

    const changed = await here.put('/api/auth/password', {
      currentPassword: STORE2.password,
      newPassword: 'ciruela-lámpara-vapor-9',
    });
    assert.equal(changed.statusCode, 204, changed.body);
    assert.equal((await here.get('/api/auth/me')).statusCode, 200, 'this session goes on');
    assert.equal((await elsewhere.get('/api/auth/me')).statusCode, 401, 'the other one has ended');
    assert.equal((await new Client(t.app).login(STORE2.email, STORE2.password)).statusCode, 401);
    assert.equal((await new Client(t.app).login(STORE2.email, 'ciruela-lámpara-vapor-9')).statusCode, 200);
    assert.equal(
      (
        await new Client(t.app).put('/api/auth/password', {
          currentPassword: 'x',
          newPassword: 'y'.repeat(12),
        })
      ).statusCode,
      401,
    );
  });
});
