/**
 * JavaScript weight of the built storefront, from Vite's manifest (apps/web/dist/.vite/manifest.json)
 * and the chunk module map the build writes beside it (.vite/chunks.json, see apps/web/vite.config.ts).
 * Used by the bundle budget test (e2e/bundle-budget.test.ts, part of `npm test`) and by `npm run bench`.
 *
 * - Sizes are gzip at level 9 (what the server sends to a browser that accepts gzip but not brotli;
 *   brotli is smaller), 1 KB = 1000 bytes, as the browser's network panel counts.
 * - Landing: the JavaScript the landing page loads: the entry chunk of index.html and every chunk
 *   it imports statically (Vite preloads those with modulepreload). Lazy routes are not counted.
 * - Editor: the chunk of the route module that `/editor-edicion` renders (found through
 *   apps/web/src/app/router.tsx) and every chunk it imports statically, minus what the landing
 *   already loaded: what a customer downloads on entering the editor.
 * - Back office: the route module of `/admin/*` must be a lazy chunk, and no chunk a customer can
 *   reach (index.html, its static imports and every lazy route other than the back office, followed
 *   through their imports) may hold a module of src/features/admin or the admin route module.
 *
 *   node --import tsx bench/bundle.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const repoRoot = join(import.meta.dirname, '..');
export const webRoot = join(repoRoot, 'apps', 'web');
export const webDist = join(webRoot, 'dist');

/** Budgets in KB (1000 bytes) of gzip level 9. */
export const BUNDLE_BUDGETS = { landingKB: 90, editorKB: 60 } as const;

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface BundleReport {
  landing: { chunks: ChunkSize[]; gzip: number; raw: number; css: { raw: number; gzip: number } };
  editor: { route: string; src: string; chunks: ChunkSize[]; gzip: number; raw: number };
  admin: {
    route: string;
    src: string;
    lazy: boolean;
    /** Customer-reachable chunks that hold back-office modules, with those modules. */
    leaks: { file: string; modules: string[] }[];
    customerChunks: number;
  };
  allJs: { gzip: number; raw: number; chunks: number };
}

export class BundleError extends Error {}

export function readManifest(dist = webDist): Manifest {
  const file = join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) {
    throw new BundleError(
      `${file} is missing: build the storefront first (npm run build; apps/web/vite.config.ts sets build.manifest).`,
    );
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

function readChunkModules(dist = webDist): Map<string, string[]> {
  const file = join(dist, '.vite', 'chunks.json');
  if (!existsSync(file)) {
    throw new BundleError(
      `${file} is missing: it is written by the build (apps/web/vite.config.ts, chunkModules).`,
    );
  }
  const list = JSON.parse(readFileSync(file, 'utf8')) as { file: string; modules: { id: string }[] }[];
  return new Map(list.map((c) => [c.file, c.modules.map((m) => m.id)]));
}

const sizeCache = new Map<string, ChunkSize>();
export function chunkSize(file: string, dist = webDist): ChunkSize {
  const path = join(dist, file);
  let size = sizeCache.get(path);
  if (!size) {
    const bytes = readFileSync(path);
    size = { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    sizeCache.set(path, size);
  }
  return size;
}

/** Manifest keys reachable from `roots` through static imports (roots included). */
export function staticClosure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    if (!manifest[key]) throw new BundleError(`the manifest has no chunk "${key}"`);
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

/**
 * The route module a path renders, from the route table: `<Route path="editor-edicion"
 * element={<EditorEditRoute />} />` and `const EditorEditRoute = lazyRoute(() => import('./routes/editor-edit'), ...)`.
 */
export function routeModule(
  routePath: string,
  routerFile = join(webRoot, 'src', 'app', 'router.tsx'),
): string {
  const source = readFileSync(routerFile, 'utf8');
  // Route components: lazy ones and the ones imported from ./routes/.
  const modules = new Map<string, string>();
  for (const m of source.matchAll(/const ([A-Z]\w*)\s*=\s*lazyRoute\(\s*\(\)\s*=>\s*import\('([^']+)'\)/g)) {
    modules.set(m[1]!, m[2]!);
  }
  for (const m of source.matchAll(/import \{([^}]*)\} from '(\.\/routes\/[^']+)'/g)) {
    for (const name of m[1]!.split(',').map((n) => n.trim())) if (name) modules.set(name, m[2]!);
  }
  const at = source.indexOf(`path="${routePath}"`);
  if (at < 0) throw new BundleError(`no <Route path="${routePath}"> in ${routerFile}`);
  const next = source.indexOf('<Route', at);
  const element = source.slice(at, next < 0 ? undefined : next);
  for (const m of element.matchAll(/<([A-Z]\w*)/g)) {
    const module = modules.get(m[1]!);
    if (module) return `src/app/${module.replace(/^\.\//, '')}.tsx`;
  }
  throw new BundleError(`cannot tell which route module renders path "${routePath}" in ${routerFile}`);
}

function entryFor(manifest: Manifest, src: string, what: string): string {
  if (manifest[src]) return src;
  const key = Object.keys(manifest).find((k) => manifest[k]!.src === src);
  if (!key) {
    throw new BundleError(
      `${what}: the build has no chunk for ${src}. Is the route module there and imported by the router? ` +
        'Rebuild with npm run build.',
    );
  }
  return key;
}

const sum = (sizes: ChunkSize[], k: 'gzip' | 'raw') => sizes.reduce((n, s) => n + s[k], 0);
const isAdminModule = (id: string) =>
  id.startsWith('src/features/admin/') ||
  id === 'src/app/routes/admin.tsx' ||
  id.includes('/src/features/admin/');

export function measureBundle(dist = webDist): BundleReport {
  const manifest = readManifest(dist);
  const modules = readChunkModules(dist);
  const entry = manifest['index.html'];
  if (!entry?.isEntry) throw new BundleError('the manifest has no index.html entry');

  const landingKeys = staticClosure(manifest, ['index.html']);
  const landingChunks = [...landingKeys].map((k) => chunkSize(manifest[k]!.file, dist));
  const landingCss = [...landingKeys].flatMap((k) => manifest[k]!.css ?? []);
  const cssSizes = [...new Set(landingCss)].map((f) => chunkSize(f, dist));

  const editorSrc = routeModule('editor-edicion');
  const editorKey = entryFor(manifest, editorSrc, 'editor route (/editor-edicion)');
  const editorChunks = [...staticClosure(manifest, [editorKey])]
    .filter((k) => !landingKeys.has(k))
    .map((k) => chunkSize(manifest[k]!.file, dist));

  const adminSrc = routeModule('admin/*');
  const adminKey = entryFor(manifest, adminSrc, 'back office route (/admin/*)');
  // Everything a customer can load: from index.html through static and lazy imports, except into
  // the back office's own route.
  const reachable = new Set<string>();
  const stack = ['index.html'];
  while (stack.length) {
    const key = stack.pop()!;
    if (reachable.has(key) || key === adminKey) continue;
    const chunk = manifest[key];
    if (!chunk) throw new BundleError(`the manifest has no chunk "${key}"`);
    reachable.add(key);
    stack.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []));
  }
  const leaks = [...reachable]
    .map((k) => ({
      file: manifest[k]!.file,
      modules: (modules.get(manifest[k]!.file) ?? []).filter(isAdminModule),
    }))
    .filter((l) => l.modules.length > 0);
  for (const k of reachable) {
    if (!modules.has(manifest[k]!.file)) {
      throw new BundleError(`.vite/chunks.json does not list ${manifest[k]!.file}: stale build output?`);
    }
  }

  const allJs = [...new Set(Object.values(manifest).map((c) => c.file))]
    .filter((f) => f.endsWith('.js'))
    .map((f) => chunkSize(f, dist));

  return {
    landing: {
      chunks: landingChunks,
      gzip: sum(landingChunks, 'gzip'),
      raw: sum(landingChunks, 'raw'),
      css: { raw: sum(cssSizes, 'raw'), gzip: sum(cssSizes, 'gzip') },
    },
    editor: {
      route: '/editor-edicion',
      src: editorSrc,
      chunks: editorChunks,
      gzip: sum(editorChunks, 'gzip'),
      raw: sum(editorChunks, 'raw'),
    },
    admin: {
      route: '/admin/*',
      src: adminSrc,
      lazy: Boolean(manifest[adminKey]!.isDynamicEntry) && !landingKeys.has(adminKey),
      leaks,
      customerChunks: reachable.size,
    },
    allJs: { gzip: sum(allJs, 'gzip'), raw: sum(allJs, 'raw'), chunks: allJs.length },
  };
}

export const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;

export function formatBundleReport(r: BundleReport): string {
  const lines = [
    `landing JS (gzip -9): ${kb(r.landing.gzip)} (raw ${kb(r.landing.raw)}) in ${r.landing.chunks.length} chunks; ` +
      `budget ${BUNDLE_BUDGETS.landingKB} KB; CSS ${kb(r.landing.css.gzip)}`,
    ...r.landing.chunks.map((c) => `  ${c.file}: ${kb(c.gzip)}`),
    `editor route ${r.editor.route} (${r.editor.src}) adds ${kb(r.editor.gzip)} (raw ${kb(r.editor.raw)}); ` +
      `budget ${BUNDLE_BUDGETS.editorKB} KB`,
    ...r.editor.chunks.map((c) => `  ${c.file}: ${kb(c.gzip)}`),
    `back office ${r.admin.route} (${r.admin.src}): ${r.admin.lazy ? 'lazy' : 'NOT LAZY'}; ` +
      `${r.admin.leaks.length} of ${r.admin.customerChunks} customer-reachable chunks hold back-office code`,
    ...r.admin.leaks.map((l) => `  ${l.file}: ${l.modules.join(', ')}`),
    `all JS: ${kb(r.allJs.gzip)} in ${r.allJs.chunks} chunks`,
  ];
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.info(formatBundleReport(measureBundle()));
}
