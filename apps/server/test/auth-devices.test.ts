import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { messages } from '@shop/contracts/messages';
import {
  ACCOUNT_UNDER_ATTACK_FAILURES,
  ADDRESS_FAILURES_LIMIT,
  DEVICE_TTL_SECONDS,
  FREE_FAILURES,
} from '../src/modules/auth/service.ts';
import {
  ADMIN,
  Client,
  createStaff,
  createTestApp,
  PRODUCTION,
  STORE1,
  STORE2,
  type TestApp,
} from './helpers.ts';

/**
 * A shared address (a store's Wi-Fi, a kiosk, a NAT) that a script has made fail a hundred times
 * does not lock the right password out of a device that has signed in before; a new device there
 * is still refused, and guessing one account is still slowed, from one address or many.
 */
describe('sign-in from a known device: spared the lock of its address, not the throttle', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
  });
  after(() => t.close());

  const SHARED = '198.51.100.77';

  const login = (c: Client, email: string, password: string, address = SHARED) =>
    c.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: address,
    });

  test('after 100 failures from an address, the right password from a device that signed in before succeeds; a new device is refused', async () => {
    // The admin's office computer, on the store's Wi-Fi: signs in, then out.
    const office = new Client(t.app);
    assert.equal((await login(office, ADMIN.email, ADMIN.password)).statusCode, 200);
    assert.ok(office.cookies.get('staff_device'), 'a device cookie is given at sign-in');
    assert.equal((await office.post('/api/auth/logout')).statusCode, 204);
    assert.ok(office.cookies.get('staff_device'), 'it outlives the session');

    // A script on the same Wi-Fi fails 100 times, over many accounts (each within its free tries).
    const script = new Client(t.app);
    let failures = 0;
    for (let account = 0; failures < ADDRESS_FAILURES_LIMIT; account++) {
      for (let i = 0; i < FREE_FAILURES && failures < ADDRESS_FAILURES_LIMIT; i++, failures++) {
        const res = await login(script, `cuenta${account}@test.local`, `adivina-${i}`);
        assert.equal(res.statusCode, 401, res.body);
      }
    }

    // A browser that never signed in, on that address: refused, the right password too.
    const newcomer = await login(new Client(t.app), ADMIN.email, ADMIN.password);
    assert.equal(newcomer.statusCode, 429, newcomer.body);
    assert.deepEqual(newcomer.json(), { error: 'RATE_LIMITED', message: messages.rateLimited });

    // The known device signs in.
    const back = await login(office, ADMIN.email, ADMIN.password);
    assert.equal(back.statusCode, 200, back.body);
    assert.equal((await office.get('/api/auth/me')).statusCode, 200);
  });

  test('a device cookie counts only for its own account, and is renewed at each sign-in', async () => {
    const c = new Client(t.app);
    assert.equal((await login(c, STORE1.email, STORE1.password, '192.0.2.1')).statusCode, 200);
    const first = c.cookies.get('staff_device')!;
    // The shared address is still locked: another account on the same device is not spared.
    const other = await login(c, STORE2.email, STORE2.password);
    assert.equal(other.statusCode, 429);
    const own = await login(c, STORE1.email, STORE1.password);
    assert.equal(own.statusCode, 200, own.body);
    const renewed = c.cookies.get('staff_device')!;
    assert.notEqual(renewed, first);
    // The old token is spent: a copy of it is a new device again.
    const copy = new Client(t.app);
    copy.cookies.set('staff_device', first);
    assert.equal((await login(copy, STORE1.email, STORE1.password)).statusCode, 429);
    const { rows } = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM staff_devices');
    assert.ok(
      rows.every((r) => r.token_hash !== first && r.token_hash !== renewed),
      'stored hashed',
    );
  });

  test('guessing from a known device is still slowed: it has its own free failures, then waits', async () => {
    const c = new Client(t.app);
    assert.equal((await login(c, STORE2.email, STORE2.password, '192.0.2.2')).statusCode, 200);
    for (let i = 0; i < FREE_FAILURES; i++) {
      assert.equal((await login(c, STORE2.email, `mal-${i}`)).statusCode, 401);
    }
    const slowed = await login(c, STORE2.email, STORE2.password);
    assert.equal(slowed.statusCode, 429, 'the device waits after its free failures, like an address');
    assert.ok(Number(slowed.headers['retry-after']) >= 1);
  });

  test('guessing one account from many addresses is still throttled', async () => {
    const account = 'victima@test.local';
    const tries = [];
    for (let i = 1; i <= ACCOUNT_UNDER_ATTACK_FAILURES; i++) {
      tries.push((await login(new Client(t.app), account, `clave-${i}`, `203.0.113.${i}`)).statusCode);
    }
    assert.deepEqual(tries, Array(ACCOUNT_UNDER_ATTACK_FAILURES).fill(401));
    // Under attack now: each new address gets one failure, then waits.
    assert.equal((await login(new Client(t.app), account, 'otra-1', '203.0.113.200')).statusCode, 401);
    assert.equal((await login(new Client(t.app), account, 'otra-2', '203.0.113.200')).statusCode, 429);
  });

  test('forgotten devices are purged, and an expired one is a new device', async () => {
    const c = new Client(t.app);
    assert.equal((await login(c, ADMIN.email, ADMIN.password, '192.0.2.3')).statusCode, 200);
    await t.db.query(
      `UPDATE staff_devices SET last_used_at = now() - make_interval(secs => $1 + 60),
         created_at = now() - make_interval(secs => $1 + 60)`,
      [DEVICE_TTL_SECONDS],
    );
    assert.equal((await login(c, ADMIN.email, ADMIN.password)).statusCode, 429);
  });
});

describe('device cookie in production', () => {
  test('is __Host- prefixed, Secure, httpOnly and lasts as long as a device is remembered', async () => {
    const t = await createTestApp({ env: PRODUCTION });
    try {
      await createStaff(t.db);
      const health = await t.app.inject({ url: '/api/health' });
      const cookies = Object.fromEntries(
        (health.cookies as { name: string; value: string }[]).map((c) => [c.name, c.value]),
      );
      const xsrf = cookies['__Host-XSRF-TOKEN'] ?? cookies['XSRF-TOKEN'];
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: ADMIN,
        headers: {
          cookie: Object.entries(cookies)
            .map(([k, v]) => `${k}=${v}`)
            .join('; '),
          'x-xsrf-token': xsrf!,
        },
      });
      assert.equal(res.statusCode, 200, res.body);
      const device = (
        res.cookies as {
          name: string;
          secure?: boolean;
          httpOnly?: boolean;
          maxAge?: number;
          path?: string;
        }[]
      ).find((c) => c.name === '__Host-staff_device');
      assert.ok(device, 'the device cookie');
      assert.equal(device.secure, true);
      assert.equal(device.httpOnly, true);
      assert.equal(device.path, '/');
      assert.equal(device.maxAge, DEVICE_TTL_SECONDS);
    } finally {
      await t.close();
    }
  });
});
