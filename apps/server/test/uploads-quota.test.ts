import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { printWorthySize } from '@shop/case-geometry/print-size';
import { messages } from '@shop/contracts/messages';
import sharp from 'sharp';
import { printCaseOfCatalogue } from '../src/modules/catalogue/index.ts';
import { ORDER_PHOTOS_MAX_BYTES, UPLOAD_QUOTA } from '../src/modules/files/quota.ts';
import { ORIGINAL_MIN_QUALITY } from '../src/modules/images/pipeline.ts';
import { multipart } from './checkout-helpers.ts';
import { Client, createTestApp, type TestApp } from './helpers.ts';
import { OrderFactory, ok, smallPhoto } from './security-support.ts';

/**
 * What customers may store: photos kept no larger than the print of the largest case needs, and
 * never heavier than they arrived when a reasonable quality allows it; per client (visitor and
 * address) a quota of bytes per hour, per order a quota on its tray. A refusal stores nothing.
 */

/** A photo of sensor noise: what costs JPEG the most, as a phone's photo in a dim room does. */
const noisyPhoto = (width: number, height: number, quality: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality })
    .toBuffer();

const post = (c: Client, photo: Buffer, remoteAddress?: string) =>
  c.request({
    method: 'POST',
    url: '/api/images',
    ...multipart([{ name: 'file', value: photo, filename: 'foto.jpg', type: 'image/jpeg' }]),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

interface StoredFile {
  id: string;
  size_bytes: number;
  width: number;
  height: number;
}

describe('stored photos: no larger than the print needs, no heavier than they came', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const original = async (uri: string): Promise<StoredFile> =>
    (
      await t.db.query<StoredFile>('SELECT id, size_bytes, width, height FROM files WHERE id = $1', [
        uri.split('/').pop(),
      ])
    ).rows[0]!;

  test('the print size comes from the largest case of the catalogue', async () => {
    const { rows } = await t.db.query<{ w: number; h: number }>(
      `SELECT (outline->>'widthMm')::float8 AS w, (outline->>'heightMm')::float8 AS h FROM models
       WHERE outline IS NOT NULL`,
    );
    assert.ok(rows.length > 10);
    const largest = await printCaseOfCatalogue(t.db);
    for (const m of rows) assert.ok(m.w <= largest.widthMm && m.h <= largest.heightMm, JSON.stringify(m));
    assert.ok(rows.some((m) => m.w === largest.widthMm));
    assert.ok(rows.some((m) => m.h === largest.heightMm));
  });

  test('a large noisy photo is kept at the print size of the largest case and lighter than it came', async () => {
    // 16 MP of noise at q90: far more pixels than a case uses, and heavy (a 20 MB photo of the
    // same kind stored 34 MB when every pixel was kept at q92).
    const photo = await noisyPhoto(4800, 3400, 90);
    const res = ok(await post(new Client(t.app), photo), 201);
    const stored = await original(res.json().uri);
    const printCase = await printCaseOfCatalogue(t.db);
    const worthy = printWorthySize({ width: 4800, height: 3400 }, printCase);
    assert.deepEqual({ width: stored.width, height: stored.height }, worthy);
    assert.ok(stored.width < 4800, 'it was shrunk');
    // Still enough to print the largest case at 300 DPI, upright or turned.
    const dpi = (w: number, h: number) =>
      Math.min(w / (printCase.widthMm / 25.4), h / (printCase.heightMm / 25.4));
    assert.ok(dpi(stored.width, stored.height) >= 299.5 && dpi(stored.height, stored.width) >= 299.5);
    assert.ok(stored.size_bytes <= photo.length, `${stored.size_bytes} stored > ${photo.length} uploaded`);
    const bytes = await t.app.inject({ url: `${res.json().uri}?variant=original` });
    assert.equal(bytes.statusCode, 403, 'the original stays for staff');
    const meta = await sharp((await t.files.get((await storageKey(stored.id))!))!).metadata();
    assert.deepEqual([meta.width, meta.height, meta.format], [stored.width, stored.height, 'jpeg']);
  });

  test('a noisy photo already at print size is re-encoded no heavier than it came', async () => {
    const photo = await noisyPhoto(1600, 1200, 82);
    const res = ok(await post(new Client(t.app), photo), 201);
    const stored = await original(res.json().uri);
    assert.deepEqual([stored.width, stored.height], [1600, 1200], 'not shrunk: it has no pixel to spare');
    assert.ok(ORIGINAL_MIN_QUALITY <= 82);
    assert.ok(stored.size_bytes <= photo.length, `${stored.size_bytes} stored > ${photo.length} uploaded`);
  });

  const storageKey = async (id: string) =>
    (await t.db.query<{ storage_key: string }>('SELECT storage_key FROM files WHERE id = $1', [id])).rows[0]
      ?.storage_key;
});

describe('upload quota per client and per order', () => {
  let t: TestApp;
  let f: OrderFactory;
  before(async () => {
    t = await createTestApp();
    f = await new OrderFactory(t.app).init();
  });
  after(() => t.close());

  const fileCount = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files')).rows[0]!.n;
  const storedKeys = () => t.files.files.size;
  const counter = async (key: string) =>
    (
      await t.db.query<{ bytes: string }>('SELECT bytes::text AS bytes FROM upload_quota WHERE key = $1', [
        key,
      ])
    ).rows[0]?.bytes;
  /** The client has stored `bytes` this hour already. */
  const used = (key: string, bytes: number) =>
    t.db.query(
      `INSERT INTO upload_quota (key, window_start, bytes) VALUES ($1, now(), $2)
       ON CONFLICT (key) DO UPDATE SET window_start = now(), bytes = EXCLUDED.bytes`,
      [key, bytes],
    );
  const visitor = async () => {
    const c = new Client(t.app);
    await c.get('/api/health');
    return c;
  };

  test('a visitor past its quota is told so in Spanish, and the upload stores nothing', async () => {
    const c = await visitor();
    const key = `upload-bytes:visitor:${c.cookies.get('sid')}`;
    const photo = await smallPhoto(1200, 900);
    ok(await post(c, photo, '10.1.0.1'), 201);
    assert.ok(Number(await counter(key)) > 0, 'the upload was counted');

    // Room for less than this photo takes: the upload is processed, then refused before storing.
    await used(key, UPLOAD_QUOTA.perVisitorBytes - 1000);
    const [files, keys] = [await fileCount(), storedKeys()];
    const refused = await post(c, photo, '10.1.0.1');
    assert.equal(refused.statusCode, 429, refused.body);
    assert.deepEqual(refused.json(), {
      error: 'UPLOAD_QUOTA_EXCEEDED',
      message: messages.uploadQuotaExceeded,
    });
    const wait = Number(refused.headers['retry-after']);
    assert.ok(wait > 0 && wait <= UPLOAD_QUOTA.windowSeconds, `retry-after ${wait}`);
    assert.equal(await fileCount(), files, 'no file row');
    assert.equal(storedKeys(), keys, 'no bytes in storage');
    assert.equal(Number(await counter(key)), UPLOAD_QUOTA.perVisitorBytes - 1000, 'the count rolled back');

    // Quota used up: refused before any processing, the same way.
    await used(key, UPLOAD_QUOTA.perVisitorBytes);
    const again = await post(c, photo, '10.1.0.1');
    assert.equal(again.statusCode, 429);
    assert.equal(again.json().error, 'UPLOAD_QUOTA_EXCEEDED');
    assert.equal(await fileCount(), files);

    // Another customer on the same connection still uploads.
    ok(await post(await visitor(), photo, '10.1.0.1'), 201);
  });

  test('an address past its quota refuses every new cookie there, and no other address', async () => {
    await used('upload-bytes:address:10.2.0.1', UPLOAD_QUOTA.perAddressBytes);
    const files = await fileCount();
    const refused = await post(await visitor(), await smallPhoto(), '10.2.0.1');
    assert.equal(refused.statusCode, 429, refused.body);
    assert.deepEqual(refused.json(), {
      error: 'UPLOAD_QUOTA_EXCEEDED',
      message: messages.uploadQuotaExceeded,
    });
    assert.equal(await fileCount(), files);
    ok(await post(await visitor(), await smallPhoto(), '10.2.0.2'), 201);
  });

  test('a window that is over starts afresh', async () => {
    const c = await visitor();
    const key = `upload-bytes:visitor:${c.cookies.get('sid')}`;
    await t.db.query(
      `INSERT INTO upload_quota (key, window_start, bytes)
       VALUES ($1, now() - make_interval(secs => $2 + 1), $3)`,
      [key, UPLOAD_QUOTA.windowSeconds, UPLOAD_QUOTA.perVisitorBytes],
    );
    ok(await post(c, await smallPhoto(), '10.3.0.1'), 201);
    assert.ok(Number(await counter(key)) < 1024 * 1024);
  });

  /** Fills the order's tray with a file row of `bytes` (as heavy photos would). */
  const fillTray = async (orderId: string, bytes: number) => {
    const id = `heavy${Math.random().toString(36).slice(2, 12)}`;
    await t.db.query(
      `INSERT INTO files (id, kind, content_type, size_bytes, width, height, storage_key, variant)
       VALUES ($1, 'upload', 'image/jpeg', $2, 4000, 3000, $3, 'original')`,
      [id, bytes, `upload/${id}.jpg`],
    );
    await t.db.query('INSERT INTO order_photos (order_id, file_id) VALUES ($1, $2)', [orderId, id]);
  };

  test("an order's tray past its quota refuses another photo, from this browser and from a phone", async () => {
    const id = await f.withPhoto();
    await fillTray(id, ORDER_PHOTOS_MAX_BYTES - 2000);
    const trayBefore = (await f.get(id)).photos;

    const added = await f.owner.post(`/api/orders/${id}/photos`, { image: f.design });
    assert.equal(added.statusCode, 413, added.body);
    assert.deepEqual(added.json(), { error: 'ORDER_STORAGE_FULL', message: messages.orderStorageFull });
    assert.deepEqual((await f.get(id)).photos, trayBefore);

    // The phone's upload: refused before a byte is stored, the link still open.
    const { urlCode } = ok(await f.owner.post(`/api/orders/${id}/generateQR`)).json() as { urlCode: string };
    const [files, keys] = [await fileCount(), storedKeys()];
    const phone = new Client(t.app);
    const res = await phone.request({
      method: 'POST',
      url: '/api/orders/upload',
      ...multipart([
        { name: 'encodedUrl', value: urlCode },
        { name: 'file', value: await smallPhoto(800, 600), filename: 'movil.jpg', type: 'image/jpeg' },
      ]),
    });
    assert.equal(res.statusCode, 413, res.body);
    assert.deepEqual(res.json(), { error: 'ORDER_STORAGE_FULL', message: messages.orderStorageFull });
    assert.equal(await fileCount(), files, 'no file row');
    assert.equal(storedKeys(), keys, 'no bytes in storage');
    ok(await phone.get(`/api/upload-links/${urlCode}`));

    // With room again (a photo taken off the tray), the same photo goes in.
    await t.db.query(`DELETE FROM order_photos WHERE order_id = $1 AND file_id LIKE 'heavy%'`, [id]);
    ok(await f.owner.post(`/api/orders/${id}/photos`, { image: f.design }));
  });
});
