import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import sharp from 'sharp';
import { FileService } from '../src/modules/files/service.ts';
import { sweepUnattachedUploads } from '../src/modules/orders/photo-service.ts';
import { multipart, testPhoto } from './checkout-helpers.ts';
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

const photo = testPhoto;

const upload = async (client: Client, file: Buffer, filename = 'foto.jpg', type = 'image/jpeg') =>
  client.request({
    method: 'POST',
    url: '/api/images',
    ...multipart([{ name: 'file', value: file, filename, type }]),
  });

describe('order photos: upload, attach, remove, phone links', () => {
  let t: TestApp;
  let c: Client;
  let model: ModelPage['items'][number];

  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    c = new Client(t.app);
    model = ((await c.get('/api/models?store=1&size=1')).json() as ModelPage).items[0]!;
  });
  after(() => t.close());

  const newOrder = async (client = c) =>
    (
      (
        await client.post('/api/orders', {
          store: { id: 1 },
          brand: { id: model.brand.id },
          model: { id: model.id },
        })
      ).json() as {
        id: string;
      }
    ).id;

  /** Everything that counts as stored: rows of every table and bytes in the file store. */
  const stored = async () => ({ rows: await tableCounts(t.db), files: t.files.files.size });

  test('a photo uploaded from this device is stored, served at editor size and attached to the order', async () => {
    const id = await newOrder();
    const res = await upload(c, await photo(3000, 2000));
    assert.equal(res.statusCode, 201, res.body);
    const { uri } = res.json() as { uri: string };
    assert.match(uri, /^\/api\/images\/[A-Za-z0-9_-]{22}$/);

    const served = await c.get(uri);
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['cache-control'], 'private, no-store');
    const meta = await sharp(served.rawPayload).metadata();
    assert.ok(Math.max(meta.width!, meta.height!) <= 2048, 'editor size');
    assert.equal((await c.get(`${uri}?variant=preview`)).statusCode, 200);
    assert.equal((await c.get(`${uri}?variant=original`)).statusCode, 403, 'the original is for staff');
    const admin = await signedIn(t.app, ADMIN);
    const original = await admin.get(`${uri}?variant=original`);
    assert.equal((await sharp(original.rawPayload).metadata()).width, 3000);

    const put = await c.put(`/api/orders/${id}`, { image: uri, total: 0 });
    assert.equal(put.statusCode, 200, put.body);
    const order = put.json() as Order;
    assert.equal(order.image, uri);
    assert.equal(order.status, 'image_uploaded');
    assert.equal(order.total, model.price, 'a client-sent total is ignored');
  });

  test("another visitor cannot attach someone else's photo", async () => {
    const id = await newOrder();
    const { uri } = (await upload(c, await photo())).json() as { uri: string };
    const stranger = new Client(t.app);
    // Not on their own order (not their upload)...
    const theirs = await newOrder(stranger);
    assert.equal((await stranger.put(`/api/orders/${theirs}`, { image: uri })).statusCode, 400);
    // ... nor on the owner's (not their order).
    const res = await stranger.put(`/api/orders/${id}`, { image: uri });
    assert.equal(res.statusCode, 403);
    assert.equal(((await c.get(`/api/orders/${id}`)).json() as Order).image, null);
    assert.equal((await stranger.delete(uri)).statusCode, 403, 'nor delete it');
  });

  test("'Cambiar foto' removes the order's image", async () => {
    const id = await newOrder();
    const { uri } = (await upload(c, await photo())).json() as { uri: string };
    await c.put(`/api/orders/${id}`, { image: uri });
    const res = await c.delete(`/api/orders/${id}/removeImage`);
    assert.equal(res.statusCode, 200);
    assert.equal((res.json() as Order).image, null);
    assert.equal((res.json() as Order).status, 'created');
    assert.equal(
      (await c.delete(uri)).statusCode,
      204,
      'the detached upload can now be deleted by its owner',
    );
    assert.equal((await c.get(uri)).statusCode, 404);
  });

  test('the phone link: getUrl and generateQR give upload-only tokens that put the photo on their order', async () => {
    const kioskOrder = await newOrder();
    const { url } = (await c.get(`/api/orders/${kioskOrder}/screen/getUrl`)).json() as { url: string };
    assert.match(url, /\/upload\/[A-Za-z0-9_-]{22}$/);
    const { urlCode } = (await c.post(`/api/orders/${kioskOrder}/generateQR`)).json() as { urlCode: string };
    assert.match(urlCode, /^[A-Za-z0-9_-]{22}$/);
    const token = url.split('/').pop()!;

    const phone = new Client(t.app);
    await phone.get('/api/health');
    const form = multipart([
      { name: 'encodedUrl', value: token },
      { name: 'file', value: await photo(), filename: 'IMG_0001.jpg', type: 'image/jpeg' },
    ]);
    const res = await phone.request({ method: 'POST', url: '/api/orders/upload/', ...form });
    assert.equal(res.statusCode, 200, res.body);
    const order = (await c.get(`/api/orders/${kioskOrder}`)).json() as Order;
    assert.equal(order.image, (res.json() as { uri: string }).uri);
    assert.equal(order.status, 'image_uploaded');
    const { rows } = await t.db.query('SELECT token_hash FROM upload_tokens WHERE token_hash = $1', [token]);
    assert.equal(rows.length, 0, 'tokens are stored hashed');
  });

  test("a tray link (?for=tray) adds the phone's photo to the tray and keeps the photo, the design's links and the state", async () => {
    const kioskOrder = await newOrder();
    const phone = new Client(t.app);
    await phone.get('/api/health');
    const linkFor = async (purpose?: string) => {
      const res = await c.get(`/api/orders/${kioskOrder}/screen/getUrl${purpose ? `?for=${purpose}` : ''}`);
      assert.equal(res.statusCode, 200, res.body);
      return (res.json() as { url: string }).url.split('/').pop() as string;
    };
    const send = async (token: string) =>
      phone.request({
        method: 'POST',
        url: '/api/orders/upload/',
        ...multipart([
          { name: 'encodedUrl', value: token },
          { name: 'file', value: await photo(), filename: 'IMG_0002.jpg', type: 'image/jpeg' },
        ]),
      });

    const first = await send(await linkFor());
    assert.equal(first.statusCode, 200, first.body);
    const firstUri = (first.json() as { uri: string }).uri;
    const photoLink = await linkFor('photo');
    const trayLink = await linkFor('tray');
    const second = await send(trayLink);
    assert.equal(second.statusCode, 200, second.body);
    const order = (await c.get(`/api/orders/${kioskOrder}`)).json() as Order;
    assert.equal(order.image, firstUri, 'the order keeps its photo');
    assert.deepEqual(
      order.photos.map((p) => p.uri).sort(),
      [firstUri, (second.json() as { uri: string }).uri].sort(),
      'both photos are in the tray',
    );
    assert.equal(order.status, 'image_uploaded');
    assert.equal((await c.get(`/api/upload-links/${photoLink}`)).statusCode, 200, 'other links stay open');
    const again = await send(trayLink);
    assert.equal(again.statusCode, 403);
    assert.equal((again.json() as { error: string }).error, 'UPLOAD_LINK_USED', 'a tray link is single-use');

    const wrong = await c.get(`/api/orders/${kioskOrder}/screen/getUrl?for=everything`);
    assert.equal(wrong.statusCode, 400);
    assert.equal((wrong.json() as { error: string }).error, 'VALIDATION_FAILED');
  });

  test("another order's token puts the photo on that other order only", async () => {
    const mine = await newOrder();
    const otherKiosk = new Client(t.app);
    const other = await newOrder(otherKiosk);
    const { urlCode } = (await otherKiosk.post(`/api/orders/${other}/generateQR`)).json() as {
      urlCode: string;
    };
    const form = multipart([
      { name: 'encodedUrl', value: urlCode },
      { name: 'file', value: await photo(), filename: 'a.jpg' },
    ]);
    assert.equal((await c.request({ method: 'POST', url: '/api/orders/upload/', ...form })).statusCode, 200);
    assert.equal(((await c.get(`/api/orders/${mine}`)).json() as Order).image, null);
    assert.notEqual(((await otherKiosk.get(`/api/orders/${other}`)).json() as Order).image, null);
  });

  describe('refused uploads leave nothing stored', () => {
    const cases: [
      string,
      () => Promise<{ parts: Parameters<typeof multipart>[0]; url?: string }>,
      number,
      string,
    ][] = [
      ['no file at all', async () => ({ parts: [] }), 400, 'NO_IMAGE'],
      [
        'an empty file',
        async () => ({ parts: [{ name: 'file', value: Buffer.alloc(0), filename: 'x.jpg' }] }),
        400,
        'NO_IMAGE',
      ],
      [
        'an SVG with a script',
        async () => ({
          parts: [
            {
              name: 'file',
              value: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
              filename: 'x.svg',
              type: 'image/svg+xml',
            },
          ],
        }),
        415,
        '',
      ],
      [
        'an HTML file named .jpg',
        async () => ({
          parts: [
            {
              name: 'file',
              value: '<html><script>alert(1)</script></html>',
              filename: 'foto.jpg',
              type: 'image/jpeg',
            },
          ],
        }),
        415,
        '',
      ],
      [
        'a truncated JPEG',
        async () => {
          const full = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#369' } })
            .jpeg()
            .toBuffer();
          return {
            parts: [
              { name: 'file', value: full.subarray(0, Math.floor(full.length / 2)), filename: 'cut.jpg' },
            ],
          };
        },
        422,
        '',
      ],
      [
        'a 20000x20000 PNG of a few hundred KB',
        async () => {
          const png = await sharp({
            create: { width: 20000, height: 20000, channels: 3, background: '#fff' },
            limitInputPixels: false,
          })
            .png({ compressionLevel: 9 })
            .toBuffer();
          assert.ok(png.length < 2_000_000, `bomb is small: ${png.length}`);
          return { parts: [{ name: 'file', value: png, filename: 'big.png' }] };
        },
        413,
        '',
      ],
      [
        'a file over the size cap',
        async () => {
          const big = Buffer.alloc(26 * 1024 * 1024, 0);
          big.set([0xff, 0xd8, 0xff, 0xe0]);
          return { parts: [{ name: 'file', value: big, filename: 'huge.jpg' }] };
        },
        413,
        '',
      ],
      [
        'a forged phone token',
        async () => ({
          url: '/api/orders/upload/',
          parts: [
            { name: 'encodedUrl', value: 'AAAAAAAAAAAAAAAAAAAAAA' },
            { name: 'file', value: await photo(), filename: 'a.jpg' },
          ],
        }),
        403,
        'UPLOAD_LINK_INVALID',
      ],
      [
        'an expired phone token',
        async () => {
          const id = await newOrder();
          const { urlCode } = (await c.post(`/api/orders/${id}/generateQR`)).json() as { urlCode: string };
          await t.db.query(`UPDATE upload_tokens SET expires_at = now() - interval '1 second'`);
          return {
            url: '/api/orders/upload/',
            parts: [
              { name: 'encodedUrl', value: urlCode },
              { name: 'file', value: await photo(), filename: 'a.jpg' },
            ],
          };
        },
        403,
        'UPLOAD_LINK_INVALID',
      ],
      [
        'a phone upload without token',
        async () => ({
          url: '/api/orders/upload/',
          parts: [{ name: 'file', value: await photo(), filename: 'a.jpg' }],
        }),
        403,
        'UPLOAD_LINK_INVALID',
      ],
      [
        'two files',
        async () => ({
          parts: [
            { name: 'file', value: await photo(), filename: 'a.jpg' },
            { name: 'file', value: await photo(), filename: 'b.jpg' },
          ],
        }),
        413,
        '',
      ],
    ];
    for (const [name, make, status, code] of cases) {
      test(`${name} -> ${status}`, async () => {
        const { parts, url } = await make();
        const before = await stored();
        const res = await c.request({ method: 'POST', url: url ?? '/api/images', ...multipart(parts) });
        assert.equal(res.statusCode, status, res.body);
        const body = res.json() as { error: string; message: string };
        if (code) assert.equal(body.error, code);
        if (code === 'NO_IMAGE') assert.equal(body.message, messages.noImageProvided);
        assert.ok(body.message.length > 0);
        assert.deepEqual(await stored(), before);
      });
    }

    test('10,000 multipart parts -> 413', async () => {
      const parts = Array.from({ length: 10_000 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
      const before = await stored();
      const res = await c.request({ method: 'POST', url: '/api/images', ...multipart(parts) });
      assert.equal(res.statusCode, 413);
      assert.deepEqual(await stored(), before);
    });

    test('a JSON body on the upload call -> 415', async () => {
      const res = await c.post('/api/images', { file: 'x' });
      assert.equal(res.statusCode, 415);
    });
  });

  test('unattached uploads are swept after a day; attached ones stay', async () => {
    const id = await newOrder();
    const kept = (await upload(c, await photo())).json() as { uri: string };
    await c.put(`/api/orders/${id}`, { image: kept.uri });
    const lost = (await upload(c, await photo())).json() as { uri: string };
    await t.db.query(`UPDATE files SET created_at = now() - interval '25 hours'`);
    const swept = await sweepUnattachedUploads(t.db, new FileService(t.files));
    assert.ok(swept >= 1);
    assert.equal((await c.get(lost.uri)).statusCode, 404);
    assert.equal((await c.get(kept.uri)).statusCode, 200);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM files f WHERE f.kind IN ('upload', 'upload-preview')`,
    );
    const keys = [...t.files.files.keys()].filter((k) => k.startsWith('upload'));
    assert.equal(keys.length, rows[0]!.n, 'no bytes left behind without a row');
  });
});

describe('full-size photos: the back office, and store staff for their own store', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
  });
  after(() => t.close());

  test("store staff read the original of their own store's orders only; admins read any", async () => {
    const customer = new Client(t.app);
    const model = ((await customer.get('/api/models?store=1&size=1')).json() as ModelPage).items[0]!;
    const order = (
      await customer.post('/api/orders', {
        store: { id: 1 },
        brand: { id: model.brand.id },
        model: { id: model.id },
      })
    ).json() as { id: string };
    const uploadOne = async () =>
      ((await upload(customer, await photo(1200, 800))).json() as { uri: string }).uri;
    const attached = await uploadOne();
    const loose = await uploadOne();
    assert.equal((await customer.put(`/api/orders/${order.id}`, { image: attached })).statusCode, 200);

    const store1 = await signedIn(t.app, STORE1);
    const store2 = await signedIn(t.app, STORE2);
    const admin = await signedIn(t.app, ADMIN);
    const original = (c: Client, uri: string) => c.get(`${uri}?variant=original`).then((r) => r.statusCode);
    assert.equal(await original(store1, attached), 200, "store 1's order");
    assert.equal(await original(store2, attached), 403, "another store's order");
    assert.equal(await original(store1, loose), 403, 'a photo of no order');
    assert.equal(await original(admin, attached), 200);
    assert.equal(await original(admin, loose), 200);
    // The editor size stays readable by whoever holds the link (the customer's own pages).
    assert.equal((await store2.get(attached)).statusCode, 200);
  });
});
