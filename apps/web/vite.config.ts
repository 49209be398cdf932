import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), precompress(), chunkModules()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
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
  },
});
