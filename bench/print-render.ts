/**
 * Print render benchmark: a 300 DPI print file (PNG + PDF) of an iPhone 15 case from a 12 MP and a
 * 48 MP photo-like JPEG, with a non-trivial placement (zoom 1.3 over 'fit to template', a quarter
 * turn, mirrored): a one-photo design, printed as the scene it stands for. Targets: under 1 s from 12 MP and under 1.5 s from 48 MP (median of 5 after a
 * warm-up run).
 *
 *   node --import tsx bench/print-render.ts
 */
import { pathToFileURL } from 'node:url';
import { caseTemplateSvg, type PhoneOutline } from '@shop/case-geometry/outline';
import { cropBox } from '@shop/case-geometry/template-rules';
import { coverScale } from '@shop/case-geometry/transform';
import type { DesignTransform } from '@shop/contracts/orders';
import { sceneFromTransform } from '@shop/contracts/scene';
import { TEMPLATE_MARGIN_MM, TEMPLATE_PX_PER_MM } from '../apps/server/src/db/seed/demo-catalogue.ts';
import sharp from '../apps/server/src/lib/sharp.ts';
import { renderScenePrintFile } from '../apps/server/src/modules/print/scene-render.ts';

/** iPhone 15 as recorded in phone-models.json. */
export const IPHONE_15: PhoneOutline = {
  widthMm: 71.6,
  heightMm: 147.6,
  cornerRadiusMm: 12.5,
  camera: { xMm: 2.1, yMm: 2.0, widthMm: 34.2, heightMm: 34.2, cornerRadiusMm: 10.8 },
};

const SOURCES = [
  { label: '12 MP JPEG', width: 4000, height: 3000, targetMs: 1000 },
  { label: '48 MP JPEG', width: 8000, height: 6000, targetMs: 1500 },
] as const;

export interface PrintBenchRow {
  source: string;
  photoWidth: number;
  photoHeight: number;
  jpegMB: number;
  outputWidthPx: number;
  outputHeightPx: number;
  pngMB: number;
  pdfMB: number;
  runsMs: number[];
  medianMs: number;
  targetMs: number;
  pass: boolean;
}

export interface PrintBenchResult {
  dpi: number;
  transform: DesignTransform;
  sharpConcurrency: number;
  rows: PrintBenchRow[];
}

/**
 * A deterministic photo-like JPEG: smooth colour gradients plus per-pixel sensor-like noise, so the
 * decoder does real work (about 4 MB at 12 MP and 16 MB at 48 MP, quality 90).
 */
export function photoLikeJpeg(width: number, height: number, seed = 1): Promise<Buffer> {
  const rgb = Buffer.allocUnsafe(width * height * 3);
  let state = seed >>> 0 || 1;
  const fx = (2 * Math.PI) / width;
  const fy = (2 * Math.PI) / height;
  let i = 0;
  for (let y = 0; y < height; y++) {
    const vy = Math.sin(y * fy * 1.7);
    for (let x = 0; x < width; x++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const noise = (state & 31) - 16;
      const u = Math.sin(x * fx * 2.3 + vy);
      rgb[i++] = 120 + 80 * u + noise;
      rgb[i++] = 110 + 70 * vy + noise;
      rgb[i++] = 130 - 60 * u * vy + noise;
    }
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The iPhone 15's case template as the seed makes it (PNG), and its crop box in template pixels. */
export async function benchTemplate() {
  const template = await sharp(
    Buffer.from(caseTemplateSvg(IPHONE_15, { pxPerMm: TEMPLATE_PX_PER_MM, marginMm: TEMPLATE_MARGIN_MM })),
  )
    .png()
    .toBuffer();
  const { data, info } = await sharp(template).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const box = cropBox(data, info.width, info.height);
  if (!box) throw new Error('template without a crop box');
  return { template, box };
}

export async function runPrintBench(
  options: { runs?: number; dpi?: number } = {},
): Promise<PrintBenchResult> {
  const runs = options.runs ?? 5;
  const dpi = options.dpi ?? 300;
  const { template, box } = await benchTemplate();

  const rows: PrintBenchRow[] = [];
  let transform: DesignTransform | null = null;
  for (const source of SOURCES) {
    const photo = await photoLikeJpeg(source.width, source.height);
    const photoSize = { width: source.width, height: source.height };
    transform = {
      centerX: 0.46,
      centerY: 0.53,
      scale: 1.3 * coverScale(photoSize, box, 1),
      quarterTurns: 1,
      flipX: true,
    };
    const scene = sceneFromTransform(1, '/api/images/bench-photo', transform);
    const input = { scene, photos: [photo], template, outline: IPHONE_15, dpi };
    let last = await renderScenePrintFile(input); // warm-up
    const runsMs: number[] = [];
    for (let r = 0; r < runs; r++) {
      const start = performance.now();
      last = await renderScenePrintFile(input);
      runsMs.push(Math.round(performance.now() - start));
    }
    const medianMs = median(runsMs);
    rows.push({
      source: source.label,
      photoWidth: source.width,
      photoHeight: source.height,
      jpegMB: photo.length / 1e6,
      outputWidthPx: last.widthPx,
      outputHeightPx: last.heightPx,
      pngMB: last.png.length / 1e6,
      pdfMB: last.pdf.length / 1e6,
      runsMs,
      medianMs,
      targetMs: source.targetMs,
      pass: medianMs < source.targetMs,
    });
  }
  return { dpi, transform: transform!, sharpConcurrency: sharp.concurrency(), rows };
}

function printTable(result: PrintBenchResult): void {
  const { transform } = result;
  console.info(
    `print render at ${result.dpi} DPI, iPhone 15 (71.6 x 147.6 mm), zoom 1.3, ${transform.quarterTurns} quarter turn, ` +
      `mirrored; sharp/libvips threads: ${result.sharpConcurrency}`,
  );
  const header = [
    'source',
    'JPEG MB',
    'output px',
    'PNG MB',
    'PDF MB',
    'runs ms',
    'median ms',
    'target ms',
    'ok',
  ];
  const lines = result.rows.map((r) => [
    `${r.source} (${r.photoWidth}x${r.photoHeight})`,
    r.jpegMB.toFixed(1),
    `${r.outputWidthPx}x${r.outputHeightPx}`,
    r.pngMB.toFixed(2),
    r.pdfMB.toFixed(2),
    r.runsMs.join(' '),
    String(r.medianMs),
    `< ${r.targetMs}`,
    r.pass ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.info(format(header));
  console.info(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.info(format(l));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runPrintBench();
  printTable(result);
  if (result.rows.some((r) => !r.pass)) process.exitCode = 1;
}
