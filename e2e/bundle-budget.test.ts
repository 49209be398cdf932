// Bundle budget: the JavaScript of the built storefront (apps/web/dist), deterministic, so it
// runs with the tests (after the build step) and a regression fails CI. What is counted and how:
// see bench/bundle.ts. Timings are not tested here, only bytes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  BUNDLE_BUDGETS,
  type BundleReport,
  formatBundleReport,
  kb,
  measureBundle,
  webDist,
} from '../bench/bundle.ts';

let report: BundleReport | undefined;
const measured = (): BundleReport => {
  report ??= measureBundle();
  return report;
};

test('the landing page loads at most 90 KB of JavaScript (gzip)', (t) => {
  const r = measured();
  t.diagnostic(formatBundleReport(r));
  assert.ok(
    r.landing.gzip <= BUNDLE_BUDGETS.landingKB * 1000,
    `landing JavaScript is ${kb(r.landing.gzip)} gzip, over its ${BUNDLE_BUDGETS.landingKB} KB budget: ` +
      r.landing.chunks.map((c) => `${c.file} ${kb(c.gzip)}`).join(', '),
  );
});

test('the editor route adds at most 60 KB of JavaScript (gzip) to what the landing loaded, fonts and stickers not among it', () => {
  const r = measured();
  assert.ok(r.editor.chunks.length > 0, `no chunk for the editor route module ${r.editor.src}`);
  assert.ok(
    r.editor.gzip <= BUNDLE_BUDGETS.editorKB * 1000,
    `the editor (${r.editor.src}) adds ${kb(r.editor.gzip)} gzip, over its ${BUNDLE_BUDGETS.editorKB} KB budget: ` +
      r.editor.chunks.map((c) => `${c.file} ${kb(c.gzip)}`).join(', '),
  );
  // Fonts (woff2 starts 'wOF2', base64 'd09GMg') and OpenMoji stickers are fetched when used.
  for (const chunk of [...r.landing.chunks, ...r.editor.chunks]) {
    const code = readFileSync(join(webDist, chunk.file), 'utf8');
    assert.ok(!code.includes('d09GMg') && !code.includes('data:font'), `${chunk.file} inlines a font`);
    assert.ok(!code.includes('id="emoji"'), `${chunk.file} inlines an OpenMoji sticker`);
  }
});

test('customers never load back-office code: the admin route is lazy and no customer chunk holds it', () => {
  const r = measured();
  assert.ok(r.admin.lazy, `${r.admin.src} must be a lazy route (import() in router.tsx), not in the entry`);
  assert.deepEqual(
    r.admin.leaks,
    [],
    'chunks a customer can load hold back-office modules (a static import of src/features/admin?)',
  );
});

test('deep links preload their route: the build lists each lazy route of the router with its files', async () => {
  const { existsSync } = await import('node:fs');
  const preloads = JSON.parse(readFileSync(join(webDist, '.vite', 'route-preloads.json'), 'utf8')) as {
    entry: { js: string[]; css: string[] };
    routes: { path: string; js: string[]; css: string[] }[];
  };
  assert.ok(preloads.entry.js.length > 0, 'the entry script is listed');
  // The customer's way through the shop: if the build stopped finding these routes in router.tsx
  // (a renamed helper, a changed import), deep links would silently lose their preloads.
  const paths = preloads.routes.map((r) => r.path);
  for (const p of [
    'store/:encodedUrl',
    'models/:brandId',
    'editor-modelo',
    'editor-edicion',
    'pedido/datos',
    'upload/:encodedUrl',
  ]) {
    const route = preloads.routes.find((r) => r.path === p);
    assert.ok(route && route.js.length > 0, `no preloads for ${p} (listed: ${paths.join(', ')})`);
  }
  for (const file of [
    ...preloads.entry.js,
    ...preloads.entry.css,
    ...preloads.routes.flatMap((r) => [...r.js, ...r.css]),
  ]) {
    assert.ok(existsSync(join(webDist, file)), `${file} is listed but not built`);
  }
});
