import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { MAX_ACTIVE_UPLOADS, UPLOADS_BUSY_RETRY_SECONDS } from '../src/http/upload-queue.ts';
import { clientAddress, purgeRateLimits, RATE_LIMITS } from '../src/plugins/rate-limit.ts';
import { multipart } from './checkout-helpers.ts';
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
import {
  assertRefused,
  buildAppOn,
  createSecurityApp,
  OrderFactory,
  ok,
  type SecurityApp,
  smallPhoto,
  upload,
} from './security-support.ts';

/**
 * The findings of the outside security review that did not hold, each with the test that showed
 * it: request limits per address and visitor checked before the body, the upload queue, files in
 * use, photo deletion rights, production cookies and API docs, and no-store on personal data.
 * (Sign-in throttling and staff passwords: auth.test.ts; image shapes: images-pipeline.test.ts;
 * production secrets: http.test.ts; store writes and photo rights: access-matrix.test.ts.)
 */

const newOrderBody = async (app: FastifyInstance) => {
  const model = ((await new Client(app).get('/api/models?store=1&size=1')).json() as ModelPage).items[0]!;
  return { store: { id: 1 }, brand: { id: model.brand.id }, model: { id: model.id } };
};

/** A new visitor's order, arriving from `peer` with `X-Forwarded-For` as the proxies passed it on. */
async function proxiedOrder(app: FastifyInstance, body: object, peer: string, forwarded: string) {
  const c = new Client(app);
  await c.get('/api/health');
  return c.request({
    method: 'POST',
    url: '/api/orders',
    payload: body,
    remoteAddress: peer,
    headers: { 'x-forwarded-for': forwarded },
  });
}

describe('request limits: per address and per visitor, before the body', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: RATE_LIMITS });
  });
  after(() => t.close());

  /** A new visitor (a new cookie, as a script renewing it would have) at `address`. */
  const visitor = async (address: string) => {
    const c = new Client(t.app);
    await c.request({ method: 'GET', url: '/api/health', remoteAddress: address });
    return c;
  };

  test('a renewed cookie buys no more uploads: the address has its own ceiling', async () => {
    const address = '203.0.113.21';
    const limit = RATE_LIMITS.upload;
    let refusedAt = 0;
    for (let i = 1; i <= limit.perAddress + 1 && !refusedAt; i++) {
      const c = await visitor(address);
      // An empty form: counted (the limit comes before the body), then refused as having no photo.
      const res = await c.request({
        method: 'POST',
        url: '/api/images',
        remoteAddress: address,
        ...multipart([]),
      });
      if (res.statusCode === 429) refusedAt = i;
      else assert.equal(res.statusCode, 400, res.body);
    }
    assert.equal(refusedAt, limit.perAddress + 1);
    // Another address is not affected.
    const elsewhere = await visitor('198.51.100.21');
    const res = await elsewhere.request({
      method: 'POST',
      url: '/api/images',
      remoteAddress: '198.51.100.21',
      ...multipart([{ name: 'file', value: await smallPhoto(), filename: 'a.jpg', type: 'image/jpeg' }]),
    });
    assert.equal(res.statusCode, 201, res.body);
  });

  test('a refused upload is refused before a byte of its body is read', async () => {
    const address = '203.0.113.22';
    const c = await visitor(address);
    for (let i = 0; i < RATE_LIMITS.upload.perVisitor; i++) {
      await c.request({ method: 'POST', url: '/api/images', remoteAddress: address, ...multipart([]) });
    }
    let read = false;
    const body = new Readable({
      read() {
        read = true;
        this.push(null);
      },
    });
    const refused = await c.request({
      method: 'POST',
      url: '/api/images',
      remoteAddress: address,
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(20 * 1024 * 1024),
      },
      payload: body,
    });
    assertRefused(refused, 429, 'RATE_LIMITED');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal(read, false, 'the body was not read');
  });

  test('a body declared larger than a photo is refused before it is read', async () => {
    const c = await visitor('203.0.113.23');
    let read = false;
    const res = await c.request({
      method: 'POST',
      url: '/api/images',
      remoteAddress: '203.0.113.23',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(40 * 1024 * 1024),
      },
      payload: new Readable({
        read() {
          read = true;
          this.push(null);
        },
      }),
    });
    assertRefused(res, 413, 'IMAGE_TOO_LARGE');
    assert.equal(read, false);
  });

  test('order creation is limited per visitor, and per address across renewed cookies', async () => {
    const body = await newOrderBody(t.app);
    const address = '203.0.113.24';
    const one = await visitor(address);
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.order.perVisitor; i++) {
      statuses.push(
        (await one.request({ method: 'POST', url: '/api/orders', payload: body, remoteAddress: address }))
          .statusCode,
      );
    }
    assert.deepEqual(statuses, [...Array(RATE_LIMITS.order.perVisitor).fill(201), 429]);
    // Fresh cookies from the same address: the address's ceiling stops them (the refused try above
    // counted there too).
    let made = RATE_LIMITS.order.perVisitor + 1;
    let refused = false;
    while (!refused && made < RATE_LIMITS.order.perAddress + 5) {
      const c = await visitor(address);
      // Invalid bodies are counted too (the limit comes first) and cost nothing to make.
      const res = await c.request({
        method: 'POST',
        url: '/api/orders',
        payload: {},
        remoteAddress: address,
      });
      if (res.statusCode === 429) refused = true;
      else made++;
    }
    assert.equal(made, RATE_LIMITS.order.perAddress);
    // A customer elsewhere orders as usual.
    const other = await visitor('198.51.100.24');
    const res = await other.request({
      method: 'POST',
      url: '/api/orders',
      payload: body,
      remoteAddress: '198.51.100.24',
    });
    assert.equal(res.statusCode, 201);
  });

  test('upload links are limited per visitor, and an order keeps only its newest few', async () => {
    const address = '203.0.113.25';
    const kiosk = await visitor(address);
    const order = ok(
      await kiosk.request({
        method: 'POST',
        url: '/api/orders',
        payload: await newOrderBody(t.app),
        remoteAddress: address,
      }),
      201,
    ).json() as { id: string };
    const tokens: string[] = [];
    let refusedAt = 0;
    for (let i = 1; i <= RATE_LIMITS.uploadLink.perVisitor + 1; i++) {
      const res = await kiosk.request({
        method: 'GET',
        url: `/api/orders/${order.id}/screen/getUrl`,
        remoteAddress: address,
      });
      if (res.statusCode === 429) {
        refusedAt = i;
        break;
      }
      tokens.push((res.json() as { url: string }).url.split('/').pop()!);
    }
    assert.equal(refusedAt, RATE_LIMITS.uploadLink.perVisitor + 1);
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM upload_tokens WHERE order_id = $1',
      [order.id],
    );
    assert.equal(rows[0]!.n, 5, 'rows per order are capped');
    const phoneUpload = async (token: string) => {
      const phone = await visitor('198.51.100.25');
      return phone.request({
        method: 'POST',
        url: '/api/orders/upload/',
        remoteAddress: '198.51.100.25',
        ...multipart([
          { name: 'encodedUrl', value: token },
          { name: 'file', value: await smallPhoto(), filename: 'IMG.jpg', type: 'image/jpeg' },
        ]),
      });
    };
    assertRefused(await phoneUpload(tokens[0]!), 403, 'UPLOAD_LINK_INVALID');
    assert.equal((await phoneUpload(tokens.at(-1)!)).statusCode, 200);
  });

  test('behind a trusted proxy the client address comes from X-Forwarded-For; otherwise it is ignored', async () => {
    const proxied = await buildAppOn(t, { env: { TRUST_PROXY: '1' }, rateLimits: RATE_LIMITS });
    try {
      const body = await newOrderBody(t.app);
      const from = (app: FastifyInstance, forwarded: string) => async () =>
        proxiedOrder(app, body, '10.0.0.2', forwarded);
      const keysBefore = await t.db.query<{ key: string }>(
        "SELECT key FROM rate_limits WHERE key LIKE 'order:address:%'",
      );
      assert.equal((await from(proxied.app, '192.0.2.77')()).statusCode, 201);
      assert.equal((await from(t.app, '192.0.2.78')()).statusCode, 201);
      const { rows } = await t.db.query<{ key: string }>(
        "SELECT key FROM rate_limits WHERE key LIKE 'order:address:%'",
      );
      const added = rows.map((r) => r.key).filter((k) => !keysBefore.rows.some((b) => b.key === k));
      assert.deepEqual(added.sort(), ['order:address:10.0.0.2', 'order:address:192.0.2.77']);
    } finally {
      await proxied.app.close();
    }
  });

  test('behind proxies the client is the address the last trusted hop saw, whatever the client writes in X-Forwarded-For', async () => {
    const body = await newOrderBody(t.app);
    const order = (app: FastifyInstance, peer: string, forwarded: string) => async () =>
      proxiedOrder(app, body, peer, forwarded);
    const limits = { ...RATE_LIMITS, order: { ...RATE_LIMITS.order, perAddress: 3 } };
    const cases = [
      // One proxy (nginx) appends the address it saw to whatever the client sent.
      { trust: '1', peer: '10.0.0.2', forwarded: (i: number) => `203.0.113.${i}, 192.0.2.81` },
      // A load balancer, then nginx: the client is the one the load balancer saw.
      { trust: '2', peer: '10.0.0.2', forwarded: (i: number) => `203.0.113.${i}, 192.0.2.82, 10.0.0.9` },
      // The proxies by address: the first address from the right that is not one of them.
      {
        trust: '10.0.0.0/8',
        peer: '10.0.0.2',
        forwarded: (i: number) => `203.0.113.${i}, 192.0.2.83, 10.0.0.9`,
      },
    ];
    for (const { trust, peer, forwarded } of cases) {
      const proxied = await buildAppOn(t, { env: { TRUST_PROXY: trust }, rateLimits: limits });
      try {
        const client = forwarded(0)
          .split(', ')
          .at(trust === '1' ? -1 : -2)!;
        for (let i = 1; i <= 3; i++) {
          assert.equal((await order(proxied.app, peer, forwarded(i))()).statusCode, 201, `${trust} #${i}`);
        }
        // A fourth order from the same client, however it fills the header's left end, is over the limit.
        const refused = await order(proxied.app, peer, forwarded(4))();
        assert.equal(refused.statusCode, 429, `TRUST_PROXY=${trust}`);
        const { rows } = await t.db.query<{ key: string }>(
          "SELECT key FROM rate_limits WHERE key LIKE 'order:address:%' AND key LIKE $1",
          [`%${client}`],
        );
        assert.equal(rows.length, 1, `TRUST_PROXY=${trust} counts ${client}`);
      } finally {
        await proxied.app.close();
      }
    }
    // A peer that is not one of the listed proxies is the client, whatever its header says.
    const listed = await buildAppOn(t, { env: { TRUST_PROXY: '10.0.0.0/8' }, rateLimits: limits });
    try {
      assert.equal((await order(listed.app, '198.51.100.7', '192.0.2.84')()).statusCode, 201);
      const { rows } = await t.db.query<{ key: string }>(
        "SELECT key FROM rate_limits WHERE key IN ('order:address:198.51.100.7', 'order:address:192.0.2.84')",
      );
      assert.deepEqual(
        rows.map((r) => r.key),
        ['order:address:198.51.100.7'],
      );
    } finally {
      await listed.app.close();
    }
  });

  test('an IPv6 client counts as its /64; an IPv4-mapped address as the IPv4 one', () => {
    assert.equal(clientAddress({ ip: '2001:db8:1:2:aaaa::1' }), '2001:db8:1:2::/64');
    assert.equal(clientAddress({ ip: '2001:db8:1:2:bbbb:cccc:dddd:eeee' }), '2001:db8:1:2::/64');
    assert.equal(clientAddress({ ip: '2001:db8::1' }), '2001:db8:0:0::/64');
    assert.equal(clientAddress({ ip: '::ffff:192.0.2.9' }), '192.0.2.9');
    assert.equal(clientAddress({ ip: '192.0.2.9' }), '192.0.2.9');
  });

  test('old counters are purged', async () => {
    await t.db.query(
      `INSERT INTO rate_limits (key, window_start, hits) VALUES
         ('upload:address:old', now() - interval '3 hours', 5), ('upload:address:new', now(), 1)`,
    );
    assert.ok((await purgeRateLimits(t.db)) >= 1);
    const { rows } = await t.db.query<{ key: string }>(
      "SELECT key FROM rate_limits WHERE key IN ('upload:address:old', 'upload:address:new')",
    );
    assert.deepEqual(
      rows.map((r) => r.key),
      ['upload:address:new'],
    );
  });
});

describe('upload queue: bodies spooled to disk, a capped queue, temporary files always removed', () => {
  let t: TestApp;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'shop-spool-'));
    t = await createTestApp({ uploadTmpDir: dir });
  });
  after(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  /**
   * An upload whose body arrives in two steps: the form's start now, the rest when `finish` is
   * called. Each from its own address: one address holds only a few places.
   */
  const slowUpload = async (c: Client, i: number) => {
    const photo = await smallPhoto(800, 600);
    const form = multipart([{ name: 'file', value: photo, filename: 'lenta.jpg', type: 'image/jpeg' }]);
    const cut = form.payload.length - 200;
    let push: ((b: Buffer | null) => void) | undefined;
    const stream = new Readable({ read() {} });
    push = (b) => stream.push(b);
    push(form.payload.subarray(0, cut));
    const done = c.request({
      method: 'POST',
      url: '/api/images',
      headers: form.headers,
      payload: stream,
      remoteAddress: `10.9.0.${i + 1}`,
    });
    return {
      done,
      finish: () => {
        push!(form.payload.subarray(cut));
        push!(null);
      },
    };
  };

  test('while the queue is full, an upload gets 503 with Retry-After before its body is read; then it frees up', async () => {
    const clients = await Promise.all(
      Array.from({ length: MAX_ACTIVE_UPLOADS }, async () => {
        const c = new Client(t.app);
        await c.get('/api/health');
        return c;
      }),
    );
    const waiting = await Promise.all(clients.map(slowUpload));
    // Every body is on its way to disk, none in memory: the spool directory holds a file for each.
    for (let i = 0; i < 50 && (await readdir(dir)).length < MAX_ACTIVE_UPLOADS; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const spooled = await readdir(dir);
    assert.equal(spooled.length, MAX_ACTIVE_UPLOADS);
    assert.ok((await stat(path.join(dir, spooled[0]!))).size > 0);

    const late = new Client(t.app);
    await late.get('/api/health');
    let read = false;
    const busy = await late.request({
      method: 'POST',
      url: '/api/images',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: new Readable({
        read() {
          read = true;
          this.push(null);
        },
      }),
    });
    assertRefused(busy, 503, 'SERVICE_UNAVAILABLE');
    assert.equal(busy.json().message, messages.uploadsBusy);
    assert.equal(busy.headers['retry-after'], String(UPLOADS_BUSY_RETRY_SECONDS));
    assert.equal(read, false);

    for (const w of waiting) w.finish();
    const results = await Promise.all(waiting.map((w) => w.done));
    assert.deepEqual(
      results.map((r) => r.statusCode),
      Array(MAX_ACTIVE_UPLOADS).fill(201),
    );
    assert.deepEqual(await readdir(dir), [], 'no temporary file left');
    const again = await late.request({
      method: 'POST',
      url: '/api/images',
      ...multipart([{ name: 'file', value: await smallPhoto(), filename: 'a.jpg', type: 'image/jpeg' }]),
    });
    assert.equal(again.statusCode, 201, 'the queue has room again');
  });

  test('temporary files are removed after a refusal, a form cut short and a client that hangs up', async () => {
    const c = new Client(t.app);
    await c.get('/api/health');
    const notAnImage = await c.request({
      method: 'POST',
      url: '/api/images',
      ...multipart([
        { name: 'file', value: Buffer.from('no soy una foto'), filename: 'a.jpg', type: 'image/jpeg' },
      ]),
    });
    assertRefused(notAnImage, 415, 'UNSUPPORTED_IMAGE');
    assert.deepEqual(await readdir(dir), []);

    const cut = await c.request({
      method: 'POST',
      url: '/api/images',
      headers: { 'content-type': 'multipart/form-data; boundary=cut' },
      payload: Buffer.concat([
        Buffer.from('--cut\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n'),
        await smallPhoto(),
      ]),
    });
    assertRefused(cut, 400, 'BAD_REQUEST');
    assert.deepEqual(await readdir(dir), []);

    // The client goes away in the middle of its body.
    const form = multipart([
      { name: 'file', value: await smallPhoto(900, 700), filename: 'a.jpg', type: 'image/jpeg' },
    ]);
    const stream = new Readable({ read() {} });
    stream.push(form.payload.subarray(0, 2000));
    const aborted = c.request({ method: 'POST', url: '/api/images', headers: form.headers, payload: stream });
    for (let i = 0; i < 50 && (await readdir(dir)).length === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    assert.equal((await readdir(dir)).length, 1, 'the body was being spooled');
    stream.destroy(new Error('client hung up'));
    await aborted.catch(() => {});
    for (let i = 0; i < 50 && (await readdir(dir)).length > 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(await readdir(dir), []);
    // And the queue place was given back: uploads still go through.
    const next = await c.request({
      method: 'POST',
      url: '/api/images',
      ...multipart([{ name: 'file', value: await smallPhoto(), filename: 'a.jpg', type: 'image/jpeg' }]),
    });
    assert.equal(next.statusCode, 201);
  });
});

/** One app with the test staff and a customer's orders, shared by the describes below. */
let shared: Promise<{ s: SecurityApp; f: OrderFactory }> | undefined;
const securityApp = () => {
  shared ??= createSecurityApp().then(async (s) => ({ s, f: await new OrderFactory(s.app).init() }));
  return shared;
};
after(async () => {
  if (shared) await (await shared).s.close();
});

describe('files in use and who may delete a photo', () => {
  let s: SecurityApp;
  let f: OrderFactory;
  before(async () => {
    ({ s, f } = await securityApp());
  });

  test("deleting or replacing an order's design file answers 409 IN_USE / keeps it, never 500", async () => {
    const id = await f.withDesign();
    assert.equal((await f.get(id)).design, f.design);
    const before = await f.owner.get(f.design);
    assert.equal(before.statusCode, 200);
    const del = await f.owner.delete(f.design);
    assertRefused(del, 409, 'IN_USE');
    const replaced = await f.owner.request({
      method: 'PUT',
      url: f.design,
      ...multipart([
        { name: 'file', value: await smallPhoto(200, 300), filename: 'b.jpg', type: 'image/jpeg' },
      ]),
    });
    assert.equal(replaced.statusCode, 200, replaced.body);
    assert.equal((await f.owner.get(f.design)).statusCode, 200, 'the design the order uses is still there');
    assert.equal((await f.get(id)).design, f.design);
  });

  test("staff of another store may not delete or replace a customer's photo; the order's store may replace it", async () => {
    const id = await f.withPhoto();
    const otherStore = await signedIn(s.app, STORE2);
    const ownStore = await signedIn(s.app, STORE1);
    const replaceAs = async (c: Client) =>
      c.request({
        method: 'PUT',
        url: f.photo,
        ...multipart([
          { name: 'file', value: await smallPhoto(300, 300), filename: 'c.jpg', type: 'image/jpeg' },
        ]),
      });
    assertRefused(await otherStore.delete(f.photo), 403, 'FORBIDDEN');
    assertRefused(await replaceAs(otherStore), 403, 'FORBIDDEN');
    assert.equal((await replaceAs(ownStore)).statusCode, 200);
    assert.equal((await f.get(id)).image, f.photo, 'the order keeps its photo');

    // An unattached photo: its owner and admins only.
    const loose = await upload(f.owner, await smallPhoto(320, 240));
    assertRefused(await ownStore.delete(loose), 403, 'FORBIDDEN');
    assert.equal((await (await signedIn(s.app, ADMIN)).delete(loose)).statusCode, 204);
  });
});

describe('production: __Host- session cookies and staff-only API docs', () => {
  let t: TestApp;
  let prod: FastifyInstance;
  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    prod = (await buildAppOn(t, { env: PRODUCTION })).app;
  });
  after(async () => {
    await prod.close();
    await t.close();
  });

  test('the visitor and staff cookies are __Host- prefixed: Secure, whole site, no Domain', async () => {
    const c = new Client(prod);
    const first = await c.get('/api/health');
    const cookies = first.cookies as { name: string; secure?: boolean; path?: string; domain?: string }[];
    const sid = cookies.find((k) => k.name === '__Host-sid');
    assert.ok(sid, JSON.stringify(cookies.map((k) => k.name)));
    assert.equal(sid.secure, true);
    assert.equal(sid.path, '/');
    assert.equal(sid.domain, undefined);
    assert.equal(
      cookies.some((k) => k.name === 'sid'),
      false,
    );
    const login = await c.login(ADMIN.email, ADMIN.password);
    assert.equal(login.statusCode, 200);
    const staff = (
      login.cookies as { name: string; secure?: boolean; path?: string; domain?: string }[]
    ).find((k) => k.name === '__Host-staff_session');
    assert.ok(staff);
    assert.equal(staff.secure, true);
    assert.equal(staff.path, '/');
    assert.equal(staff.domain, undefined);
    assert.equal((await c.get('/api/auth/me')).statusCode, 200);
    // The unprefixed name means nothing in production (a subdomain could have planted it).
    const planted = new Client(prod);
    planted.cookies.set('staff_session', c.cookies.get('__Host-staff_session')!);
    assert.equal((await planted.get('/api/auth/me')).statusCode, 401);
  });

  test('/api/docs is for staff in production and public in development', async () => {
    assertRefused(await new Client(prod).get('/api/docs'), 401, 'UNAUTHENTICATED');
    const staff = new Client(prod);
    assert.equal((await staff.login(STORE1.email, STORE1.password)).statusCode, 200);
    const docs = await staff.get('/api/docs');
    assert.equal(docs.statusCode, 200);
    assert.match(String(docs.headers['cache-control']), /no-store/);
    assert.equal((await new Client(t.app).get('/api/docs')).statusCode, 200);
  });
});

describe('no-store on every personal-data answer', () => {
  let s: SecurityApp;
  let f: OrderFactory;
  before(async () => {
    ({ s, f } = await securityApp());
  });

  /**
   * Routes whose answers are public and may be cached: the catalogue, the shop's settings, the
   * general conditions' PDF (the same for everyone, no personal data).
   */
  const PUBLIC = new Set([
    'GET /api/health',
    'GET /api/config',
    'GET /api/stores',
    'GET /api/stores/decode-url',
    'GET /api/stores/:id',
    'GET /api/stores/:id/validate',
    'GET /api/stores/:id/:origin',
    'GET /api/brands',
    'GET /api/brands/:id',
    'GET /api/models',
    'GET /api/models/:id',
    'GET /api/images/:id',
    'GET /api/conditions/pdf',
    'GET /api/verifactu/declaration',
  ]);

  test('every API route answers staff and customers with Cache-Control: no-store unless it is public', async () => {
    const admin = await signedIn(s.app, ADMIN);
    const orderId = await f.withPhoto();
    const fill = (url: string) =>
      url
        .replace(
          ':id',
          /orders|payment/.test(url) ? orderId : url.includes('/images/') ? f.photo.split('/').pop()! : '1',
        )
        .replace(':origin', 'false')
        .replace(':storeId', '1')
        .replace(/:[A-Za-z]+/g, '1');
    const checked: string[] = [];
    // Signing out last, so that every other call is made as a signed-in admin.
    const routes = [...s.routes].sort(
      (a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')),
    );
    for (const route of routes) {
      const [method, url] = route.split(' ') as [string, string];
      if (!url.startsWith('/api/') || PUBLIC.has(route) || method === 'OPTIONS') continue;
      const res = await admin.request({
        method: method as InjectOptions['method'],
        url: fill(url),
        payload: {},
      });
      assert.match(
        String(res.headers['cache-control']),
        /no-store/,
        `${route} -> ${res.statusCode} cache-control: ${res.headers['cache-control']}`,
      );
      checked.push(route);
    }
    assert.ok(checked.includes('GET /api/staff'));
    assert.ok(checked.length > 40, `walked ${checked.length} routes`);
    // And a customer reading their own order.
    const own = await f.owner.get(`/api/orders/${orderId}`);
    assert.equal(own.headers['cache-control'], 'no-store');
    assert.equal(((await f.owner.get(`/api/orders/${orderId}`)).json() as Order).id, orderId);
  });
});
