/**
 * Line charts for the benches' growth curves, as self-contained SVG files (no scripts, no external
 * fonts or styles) that docs/performance.md shows and the repository keeps. Pure TypeScript: the
 * charts are small and their layout simple, so a plotting library would cost more than it gives.
 *
 *   writeChart('order-list-growth', { title, xLabel: 'orders', yLabel: 'p95 (ms)', logX: true,
 *     series: [{ name: 'first page', points: [{ x: 10_000, y: 12 }, ...] }], target: { y: 150, label: '150 ms' } });
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ChartSeries {
  name: string;
  points: { x: number; y: number }[];
}

export interface ChartSpec {
  title: string;
  xLabel: string;
  yLabel: string;
  series: ChartSeries[];
  /** Sizes such as 57 / 1k / 10k or 10k / 100k / 1M. */
  logX?: boolean;
  logY?: boolean;
  /** A horizontal target line, e.g. 150 ms. */
  target?: { y: number; label: string };
}

const WIDTH = 640;
const HEIGHT = 360;
const MARGIN = { top: 52, right: 20, bottom: 52, left: 64 };
// Colour-blind-friendly (Okabe-Ito), distinguishable in print too thanks to the point shapes.
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000'];
const TARGET_COLOUR = '#B00020';

/** 57, 950, 1k, 1.5k, 10k, 100k, 1M, 2.5M; below 10 with up to 2 decimals. */
export function formatTick(value: number): string {
  const abs = Math.abs(value);
  const trim = (n: number) => String(Number(n.toFixed(abs >= 10 ? 1 : 2)));
  if (abs >= 1e9) return `${trim(value / 1e9)}G`;
  if (abs >= 1e6) return `${trim(value / 1e6)}M`;
  if (abs >= 1e3) return `${trim(value / 1e3)}k`;
  return trim(value);
}

interface Axis {
  min: number;
  max: number;
  log: boolean;
  ticks: number[];
}

/** Round steps (1, 2, 5 times a power of ten) so that about `count` ticks cover [min, max]. */
function linearTicks(min: number, max: number, count: number): number[] {
  const raw = (max - min) / count || 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step)
    ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

/** Powers of ten inside the range; 2 and 5 times them as well when the range spans little. */
function logTicks(min: number, max: number): number[] {
  const ticks: number[] = [];
  const decades = Math.log10(max / min);
  const multiples = decades < 1.5 ? [1, 2, 5] : [1];
  for (let p = Math.floor(Math.log10(min)); p <= Math.ceil(Math.log10(max)); p++) {
    for (const m of multiples) {
      const v = m * 10 ** p;
      if (v >= min * (1 - 1e-9) && v <= max * (1 + 1e-9)) ticks.push(v);
    }
  }
  return ticks;
}

function makeAxis(values: number[], log: boolean, isX: boolean, extra: number[]): Axis {
  const all = [...values, ...extra].filter((v) => Number.isFinite(v) && (!log || v > 0));
  if (all.length === 0) return { min: log ? 1 : 0, max: log ? 10 : 1, log, ticks: log ? [1, 10] : [0, 1] };
  let min = Math.min(...all);
  let max = Math.max(...all);
  if (log) {
    if (isX) {
      // Room around the first and last size so their points are not on the frame.
      min /= 1.25;
      max *= 1.25;
    } else {
      min = 10 ** Math.floor(Math.log10(min));
      max = 10 ** Math.ceil(Math.log10(max) + 1e-9);
    }
  } else if (isX) {
    const pad = (max - min) * 0.05 || 1;
    min -= pad;
    max += pad;
  } else {
    // Times and rates start at zero, so that the height of a point compares with the others.
    min = Math.min(0, min);
    const ticks = linearTicks(min, max * 1.05, 5);
    max = Math.max(ticks.at(-1)!, max * 1.05);
  }
  // The x axis is the sizes measured: ticks at those sizes read better than round numbers.
  const distinctX = [...new Set(values)].sort((a, b) => a - b);
  const ticks =
    isX && distinctX.length > 0 && distinctX.length <= 8
      ? distinctX
      : log
        ? logTicks(min, max)
        : linearTicks(min, max, 5);
  return { min, max, log, ticks };
}

function scale(axis: Axis, value: number, from: number, to: number): number {
  const t = axis.log
    ? (Math.log10(value) - Math.log10(axis.min)) / (Math.log10(axis.max) - Math.log10(axis.min))
    : (value - axis.min) / (axis.max - axis.min || 1);
  return from + t * (to - from);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const px = (n: number) => String(Math.round(n * 10) / 10);

/** One marker per series, by shape as well as colour: circle, square, triangle, diamond. */
function marker(index: number, x: number, y: number, colour: string): string {
  const shape = index % 4;
  if (shape === 0) return `<circle cx="${px(x)}" cy="${px(y)}" r="3.5" fill="${colour}"/>`;
  if (shape === 1)
    return `<rect x="${px(x - 3.5)}" y="${px(y - 3.5)}" width="7" height="7" fill="${colour}"/>`;
  const d =
    shape === 2
      ? `M${px(x)} ${px(y - 4.5)}L${px(x + 4.5)} ${px(y + 3.5)}L${px(x - 4.5)} ${px(y + 3.5)}Z`
      : `M${px(x)} ${px(y - 5)}L${px(x + 5)} ${px(y)}L${px(x)} ${px(y + 5)}L${px(x - 5)} ${px(y)}Z`;
  return `<path d="${d}" fill="${colour}"/>`;
}

/** A self-contained SVG (no scripts, no external fonts), readable at 640x360. */
export function renderChartSvg(spec: ChartSpec): string {
  const points = spec.series.flatMap((s) => s.points);
  const logX = spec.logX ?? false;
  const logY = spec.logY ?? false;
  const xAxis = makeAxis(
    points.map((p) => p.x),
    logX,
    true,
    [],
  );
  const yAxis = makeAxis(
    points.map((p) => p.y),
    logY,
    false,
    spec.target ? [spec.target.y] : [],
  );
  const left = MARGIN.left;
  const right = WIDTH - MARGIN.right;
  // Legend under the title, the series in order, in as many rows as they need.
  const legend: { x: number; y: number }[] = [];
  let lx = left;
  let ly = 34;
  for (const series of spec.series) {
    const width = 24 + series.name.length * 6.4 + 16;
    if (lx > left && lx + width - 16 > right) {
      lx = left;
      ly += 18;
    }
    legend.push({ x: lx, y: ly });
    lx += width;
  }
  const top = MARGIN.top + (ly - 34);
  const bottom = HEIGHT - MARGIN.bottom;
  const sx = (v: number) => scale(xAxis, v, left, right);
  const sy = (v: number) => scale(yAxis, v, bottom, top);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" ` +
      `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="12" role="img">`,
    `<title>${escapeXml(spec.title)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="${WIDTH / 2}" y="20" text-anchor="middle" font-size="15" font-weight="600" fill="#111">${escapeXml(spec.title)}</text>`,
  );
  // Grid and ticks.
  for (const t of yAxis.ticks) {
    const y = sy(t);
    out.push(
      `<line x1="${left}" y1="${px(y)}" x2="${right}" y2="${px(y)}" stroke="#e3e3e3"/>`,
      `<text x="${left - 6}" y="${px(y + 4)}" text-anchor="end" fill="#333">${formatTick(t)}</text>`,
    );
  }
  for (const t of xAxis.ticks) {
    const x = sx(t);
    out.push(
      `<line x1="${px(x)}" y1="${top}" x2="${px(x)}" y2="${bottom}" stroke="#efefef"/>`,
      `<line x1="${px(x)}" y1="${bottom}" x2="${px(x)}" y2="${bottom + 5}" stroke="#555"/>`,
      `<text x="${px(x)}" y="${bottom + 18}" text-anchor="middle" fill="#333">${formatTick(t)}</text>`,
    );
  }
  out.push(
    `<path d="M${left} ${top}V${bottom}H${right}" fill="none" stroke="#555"/>`,
    `<text x="${(left + right) / 2}" y="${HEIGHT - 10}" text-anchor="middle" fill="#111">${escapeXml(spec.xLabel)}${logX ? ' (log scale)' : ''}</text>`,
    `<text transform="translate(16 ${(top + bottom) / 2}) rotate(-90)" text-anchor="middle" fill="#111">${escapeXml(spec.yLabel)}${logY ? ' (log scale)' : ''}</text>`,
  );
  if (spec.target) {
    const y = sy(spec.target.y);
    out.push(
      `<line x1="${left}" y1="${px(y)}" x2="${right}" y2="${px(y)}" stroke="${TARGET_COLOUR}" stroke-width="1.5" stroke-dasharray="6 4"/>`,
      `<text x="${left + 6}" y="${px(y - 5)}" fill="${TARGET_COLOUR}">${escapeXml(spec.target.label)}</text>`,
    );
  }
  spec.series.forEach((series, i) => {
    const colour = COLOURS[i % COLOURS.length]!;
    const pts = series.points
      .filter((p) => Number.isFinite(p.y) && (!logY || p.y > 0) && (!logX || p.x > 0))
      .sort((a, b) => a.x - b.x);
    if (pts.length > 1) {
      const d = pts.map((p, j) => `${j === 0 ? 'M' : 'L'}${px(sx(p.x))} ${px(sy(p.y))}`).join('');
      out.push(`<path d="${d}" fill="none" stroke="${colour}" stroke-width="2"/>`);
    }
    for (const p of pts) out.push(marker(i, sx(p.x), sy(p.y), colour));
  });
  for (const [i, series] of spec.series.entries()) {
    const colour = COLOURS[i % COLOURS.length]!;
    const { x, y } = legend[i]!;
    out.push(
      `<line x1="${x}" y1="${y}" x2="${x + 18}" y2="${y}" stroke="${colour}" stroke-width="2"/>`,
      marker(i, x + 9, y, colour),
      `<text x="${x + 24}" y="${y + 4}" fill="#222">${escapeXml(series.name)}</text>`,
    );
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/** renderChartSvg + write to docs/performance/<name>.svg (creates the folder); returns the path. */
export function writeChart(name: string, spec: ChartSpec): string {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw new Error(`chart name must be a-z, 0-9 and dashes: ${name}`);
  const dir = join(import.meta.dirname, '..', 'docs', 'performance');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.svg`);
  writeFileSync(path, renderChartSvg(spec));
  return path;
}
