// Bundles the server into dist/: our workspace packages are inlined, npm dependencies stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@shop/'));

await build({
  // heic-worker: the HEIC decoder's worker thread, loaded by src/modules/images/heic.ts from dist/.
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/seed.ts',
    'files-to-bucket': 'src/files-to-bucket.ts',
    'heic-worker': 'src/modules/images/heic-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
