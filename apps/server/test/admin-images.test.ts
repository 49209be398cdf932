import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CatalogueImage } from '@shop/contracts/admin';
import type { Brand, Model } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import sharp from 'sharp';
import { multipart } from './checkout-helpers.ts';
import {
  ADMIN,
  Client,
  createStaff,
  createTestApp,
  STORE1,
  signedIn,
  type TestApp,
  tableCounts,
} from './helpers.ts';

/**
 * A case template as an administrator would draw it: white sheet, the case body transparent, a
 * grey outline (the only "ink", so it defines the crop box) and a near-white smudge (240) in the
 * margin that the crop rule (docs/product.md §9.4) must whiten.
 */
async function templatePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="360">
    <defs><mask id="m"><rect width="200" height="360" fill="#fff"/><rect x="20" y="30" width="160" height="300" rx="24" fill="#000"/></mask></defs>
    <rect width="200" height="360" fill="#fff" mask="url(#m)"/>
    <rect x="20" y="30" width="160" height="300" rx="24" fill="none" stroke="#555" stroke-width="2"/>
    <rect x="2" y="2" width="6" height="6" fill="rgb(240,240,240)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 40, g: 90, b: 200, alpha: 1 } } });

describe('catalogue image uploads (POST /api/admin/images)', () => {
  let t: TestApp;
  let admin: Client;

  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    admin = await signedIn(t.app, ADMIN);
  });
  after(() => t.close());

  const upload = (client: Client, kind: string, file: Buffer, filename = 'imagen.png', type = 'image/png') =>
    client.request({
      method: 'POST',
      url: `/api/admin/images?kind=${kind}`,
      ...multipart([{ name: 'file', value: file, filename, type }]),
    });

  /** Everything that counts as stored: rows of every table and bytes in the file store. */
  const stored = async () => ({ rows: await tableCounts(t.db), files: t.files.files.size });

  /** Sends `file` and checks the refusal and that nothing was stored. */
  async function refused(
    client: Client,
    kind: string,
    file: Buffer,
    status: number,
    message?: string,
    type?: string,
  ) {
    const before = await stored();
    const res = await upload(client, kind, file, 'archivo', type);
    assert.equal(res.statusCode, status, res.body);
    if (message) assert.equal(res.json().message, message);
    assert.deepEqual(await stored(), before, 'a refused upload stores nothing');
    return res;
  }

  test('anonymous visitors get 401 and store staff 403, before the file is looked at', async () => {
    const png = await solid(10, 10).png().toBuffer();
    await refused(new Client(t.app), 'brand-image', png, 401);
    await refused(await signedIn(t.app, STORE1), 'brand-image', png, 403);
  });

  test('SVG, HTML and other non-images are refused with 415', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await refused(admin, 'brand-image', svg, 415, messages.catalogueImageUnsupported, 'image/svg+xml');
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    await refused(admin, 'store-image', html, 415, messages.catalogueImageUnsupported, 'image/png');
    const gif = await solid(10, 10).gif().toBuffer();
    await refused(admin, 'model-image', gif, 415, messages.catalogueImageUnsupported, 'image/gif');
  });

  test('a template must be a PNG with transparency and an outline', async () => {
    await refused(
      admin,
      'template',
      await solid(100, 100).png().toBuffer(),
      415,
      messages.templateNeedsAlpha,
    );
    await refused(
      admin,
      'template',
      await solid(100, 100).jpeg().toBuffer(),
      415,
      messages.templateNeedsAlpha,
    );
    const opaque = await solid(100, 100, 4).png().toBuffer();
    await refused(admin, 'template', opaque, 415, messages.templateNeedsAlpha);
    // White around, transparent inside, but nothing drawn: the crop rule finds no case.
    const blank = await sharp({ create: { width: 100, height: 100, channels: 4, background: '#ffffff00' } })
      .composite([{ input: await solid(80, 80, 4).png().toBuffer(), left: 10, top: 10, blend: 'dest-out' }])
      .png()
      .toBuffer();
    await refused(admin, 'template', blank, 400, messages.templateEmpty);
  });

  test('files over 10 MB, over the pixel cap, broken or empty are refused', async () => {
    const big = Buffer.concat([await solid(10, 10).png().toBuffer(), Buffer.alloc(10 * 1024 * 1024)]);
    await refused(admin, 'brand-image', big, 413, messages.catalogueImageTooLarge);
    const huge = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await refused(admin, 'model-image', huge, 413, messages.catalogueImageTooManyPixels);
    const png = await solid(50, 50).png().toBuffer();
    await refused(admin, 'brand-image', png.subarray(0, 60), 422, messages.unreadableImage);
    await refused(admin, 'brand-image', Buffer.alloc(0), 400, messages.noImageProvided);
    assert.equal(
      (await admin.request({ method: 'POST', url: '/api/admin/images?kind=upload' })).statusCode,
      400,
    );
    const json = await admin.post('/api/admin/images?kind=brand-image', { file: 'x' });
    assert.equal(json.statusCode, 415);
  });

  test('a template is stored whitened, with its crop box, and a model can use it', async () => {
    const res = await upload(admin, 'template', await templatePng());
    assert.equal(res.statusCode, 201, res.body);
    const image = res.json() as CatalogueImage;
    assert.equal(image.width, 200);
    assert.equal(image.height, 360);
    // The outline's stroke (2 px centred on the rectangle's edge) is the only ink.
    assert.deepEqual(image.cropBox, { x: 19, y: 29, width: 162, height: 302 });

    const served = await admin.get(image.uri);
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/png');
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    assert.equal(info.channels, 4);
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
    ];
    assert.deepEqual(at(4, 4), [255, 255, 255, 255], 'near white (240) is whitened');
    assert.equal(at(100, 180)[3], 0, 'the case body stays transparent');

    const brand = (await admin.get('/api/brands')).json() as Brand[];
    const model = await admin.post('/api/models', {
      name: 'Prueba Uno',
      brand: { id: brand[0]!.id },
      template: image.uri,
      price: 24.9,
    });
    assert.equal(model.statusCode, 201, model.body);
    assert.equal((model.json() as Model).template, image.uri);
  });

  test('pictures are re-encoded without metadata, upright and at most 1600 px, in their format', async () => {
    const jpeg = await solid(3000, 1000)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secreto' } } })
      .toBuffer();
    const res = await upload(admin, 'store-image', jpeg, 'tienda.jpg', 'image/jpeg');
    assert.equal(res.statusCode, 201, res.body);
    const image = res.json() as CatalogueImage;
    assert.deepEqual([image.width, image.height], [533, 1600], 'turned upright, then scaled to fit');
    assert.equal(image.cropBox, undefined);
    const meta = await sharp((await admin.get(image.uri)).rawPayload).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.equal(meta.exif, undefined);
    assert.equal(meta.orientation, undefined);

    const logo = await solid(120, 40, 4).png().toBuffer();
    const brandImage = (await upload(admin, 'brand-image', logo)).json() as CatalogueImage;
    const brand = await admin.post('/api/brands', { name: 'Marca de prueba', imageURI: brandImage.uri });
    assert.equal(brand.statusCode, 201, brand.body);
    assert.equal((await sharp((await admin.get(brandImage.uri)).rawPayload).metadata()).hasAlpha, true);
    // Each kind is only accepted where it belongs.
    const wrong = await admin.post('/api/brands', { name: 'Otra marca', imageURI: image.uri });
    assert.equal(wrong.statusCode, 400);
  });
});
