import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Model } from '@shop/contracts/catalogue';
import type { Store } from '@shop/contracts/stores';
import sharp from 'sharp';
import { isPrivatePage } from '../src/http/seo.ts';
import { planModelPicture } from '../src/modules/catalogue/mockup.ts';
import { encodeStoreUrl } from '../src/modules/stores/url-code.ts';
import { ADMIN, Client, createStaff, createTestApp, signedIn, type TestApp } from './helpers.ts';

const outline = {
  widthMm: 71.6,
  heightMm: 147.6,
  cornerRadiusMm: 12.5,
  camera: { xMm: 1.1, yMm: 1.2, widthMm: 34.2, heightMm: 34.2, cornerRadiusMm: 10.4 },
};

describe('storefront pictures, store details and search engines', () => {
  let t: TestApp;
  let admin: Client;
  let visitor: Client;
  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    admin = await signedIn(t.app, ADMIN);
    visitor = new Client(t.app);
  });
  after(() => t.close());

  const picture = async (uri: string) => {
    const res = await visitor.get(uri);
    assert.equal(res.statusCode, 200, `${uri}: ${res.body}`);
    return {
      type: res.headers['content-type'],
      bytes: res.rawPayload,
      meta: await sharp(res.rawPayload).metadata(),
    };
  };

  test('a model saved without a photo gets a mock-up drawn from its outline, again when the outline changes', async () => {
    const created = await admin.post('/api/models', {
      isPublic: false, // no case template yet: a public model could not be sold
      name: 'Modelo nuevo',
      brand: { id: 1 },
      price: 21.5,
      outline,
    });
    assert.equal(created.statusCode, 201, created.body);
    const model = created.json() as Model;
    assert.ok(model.image, 'the model has a picture');
    const drawn = await picture(model.image);
    assert.equal(drawn.type, 'image/webp');
    assert.ok(drawn.meta.hasAlpha, 'transparent around the case');
    assert.ok(drawn.meta.height! > drawn.meta.width!, 'a case stands upright');

    // Saved again unchanged: the same picture.
    const same = (
      await admin.put(`/api/models/${model.id}`, { ...input(model), name: 'Modelo nuevo' })
    ).json() as Model;
    assert.equal(same.image, model.image);

    // A wider phone: a new mock-up, of the new outline.
    const wider = { ...outline, widthMm: 78 };
    const moved = (
      await admin.put(`/api/models/${model.id}`, { ...input(model), outline: wider })
    ).json() as Model;
    assert.notEqual(moved.image, model.image);
    const redrawn = await picture(moved.image!);
    assert.ok(redrawn.meta.width! / redrawn.meta.height! > drawn.meta.width! / drawn.meta.height!);

    // Without an outline there is nothing to draw: no picture, the storefront shows its fallback.
    const bare = await admin.post('/api/models', {
      name: 'Sin contorno',
      brand: { id: 1 },
      price: 19.9,
      isPublic: false,
    });
    assert.equal((bare.json() as Model).image, null);
  });

  test("staff's photo wins over the mock-up and is kept when the outline changes", () => {
    const photo = { image: '/api/images/photo-photo-1', outline };
    assert.deepEqual(planModelPicture(photo, null), { keep: { imageId: 'photo-photo-1', isMockup: false } });
    const current = { imageId: 'mockup-mock-1', isMockup: true, outline };
    assert.deepEqual(planModelPicture(photo, current), {
      keep: { imageId: 'photo-photo-1', isMockup: false },
    });
    const kept = { image: '/api/images/mockup-mock-1', outline };
    assert.deepEqual(planModelPicture(kept, current), { keep: { imageId: 'mockup-mock-1', isMockup: true } });
    const changed = { ...outline, heightMm: 150 };
    assert.deepEqual(planModelPicture({ ...kept, outline: changed }, current), { draw: changed });
    const uploadedBefore = { imageId: 'photo-photo-1', isMockup: false, outline };
    assert.deepEqual(
      planModelPicture({ image: '/api/images/photo-photo-1', outline: changed }, uploadedBefore),
      {
        keep: { imageId: 'photo-photo-1', isMockup: false },
      },
    );
  });

  test('catalogue pictures come resized in AVIF and WebP, made once and kept', async () => {
    const model = ((await visitor.get('/api/models?store=1&brand=1&size=1')).json() as { items: Model[] })
      .items[0]!;
    const avif = await picture(`${model.image}?w=240&fm=avif`);
    assert.equal(avif.type, 'image/avif');
    assert.equal(avif.meta.width, 240);
    const webp = await picture(`${model.image}?w=160&fm=webp`);
    assert.equal(webp.type, 'image/webp');
    assert.equal(webp.meta.width, 160);
    const again = await visitor.get(`${model.image}?w=240&fm=avif`);
    assert.deepEqual(again.rawPayload, avif.bytes);
    assert.match(String(again.headers['cache-control']), /immutable/);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM files WHERE parent_id = $1 AND variant = 'w240-avif'",
      [model.image!.slice('/api/images/'.length)],
    );
    assert.equal(rows[0]!.n, 1, 'one stored copy');

    // A brand's SVG mark is drawn at the asked width.
    const brand = ((await visitor.get('/api/brands')).json() as { imageURI: string }[])[0]!;
    assert.equal((await picture(`${brand.imageURI}?w=320&fm=webp`)).meta.width, 320);
    // Store photos too.
    const store = (await visitor.get('/api/stores/1')).json() as Store;
    assert.equal((await picture(`${store.image}?w=480&fm=avif`)).meta.width, 480);
  });

  test('only listed widths and formats, both given, of catalogue pictures', async () => {
    const model = ((await visitor.get('/api/models?store=1&brand=1&size=1')).json() as { items: Model[] })
      .items[0]!;
    assert.equal((await visitor.get(`${model.image}?w=241&fm=avif`)).statusCode, 400);
    assert.equal((await visitor.get(`${model.image}?w=240&fm=gif`)).statusCode, 400);
    assert.equal((await visitor.get(`${model.image}?w=240`)).statusCode, 400);
    assert.equal((await visitor.get(`${model.template}?w=240&fm=webp`)).statusCode, 404, 'not a template');
  });

  test('a store has opening hours and a map query, shown to every visitor', async () => {
    const before = (await visitor.get('/api/stores/2')).json() as Store;
    assert.match(before.hours, /10:00/);
    assert.equal(before.mapQuery, null);
    const { id: _id, ...fields } = before;
    const hours = 'Lunes a viernes: 9:30–20:00\nDomingos: cerrado';
    const saved = await admin.put('/api/stores/2', {
      ...fields,
      hours,
      mapQuery: 'Centro Comercial Plaza Mayor, Málaga',
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const after = (await visitor.get('/api/stores/2')).json() as Store;
    assert.equal(after.hours, hours);
    assert.equal(after.mapQuery, 'Centro Comercial Plaza Mayor, Málaga');
    const tooLong = await admin.put('/api/stores/2', { ...fields, hours: 'x'.repeat(401) });
    assert.equal(tooLong.statusCode, 400);
  });

  test('robots.txt names the sitemap; the sitemap lists the public pages and open stores only', async () => {
    const robots = await visitor.get('/robots.txt');
    assert.equal(robots.statusCode, 200);
    assert.match(robots.body, /^User-agent: \*$/m);
    assert.match(robots.body, /^Sitemap: http:\/\/localhost(:\d+)?\/sitemap\.xml$/m);
    assert.doesNotMatch(robots.body, /Disallow: \/pedido/, 'order pages say noindex instead');

    const sitemap = await visitor.get('/sitemap.xml');
    assert.equal(sitemap.statusCode, 200);
    assert.match(String(sitemap.headers['content-type']), /application\/xml/);
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    assert.ok(locs.includes('/') && locs.includes('/store') && locs.includes('/legal'));
    assert.ok(locs.includes('/creditos'), 'the credits of the fonts and stickers are a public page');
    assert.ok(
      locs.includes('/declaracion-responsable'),
      "the invoicing system's declaration is a public page",
    );
    assert.ok(locs.includes(`/store/${encodeStoreUrl(1, 'false')}`));
    const stores = (await visitor.get('/api/stores')).json() as Store[];
    const down = stores.find((s) => s.down)!;
    assert.ok(!locs.includes(`/store/${encodeStoreUrl(down.id, 'false')}`), 'a closed store is not listed');
    assert.ok(!locs.includes(`/store/${encodeStoreUrl(150, 'false')}`), 'the warehouse is not listed');
    assert.ok(!locs.some((l) => l.startsWith('/pedido') || l.startsWith('/editor')));
  });

  test('the pages of an order and the back office are the ones kept out of search engines', () => {
    for (const url of [
      '/pedido/datos',
      '/editor-edicion',
      '/editor-modelo?x=1',
      '/upload/abc',
      '/payment-success',
      '/admin/orders',
    ]) {
      assert.ok(isPrivatePage(url), url);
    }
    for (const url of [
      '/',
      '/store',
      '/store/MTpmYWxzZQ',
      '/legal',
      '/welcome/MTpmYWxzZQ',
      '/pedidos-info',
    ]) {
      assert.ok(!isPrivatePage(url), url);
    }
  });
});

/** A model's fields as the back office sends them back. */
function input(model: Model) {
  return {
    name: model.name,
    brand: { id: model.brand.id },
    image: model.image,
    template: model.template,
    price: model.price,
    isPublic: model.isPublic,
    isDown: model.isDown,
    outline: model.outline,
  };
}
