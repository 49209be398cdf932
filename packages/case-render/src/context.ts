/**
 * The part of the Canvas 2D API the drawings use. Both a browser's CanvasRenderingContext2D and
 * @napi-rs/canvas's context (Skia, in Node) satisfy it, so one drawing runs in the editor and in the
 * server without either environment's types leaking into this package.
 */
export interface GradientLike {
  addColorStop(offset: number, colour: string): void;
}

export type FillRule = 'nonzero' | 'evenodd';

export interface Context2D {
  /** A colour string or a gradient from this context. */
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  lineCap: string;
  lineJoin: string;
  globalAlpha: number;
  globalCompositeOperation: string;
  shadowBlur: number;
  shadowColor: string;
  shadowOffsetX: number;
  shadowOffsetY: number;
  save(): void;
  restore(): void;
  beginPath(): void;
  closePath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number, ccw?: boolean): void;
  ellipse(
    x: number,
    y: number,
    radiusX: number,
    radiusY: number,
    rotation: number,
    startAngle: number,
    endAngle: number,
    ccw?: boolean,
  ): void;
  bezierCurveTo(cp1x: number, cp1y: number, cp2x: number, cp2y: number, x: number, y: number): void;
  quadraticCurveTo(cpx: number, cpy: number, x: number, y: number): void;
  rect(x: number, y: number, width: number, height: number): void;
  fill(fillRule?: FillRule): void;
  stroke(): void;
  clip(fillRule?: FillRule): void;
  fillRect(x: number, y: number, width: number, height: number): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  scale(x: number, y: number): void;
  createLinearGradient(x0: number, y0: number, x1: number, y1: number): GradientLike;
  createRadialGradient(x0: number, y0: number, r0: number, x1: number, y1: number, r1: number): GradientLike;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RoundedBox extends Box {
  radius: number;
}

/** What tracing a path takes: a Canvas 2D context, or an adapter onto another kind of path (a 3D shape's). */
export type PathSink = Pick<Context2D, 'moveTo' | 'lineTo' | 'arc' | 'closePath'>;

/** Adds a closed rounded rectangle to the current path (radius clamped to what fits). */
export function roundedRect(ctx: PathSink, { x, y, width, height, radius }: RoundedBox): void {
  const r = Math.max(0, Math.min(radius, width / 2, height / 2));
  ctx.moveTo(x + r, y);
  ctx.lineTo(x + width - r, y);
  ctx.arc(x + width - r, y + r, r, -Math.PI / 2, 0);
  ctx.lineTo(x + width, y + height - r);
  ctx.arc(x + width - r, y + height - r, r, 0, Math.PI / 2);
  ctx.lineTo(x + r, y + height);
  ctx.arc(x + r, y + height - r, r, Math.PI / 2, Math.PI);
  ctx.lineTo(x, y + r);
  ctx.arc(x + r, y + r, r, Math.PI, (3 * Math.PI) / 2);
  ctx.closePath();
}

/** The same rounded rectangle grown (or, with a negative amount, shrunk) on every side. */
export function grow(box: RoundedBox, amount: number): RoundedBox {
  return {
    x: box.x - amount,
    y: box.y - amount,
    width: box.width + 2 * amount,
    height: box.height + 2 * amount,
    radius: Math.max(0, box.radius + amount),
  };
}

/** Small deterministic random numbers (mulberry32), so a drawing is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
