// Bundles the server into dist/: our workspace packages are inlined, npm dependencies stay external.
// Also writes dist/fonts/: the colour-emoji face as a plain font file (see below).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import wawoff2 from 'wawoff2';

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

// The print's colour-emoji face, decompressed once here. Skia must unpack a WOFF2 font into memory
// (this one is 25 MB unpacked, mostly an SVG table it never draws from: it draws the COLR glyphs,
// as Chromium does), while a plain font file it maps from disk and reads only where it draws: about
// 50 MB less resident memory in a process that prints an emoji. The same glyphs, pixel for pixel.
// src/lib/scene-text.ts uses this file when it is there, the package's WOFF2 otherwise.
const packageFiles = createRequire(import.meta.url);
const emojiWoff2 = packageFiles.resolve(
  '@fontsource/noto-color-emoji/files/noto-color-emoji-emoji-400-normal.woff2',
);
mkdirSync('dist/fonts', { recursive: true });
writeFileSync(
  'dist/fonts/noto-color-emoji-emoji-400-normal.ttf',
  await wawoff2.decompress(readFileSync(emojiWoff2)),
);
