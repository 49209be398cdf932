// The storefront's HTML with the answers its first screen needs (plugins/page-html.ts): what goes
// into each page, that every answer is the API's own for that visitor, the preloads of the models
// page's first pictures, escaping, compression and caching.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  brandUrl,
  CONFIG_URL,
  modelsUrl,
  storeBrandsUrl,
  storeCodeUrl,
  storeUrl,
  storeValidationUrl,
} from '@shop/contracts/api-urls';
import type { Brand, ModelPage } from '@shop/contracts/catalogue';
import {
  MODEL_PICTURE_SIZES,
  MODEL_PICTURE_WIDTHS,
  PAGE_DATA_ELEMENT_ID,
  pictureSrcSet,
  STORE_COOKIE,
} from '@shop/contracts/storefront';
import type { LightMyRequestResponse } from 'fastify';
import { encodeStoreUrl } from '../src/modules/stores/url-code.ts';
import { ADMIN, createStaff, createTestApp, signedIn, type TestApp } from './helpers.ts';

const TEMPLATE = `<!doctype html>
<html lang="es">
  <head><meta charset="utf-8" /><title>Tienda</title></head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('the storefront page comes with the answers of its first screen', () => {
  let t: TestApp;
  let web: string;

  before(async () => {
    web = await mkdtemp(path.join(tmpdir(), 'page-html-'));
    await writeFile(path.join(web, 'index.html'), TEMPLATE);
    await mkdir(path.join(web, '.vite'));
    await writeFile(
      path.join(web, '.vite', 'route-preloads.json'),
      JSON.stringify({
        entry: { js: ['assets/index-a.js'], css: [] },
        routes: [{ path: 'models/:brandId', js: ['assets/models-b.js'], css: [] }],
      }),
    );
    t = await createTestApp({ webDist: web });
    await createStaff(t.db);
  });
  after(async () => {
    await t.close();
    await rm(web, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  /** The page's answers, read back as the storefront reads them. */
  function answersOf(res: LightMyRequestResponse): Record<string, unknown> {
    assert.equal(res.statusCode, 200, res.body);
    const block = new RegExp(
      `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`,
      's',
    );
    const found = block.exec(res.body);
    assert.ok(found, 'the page has its data block');
    return JSON.parse(found[1]!) as Record<string, unknown>;
  }

  /** What the API answers the same visitor for `url`. */
  async function apiAnswer(url: string, cookie?: string): Promise<unknown> {
    const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return res.json();
  }

  test("every page has the shop's data; a page with nothing else to show has nothing else", async () => {
    for (const url of ['/', '/store', '/pedido/datos', '/legal', '/models/1']) {
      const res = await page(url);
      const answers = answersOf(res);
      assert.deepEqual(Object.keys(answers), [CONFIG_URL], url);
      assert.deepEqual(answers[CONFIG_URL], await apiAnswer(CONFIG_URL));
      assert.match(String(res.headers['content-type']), /^text\/html; charset=utf-8/);
      // What the page holds depends on the visitor's cookies: kept by this browser only.
      assert.equal(res.headers['cache-control'], 'private, no-cache');
      assert.match(String(res.headers.vary), /cookie/);
    }
    // The page's own markup is the built one, with the block before the end of the body.
    const html = (await page('/')).body;
    assert.ok(html.startsWith(TEMPLATE.slice(0, TEMPLATE.indexOf('</body>'))));
    assert.match(html, /<\/script>\n<\/body>\n<\/html>\n$/);
  });

  test("the models page, for a visitor whose store is known: the store, the brand, the first page of models and its first row's pictures", async () => {
    const cookie = `${STORE_COOKIE}=1`;
    const res = await page('/models/1', { cookie });
    const answers = answersOf(res);
    const firstPage = modelsUrl({ store: 1, brand: 1 });
    assert.deepEqual(Object.keys(answers).sort(), [CONFIG_URL, brandUrl(1), firstPage, storeUrl(1)].sort());
    for (const [url, value] of Object.entries(answers))
      assert.deepEqual(value, await apiAnswer(url, cookie), url);

    const models = answers[firstPage] as ModelPage;
    assert.ok(models.items.length >= 2, 'the demo store sells several models of brand 1');
    const link = String(res.headers.link);
    // The page's code first (route-preloads.ts), then the two pictures of the first row.
    assert.ok(link.startsWith('</assets/index-a.js>; rel=modulepreload; crossorigin, </assets/models-b.js>'));
    for (const model of models.items.slice(0, 2)) {
      assert.ok(
        link.includes(
          `rel=preload; as=image; type="image/avif"; imagesrcset="${pictureSrcSet(model.image!, 'avif', MODEL_PICTURE_WIDTHS)}"; imagesizes="${MODEL_PICTURE_SIZES}"; fetchpriority=high`,
        ),
        `preloads ${model.name}`,
      );
    }
    assert.ok(!link.includes(models.items[2]!.image!), 'only the first row');
  });

  test('a store that is not there, or a cookie that is not a store, adds only what the API answers', async () => {
    const unknown = answersOf(await page('/models/1', { cookie: `${STORE_COOKIE}=999` }));
    assert.ok(!(storeUrl(999) in unknown), 'no store 999');
    for (const [url, value] of Object.entries(unknown)) {
      assert.deepEqual(value, await apiAnswer(url, `${STORE_COOKIE}=999`), url);
    }
    for (const cookie of [`${STORE_COOKIE}=abc`, `${STORE_COOKIE}=-1`, `${STORE_COOKIE}=01`, 'other=1']) {
      assert.deepEqual(Object.keys(answersOf(await page('/models/1', { cookie }))), [CONFIG_URL], cookie);
    }
    // A brand path that is not an id: only the shop's data.
    assert.deepEqual(Object.keys(answersOf(await page('/models/x', { cookie: `${STORE_COOKIE}=1` }))), [
      CONFIG_URL,
    ]);
  });

  test("a store's homepage: the store of the link, that it is open, and its brands with their number of models", async () => {
    const code = encodeStoreUrl(1, 'false');
    const answers = answersOf(await page(`/store/${code}`));
    assert.deepEqual(
      Object.keys(answers).sort(),
      [CONFIG_URL, storeCodeUrl(code), storeValidationUrl(1), storeUrl(1), storeBrandsUrl(1)].sort(),
    );
    for (const [url, value] of Object.entries(answers)) assert.deepEqual(value, await apiAnswer(url), url);
    // Each brand's count is its models page's total for the store, in one call instead of one a brand.
    const brands = answers[storeBrandsUrl(1)] as Brand[];
    assert.ok(brands.filter((b) => (b.modelCount ?? 0) > 0).length >= 2);
    for (const b of brands) {
      const models = (await apiAnswer(modelsUrl({ store: 1, brand: b.id, size: 1 }))) as ModelPage;
      assert.equal(b.modelCount, models.total, b.name);
    }

    // A link that is not a store's: its code is refused by the API, so the page asks for itself.
    const garbage = answersOf(await page('/store/no-es-un-codigo'));
    assert.deepEqual(Object.keys(garbage), [CONFIG_URL]);
  });

  test('a brand name cannot end the data block early', async () => {
    const admin = await signedIn(t.app, ADMIN);
    const brand = (await admin.get('/api/brands/2')).json() as Brand;
    const name = 'Marca</script><script>alert(1)</script><!--';
    const renamed = await admin.put('/api/brands/2', {
      name,
      imageURI: brand.imageURI,
      isPublic: true,
      down: false,
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    const res = await page('/models/2', { cookie: `${STORE_COOKIE}=1` });
    assert.equal(res.body.split('</script>').length, 2, 'one </script>: the block');
    assert.ok(!res.body.includes('<!--'));
    assert.equal((answersOf(res)[brandUrl(2)] as Brand).name, name);
  });

  test('compressed as the browser accepts it; HEAD has the headers alone', async () => {
    const plain = (await page('/models/1', { cookie: `${STORE_COOKIE}=1` })).body;
    const br = await page('/models/1', {
      cookie: `${STORE_COOKIE}=1`,
      'accept-encoding': 'gzip, deflate, br',
    });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(br.rawPayload).toString('utf8'), plain);
    const gz = await page('/models/1', { cookie: `${STORE_COOKIE}=1`, 'accept-encoding': 'br;q=0, gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.rawPayload).toString('utf8'), plain);
    assert.equal((await page('/', { 'accept-encoding': 'identity' })).headers['content-encoding'], undefined);

    const head = await t.app.inject({ method: 'HEAD', url: '/models/1' });
    assert.equal(head.statusCode, 200);
    assert.equal(head.body, '');
    assert.match(String(head.headers['content-type']), /^text\/html/);
  });

  test('the API keeps its own 404', async () => {
    const res = await page('/api/no-such-call');
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().error, 'NOT_FOUND');
  });
});
