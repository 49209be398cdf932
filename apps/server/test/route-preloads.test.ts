import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { routePreloads, routeScore } from '../src/plugins/route-preloads.ts';

describe('route preloads: the Link header sent with the HTML of a deep link', () => {
  let web: string;
  const write = async (text: string) => {
    await mkdir(path.join(web, '.vite'), { recursive: true });
    await writeFile(path.join(web, '.vite', 'route-preloads.json'), text);
  };

  before(async () => {
    web = await mkdtemp(path.join(tmpdir(), 'web-preloads-'));
  });
  after(() => rm(web, { recursive: true, force: true }));

  test('a literal segment beats a parameter, a parameter beats a splat, and misfits score -1', () => {
    assert.ok(routeScore(['store'], ['store']) > routeScore([':slug'], ['store']));
    assert.ok(routeScore([':slug'], ['legal']) > routeScore(['*'], ['legal']));
    assert.equal(routeScore(['store', ':encodedUrl'], ['store']), -1);
    assert.equal(routeScore(['models', ':brandId'], ['models', '1', 'x']), -1);
    assert.equal(routeScore(['admin', '*'], ['store']), -1);
    assert.ok(routeScore(['admin', '*'], ['admin', 'orders', '7']) >= 0);
  });

  test('each route gets the entry first, then its own chunks and stylesheets', async () => {
    await write(
      JSON.stringify({
        entry: { js: ['assets/index-a.js'], css: ['assets/index-a.css'] },
        routes: [
          { path: 'store', js: ['assets/store-selection-b.js'], css: [] },
          { path: 'store/:encodedUrl', js: ['assets/store-home-c.js'], css: ['assets/store-home-c.css'] },
          { path: ':slug', js: ['assets/static-page-d.js'], css: [] },
          { path: 'admin/*', js: ['assets/admin-e.js'], css: [] },
        ],
      }),
    );
    const link = routePreloads(web);
    assert.equal(
      link('/store/MTpmYWxzZQ?utm=x'),
      '</assets/index-a.js>; rel=modulepreload; crossorigin, ' +
        '</assets/index-a.css>; rel=preload; as=style; crossorigin, ' +
        '</assets/store-home-c.js>; rel=modulepreload; crossorigin, ' +
        '</assets/store-home-c.css>; rel=preload; as=style; crossorigin',
    );
    assert.match(link('/store')!, /store-selection-b\.js/);
    assert.doesNotMatch(link('/store')!, /static-page/);
    assert.match(link('/legal')!, /static-page-d\.js/);
    assert.match(link('/admin/pedidos/3')!, /admin-e\.js/);
    // A page no route lazily loads (the landing): the entry alone.
    assert.equal(
      link('/'),
      '</assets/index-a.js>; rel=modulepreload; crossorigin, </assets/index-a.css>; rel=preload; as=style; crossorigin',
    );
  });

  test("the landing also preloads its hero picture, in AVIF at the screen's width", async () => {
    await write(JSON.stringify({ entry: { js: ['assets/index-a.js'], css: [] }, routes: [] }));
    await writeFile(
      path.join(web, '.vite', 'landing-preload.json'),
      JSON.stringify({
        href: '/assets/hero-540-x.avif',
        type: 'image/avif',
        srcset: '/assets/hero-360-y.avif 360w, /assets/hero-540-x.avif 540w',
        sizes: '(min-width: 48rem) 40vw, 90vw',
      }),
    );
    const link = routePreloads(web);
    const hero =
      '</assets/hero-540-x.avif>; rel=preload; as=image; type="image/avif"; ' +
      'imagesrcset="/assets/hero-360-y.avif 360w, /assets/hero-540-x.avif 540w"; ' +
      'imagesizes="(min-width: 48rem) 40vw, 90vw"; fetchpriority=high';
    assert.equal(link('/'), `</assets/index-a.js>; rel=modulepreload; crossorigin, ${hero}`);
    assert.equal(
      link('/welcome/MTpmYWxzZQ'),
      `</assets/index-a.js>; rel=modulepreload; crossorigin, ${hero}`,
    );
    assert.doesNotMatch(link('/store')!, /hero/);
    await rm(path.join(web, '.vite', 'landing-preload.json'));
  });

  test('no list, a half-written list or one of another shape: no header, and no error', async () => {
    await rm(path.join(web, '.vite'), { recursive: true, force: true });
    assert.equal(routePreloads(web)('/store/x'), null);
    await write('{"entry": {"js": ["assets/ind');
    assert.equal(routePreloads(web)('/store/x'), null);
    await write('{"routes": 3}');
    assert.equal(routePreloads(web)('/store/x'), null);
  });
});
