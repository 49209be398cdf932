/**
 * Scene print benchmark: the 300 DPI print file (PNG + PDF) of a second-editor design on an
 * iPhone 15 case: the four-photo grid from four 12 MP photo-like JPEGs, each with a filter and its
 * own placement (zoomed, turned, mirrored), three texts in three of the shop's fonts (one with an
 * emoji) and five stickers. Budget: p95 <= 1.5 s and peak RSS < 400 MB, over a few runs after a
 * warm-up (fonts registered, stickers loaded).
 *
 * The renders run in a child process of their own, so its peak RSS (`maxRSS`) is that of a server
 * process drawing prints, not of this one making the photos.
 *
 *   node --import tsx bench/scene-print.ts          (exits non-zero when over budget)
 *   BENCH_ONLY=scene-print npm run bench
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { coverScale } from '@shop/case-geometry/transform';
import { type FilterId, type Layer, layoutCells, type Scene } from '@shop/contracts/scene';
import { renderScenePrintFile } from '../apps/server/src/modules/print/scene-render.ts';
import { benchTemplate, IPHONE_15, photoLikeJpeg } from './print-render.ts';

const PHOTO = { width: 4000, height: 3000 };
const PHOTOS = 4;
const FILTERS: FilterId[] = ['bw', 'sepia', 'vivid', 'warm'];
export const SCENE_PRINT_BUDGET = { p95Ms: 1500, peakRssMB: 400 } as const;

export interface ScenePrintBenchResult {
  dpi: number;
  photos: string;
  layers: string;
  outputWidthPx: number;
  outputHeightPx: number;
  pngMB: number;
  runsMs: number[];
  p50Ms: number;
  p95Ms: number;
  peakRssMB: number;
  budget: typeof SCENE_PRINT_BUDGET;
  pass: boolean;
}

const LAYERS: Layer[] = [
  {
    kind: 'text',
    id: 't1',
    text: 'Vacaciones en Cádiz',
    font: 'montserrat',
    size: 0.08,
    colour: '#ffffff',
    align: 'center',
    rotation: 0,
    x: 0.5,
    // Below the camera opening, where the printable area lets a text be.
    y: 0.3,
  },
  {
    kind: 'text',
    id: 't2',
    text: 'Con cariño 😍🌊',
    font: 'pacifico',
    size: 0.1,
    colour: '#ff70a6',
    align: 'left',
    rotation: -8,
    x: 0.08,
    y: 0.55,
  },
  {
    kind: 'text',
    id: 't3',
    text: 'VERANO 2026',
    font: 'bebas',
    size: 0.14,
    colour: '#ffd166',
    align: 'right',
    rotation: 0,
    x: 0.94,
    y: 0.9,
  },
  ...(['corazon', 'estrella', 'gato', 'fiesta', 'sol'] as const).map(
    (sticker, i): Layer => ({
      kind: 'sticker',
      id: `s${i}`,
      sticker,
      size: 0.18 + 0.04 * i,
      rotation: 12 * i - 20,
      x: 0.15 + 0.17 * i,
      y: 0.3 + 0.1 * (i % 3),
    }),
  ),
];

/** The grid of four photos, each zoomed past covering its cell, turned and mirrored differently. */
function benchScene(box: { width: number; height: number }): Scene {
  return {
    version: 1,
    model: 1,
    layout: 'grid',
    background: '#f4ede1',
    slots: layoutCells('grid', box).map((cell, i) => ({
      photo: `/api/images/benchphoto${i}`,
      transform: {
        centerX: 0.5 + 0.03 * (i - 1.5),
        centerY: 0.48,
        scale: 1.15 * coverScale(PHOTO, cell, i % 2),
        quarterTurns: i % 2,
        flipX: i === 2,
      },
      filter: FILTERS[i]!,
    })),
    layers: LAYERS,
  };
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
};

/** The child: renders `runs` times after a warm-up and prints its timings and peak RSS as JSON. */
async function childRun(dir: string, runs: number, dpi: number): Promise<void> {
  const photos = Array.from({ length: PHOTOS }, (_, i) => readFileSync(path.join(dir, `photo-${i}.jpg`)));
  const template = readFileSync(path.join(dir, 'template.png'));
  const scene = JSON.parse(readFileSync(path.join(dir, 'scene.json'), 'utf8')) as Scene;
  const input = { scene, photos, template, outline: IPHONE_15, dpi, title: 'Banco de pruebas' };
  let last = await renderScenePrintFile(input); // warm-up: fonts registered, stickers loaded
  const runsMs: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    last = await renderScenePrintFile(input);
    runsMs.push(Math.round(performance.now() - start));
  }
  const out = {
    runsMs,
    widthPx: last.widthPx,
    heightPx: last.heightPx,
    pngBytes: last.png.length,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

export async function runScenePrintBench(
  options: { runs?: number; dpi?: number } = {},
): Promise<ScenePrintBenchResult> {
  const runs = options.runs ?? 8;
  const dpi = options.dpi ?? 300;
  const dir = mkdtempSync(path.join(tmpdir(), 'scene-print-bench-'));
  try {
    const { template, box } = await benchTemplate();
    writeFileSync(path.join(dir, 'template.png'), template);
    writeFileSync(path.join(dir, 'scene.json'), JSON.stringify(benchScene(box)));
    for (let i = 0; i < PHOTOS; i++) {
      writeFileSync(path.join(dir, `photo-${i}.jpg`), await photoLikeJpeg(PHOTO.width, PHOTO.height, i + 1));
    }

    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, '--child', dir, String(runs), String(dpi)],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    if (r.status !== 0) throw new Error(`scene print child failed (${r.status}): ${r.stderr.slice(-2000)}`);
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '') as {
      runsMs: number[];
      widthPx: number;
      heightPx: number;
      pngBytes: number;
      peakRssMB: number;
    };
    const p50Ms = percentile(out.runsMs, 0.5);
    const p95Ms = percentile(out.runsMs, 0.95);
    return {
      dpi,
      photos: `${PHOTOS} x ${PHOTO.width}x${PHOTO.height} JPEG (12 MP), filters ${FILTERS.join(', ')}`,
      layers: '3 texts (Montserrat, Pacifico with emoji, Bebas Neue), 5 stickers',
      outputWidthPx: out.widthPx,
      outputHeightPx: out.heightPx,
      pngMB: out.pngBytes / 1e6,
      runsMs: out.runsMs,
      p50Ms,
      p95Ms,
      peakRssMB: Math.round(out.peakRssMB),
      budget: SCENE_PRINT_BUDGET,
      pass: p95Ms <= SCENE_PRINT_BUDGET.p95Ms && out.peakRssMB < SCENE_PRINT_BUDGET.peakRssMB,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatScenePrintBench(r: ScenePrintBenchResult): string {
  return [
    `scene print at ${r.dpi} DPI, iPhone 15, grid: ${r.photos}; ${r.layers}`,
    `output ${r.outputWidthPx}x${r.outputHeightPx} px, PNG ${r.pngMB.toFixed(2)} MB`,
    `runs ms: ${r.runsMs.join(' ')}`,
    `p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms (<= ${r.budget.p95Ms}), peak RSS ${r.peakRssMB} MB (< ${r.budget.peakRssMB}): ${r.pass ? 'ok' : 'OVER BUDGET'}`,
  ].join('\n');
}

const childArg = process.argv.indexOf('--child');
if (childArg > 0) {
  const [dir, runs, dpi] = process.argv.slice(childArg + 1);
  await childRun(dir!, Number(runs), Number(dpi));
  process.exit(0);
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runScenePrintBench();
  console.info(formatScenePrintBench(result));
  if (!result.pass) process.exitCode = 1;
}
