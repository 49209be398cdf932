import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ManualChunkMeta, OutputBundle, OutputChunk, OutputOptions, PluginContext } from 'rollup';
import { defineConfig, type Plugin } from 'vite';
import { HERO_SIZES } from './src/features/landing/mockup-sizes';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml)$/;

/**
 * Writes `file.br` and `file.gz` beside every text file of the build (the server sends them with
 * @fastify/static's `preCompressed`): compressed once at maximum quality here, instead of on every
 * response by a 2-core server.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'shop:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => COMPRESSIBLE.test(f) && !f.startsWith('.vite/'));
      await Promise.all(
        files.map(async (file) => {
          const item = bundle[file]!;
          const source = Buffer.from(item.type === 'chunk' ? item.code : item.source);
          if (source.length < 512) return;
          const [br, gzipped] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gz(source, { level: 9 }),
          ]);
          const target = path.join(outDir, file);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/**
 * `.vite/chunks.json`: the source modules of every JavaScript chunk, for the bundle budget test
 * (e2e/bundle-budget.test.ts), which checks that no chunk a customer loads holds back-office code.
 * Vite's manifest lists chunks and their imports but not what is inside them.
 */
function chunkModules(): Plugin {
  let root = '.';
  return {
    name: 'shop:chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter((item) => item.type === 'chunk')
        .map((chunk) => ({
          file: chunk.fileName,
          // Module ids relative to apps/web, with their size in the chunk before minification.
          modules: Object.entries(chunk.modules)
            .map(([id, info]) => ({
              id: path.relative(root, id.replace(/^\0/, '')).split(path.sep).join('/'),
              bytes: info.renderedLength,
            }))
            .sort((a, b) => a.id.localeCompare(b.id)),
        }));
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunks.json',
        source: `${JSON.stringify(chunks, null, 2)}\n`,
      });
    },
  };
}

/**
 * `.vite/route-preloads.json`: the entry's JavaScript and CSS, and for each route of
 * src/app/router.tsx with a lazy module, the files that module loads beyond the entry. The server sends them as `Link`
 * preload headers with the HTML of that route (apps/server/src/plugins/route-preloads.ts), so a
 * deep link (a store link, /models/1) fetches its route's code together with the entry instead of
 * after the entry has run: one round trip less before the page shows.
 */
function routePreloads(): Plugin {
  let root = '.';
  return {
    name: 'shop:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // After Vite's own generateBundle, which drops the chunks that held only CSS.
    generateBundle: { order: 'post', handler: routePreloadList },
  };

  function routePreloadList(this: PluginContext, _options: unknown, bundle: OutputBundle) {
    const router = readFileSync(path.join(root, 'src/app/router.tsx'), 'utf8');
    const lazyModules = new Map<string, string>();
    for (const m of router.matchAll(/const (\w+)\s*=\s*lazyRoute\(\s*\(\)\s*=>\s*import\('([^']+)'\)/g)) {
      lazyModules.set(m[1]!, path.resolve(root, 'src/app', `${m[2]!}.tsx`));
    }
    const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const closure = (start: OutputChunk[]) => {
      const seen = new Set<OutputChunk>();
      const stack = [...start];
      while (stack.length) {
        const c = stack.pop()!;
        if (seen.has(c)) continue;
        seen.add(c);
        for (const f of c.imports) stack.push(byFile.get(f)!);
      }
      return seen;
    };
    const loaded = closure(chunks.filter((c) => c.isEntry));
    const css = (set: Set<OutputChunk>) =>
      new Set([...set].flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]));
    const loadedCss = css(loaded);
    const routes: { path: string; js: string[]; css: string[] }[] = [];
    for (const m of router.matchAll(/<Route\s+path="([^"]+)"/g)) {
      // The route's element runs to the next <Route: its first lazy component is the route module.
      const next = router.indexOf('<Route', (m.index ?? 0) + 1);
      const element = router.slice(m.index, next < 0 ? undefined : next);
      const component = [...element.matchAll(/<([A-Z]\w*)/g)]
        .map((c) => c[1]!)
        .find((c) => lazyModules.has(c));
      const id = component && lazyModules.get(component);
      // The route module's own chunk, or the shared chunk Rollup put it in (no facade then).
      const chunk =
        id && (chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id)));
      if (!chunk) continue;
      const own = [...closure([chunk])].filter((c) => !loaded.has(c));
      routes.push({
        path: m[1]!,
        js: own.map((c) => c.fileName),
        css: [...css(new Set(own))].filter((f) => !loadedCss.has(f)),
      });
    }
    // The entry's own files come first in every header: the browser fetches them before the
    // route's (at most six connections at a time over HTTP/1.1), then the route's in parallel.
    const entryFirst = (set: Set<OutputChunk>) =>
      [...set].sort((a, b) => Number(b.isEntry) - Number(a.isEntry));
    const entry = { js: entryFirst(loaded).map((c) => c.fileName), css: [...loadedCss] };
    this.emitFile({
      type: 'asset',
      fileName: '.vite/route-preloads.json',
      source: `${JSON.stringify({ entry, routes }, null, 2)}\n`,
    });
  }
}

/**
 * The code several storefront pages share, in ONE chunk instead of a dozen tiny ones. Left to
 * itself Rollup gives every module two routes share a chunk of its own (the message catalogue,
 * the alert, the breadcrumb, money formatting, each API call...): the store homepage loaded twelve
 * files of 0.1 to 5 KB, and over HTTP/1.1 (six connections to a host, each opened with its own
 * round trip) those requests queued behind one another on a slow phone network. Now a page loads
 * the entry, its route's chunk and this one.
 *
 * A module goes here when it is our own code (not a library), the landing's entry does not already
 * hold it, it does not pull a library in with it (libphonenumber, the QR encoder: those stay
 * separate, loaded only by the pages that use them), and two or more routes use it. What one route
 * alone uses stays in that route's chunk, and the back office's own code never comes here.
 */
function sharedStorefrontChunk(): NonNullable<NonNullable<OutputOptions['manualChunks']>> {
  const own = (id: string) => !id.includes('/node_modules/') && !id.startsWith('\0');
  // The pages a visitor browses before ordering; what only the order's pages (photo, editor,
  // checkout, payment, tracking) share goes to a second chunk, so browsing never downloads it.
  const browsing = /\/src\/app\/routes\/(store-selection|store-home|models|static-page|credits)\.tsx$/;
  const backOffice = /\/src\/(app\/routes\/admin|features\/admin)\b/;
  let graph: {
    /** What the entry loads with it: its static imports, all the way down. */
    entry: Set<string>;
    /** For each module, the chunk starts (lazy routes, dialogs a page imports when it opens) that load it. */
    startsOf: Map<string, Set<string>>;
  } | null = null;

  /** The modules `from` loads with it, following static imports only. */
  const staticClosure = (from: string[], get: ManualChunkMeta['getModuleInfo']) => {
    const seen = new Set<string>();
    const stack = [...from];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const dep of get(id)?.importedIds ?? []) stack.push(dep);
    }
    return seen;
  };

  return (id, { getModuleIds, getModuleInfo }) => {
    if (!graph) {
      const ids = [...getModuleIds()];
      const entry = staticClosure(
        ids.filter((m) => getModuleInfo(m)?.isEntry),
        getModuleInfo,
      );
      const startsOf = new Map<string, Set<string>>();
      for (const start of ids.filter((m) => (getModuleInfo(m)?.dynamicImporters.length ?? 0) > 0)) {
        for (const m of staticClosure([start], getModuleInfo)) {
          if (!startsOf.has(m)) startsOf.set(m, new Set());
          startsOf.get(m)!.add(start);
        }
      }
      graph = { entry, startsOf };
    }
    // What the entry loads is named as a manual chunk too, so that Rollup does not pull it (React,
    // the router) into the shared chunk as a dependency of the modules below; the chunk holding the
    // entry module stays the entry.
    if (graph.entry.has(id)) return 'index';
    const info = getModuleInfo(id);
    if (!info || !own(id) || info.dynamicImporters.length > 0 || backOffice.test(id)) return undefined;
    // Nothing that brings a library along (libphonenumber, the QR encoder): those stay with the
    // pages that use them.
    const library = (m: string) =>
      m.includes('/node_modules/') && !/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(m);
    if ([...staticClosure([id], getModuleInfo)].some((m) => !graph!.entry.has(m) && library(m)))
      return undefined;
    const starts = [...(graph.startsOf.get(id) ?? [])];
    if (starts.length < 2) return undefined;
    return starts.some((s) => browsing.test(s)) ? 'storefront' : 'order';
  };
}

/**
 * The SVG favicon written into the page as a data URL: the browser shows it without a request of
 * its own, which on a slow phone network would share the first moments' few connections with the
 * page's code. (public/favicon.svg stays for whatever asks for the file.)
 */
function inlineFavicon(): Plugin {
  let root = '.';
  return {
    name: 'shop:inline-favicon',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml(html) {
      const link = 'href="/favicon.svg"';
      if (!html.includes(link)) throw new Error(`index.html has no ${link}`);
      const svg = readFileSync(path.join(root, 'public/favicon.svg'), 'utf8').trim();
      return html.replace(link, `href="data:image/svg+xml,${encodeURIComponent(svg)}"`);
    },
  };
}

/**
 * `virtual:pictures`: the `srcset`s of the pictures scripts/build-assets.ts made in
 * src/assets/generated (each file emitted with a content hash, so browsers keep it for a year).
 * Only the finished strings reach the page's JavaScript, not a map of every file.
 */
function pictures(): Plugin {
  const id = 'virtual:pictures';
  const dir = path.resolve(import.meta.dirname, 'src/assets/generated');
  let serve = false;
  /** The hero's AVIF files by width, as emitted, for the landing's preload. */
  const heroAvif = new Map<number, string>();
  return {
    name: 'shop:pictures',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(this: PluginContext, loaded) {
      if (loaded !== `\0${id}`) return null;
      const files = readdirSync(dir).filter((f) => /\.(avif|webp|svg)$/.test(f));
      const url = (file: string) => {
        if (serve) return `/src/assets/generated/${file}`;
        const ref = this.emitFile({ type: 'asset', name: file, source: readFileSync(path.join(dir, file)) });
        const hero = /^hero-(\d+)\.avif$/.exec(file);
        if (hero) heroAvif.set(Number(hero[1]), ref);
        return `__VITE_ASSET__${ref}__`;
      };
      const picture = (name: string) => {
        const widths = files
          .map((f) => new RegExp(`^${name}-(\\d+)\\.webp$`).exec(f)?.[1])
          .filter((w): w is string => w !== undefined)
          .map(Number)
          .sort((a, b) => a - b);
        if (widths.length === 0)
          throw new Error(`no ${name} pictures in ${dir}: run npm run assets -w @shop/web`);
        const set = (format: string) =>
          widths.map((w) => `${url(`${name}-${w}.${format}`)} ${w}w`).join(', ');
        const middle = widths[Math.floor((widths.length - 1) / 2)];
        return { avif: set('avif'), webp: set('webp'), fallback: url(`${name}-${middle}.webp`) };
      };
      const marks = Object.fromEntries(
        files.filter((f) => f.startsWith('brand-')).map((f) => [f.slice(6, -4), url(f)]),
      );
      return [
        `export const hero = ${JSON.stringify(picture('hero'))};`,
        `export const gift = ${JSON.stringify(picture('gift'))};`,
        `export const brandMarks = ${JSON.stringify(marks)};`,
      ].join('\n');
    },
    /**
     * `.vite/landing-preload.json`: the hero's AVIF srcset, which the server preloads with the
     * landing's HTML (route-preloads.ts), so the page's largest picture downloads while the
     * JavaScript that shows it does.
     */
    generateBundle() {
      if (heroAvif.size === 0) return;
      const widths = [...heroAvif.keys()].sort((a, b) => a - b);
      const file = (w: number) => `/${this.getFileName(heroAvif.get(w)!)}`;
      const middle = widths[Math.floor((widths.length - 1) / 2)]!;
      this.emitFile({
        type: 'asset',
        fileName: '.vite/landing-preload.json',
        source: `${JSON.stringify(
          {
            href: file(middle),
            type: 'image/avif',
            srcset: widths.map((w) => `${file(w)} ${w}w`).join(', '),
            sizes: HERO_SIZES,
          },
          null,
          2,
        )}\n`,
      });
    },
  };
}

// React Router's package points every bundler at its development build (warnings and checks for
// developers, about 2 KB gzip); a production build of the shop takes its production build.
const reactRouterProduction = path.resolve(
  import.meta.dirname,
  '../../node_modules/react-router/dist/production/index.mjs',
);

export default defineConfig(({ mode }) => ({
  plugins: [react(), inlineFavicon(), pictures(), precompress(), chunkModules(), routePreloads()],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      ...(mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    target: 'es2022',
    // Every browser we target supports <link rel="modulepreload">; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    // Images stay files: inlined as data URIs they would weigh on the JavaScript budget.
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: which chunks each route loads, for the bundle budget test.
    manifest: true,
    // Terser packs our JavaScript about 2% tighter than esbuild (1.8 KB gzip off the landing, which
    // is mostly React DOM and React Router); the build takes a few seconds longer.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    rollupOptions: { output: { manualChunks: sharedStorefrontChunk() } },
    // The 3D view's chunk (three.js, 570 KB before compression) is the one over Vite's 500 KB
    // warning: it loads only when a customer asks for 'Ver en 3D', never with a page.
    chunkSizeWarningLimit: 600,
  },
}));
