/**
 * A realistic mock-up of a phone case seen from the back, drawn from the model's outline: soft drop
 * shadow, the case's rim, the printed back (a design painted by the caller, clipped to it), edge
 * shading and sheen, and the camera cut-out with the phone's camera island showing through.
 *
 * Pure drawing on any Canvas 2D context at any scale: the build draws the shop's pictures with it in
 * Node (@napi-rs/canvas), the server draws each model's catalogue picture when the model is saved,
 * and the design editor can draw the same case around the customer's photo in the browser.
 */
import type { PhoneOutline } from '@shop/case-geometry/outline';
import { type Circle, cameraLayout, caseParts } from './case-parts.ts';
import { type Box, type Context2D, grow, type RoundedBox, roundedRect } from './context.ts';

export { CASE_WALL_MM, cameraLayout } from './case-parts.ts';

/** Room around the case in a mock-up picture for the shadow: left, top, right, bottom. */
export const MOCKUP_MARGIN_MM = { left: 7, top: 5, right: 7, bottom: 11 } as const;

/** Paints the printed back of the case: the context is clipped to it, `area` is its bounding box. */
export type DesignPainter = (ctx: Context2D, area: Box) => void;

export interface CaseMockupOptions {
  /** Scale of the drawing, in canvas pixels per millimetre of the phone. */
  pxPerMm: number;
  /** Where the phone's top-left corner goes, in canvas pixels (the case's wall lies around it). */
  x: number;
  y: number;
  /** The printed back; a plain white case without it. */
  design?: DesignPainter;
  /** Colour of the case's rim and camera surround. */
  rimColour?: string;
  /** Colour of the phone showing through the camera cut-out. */
  phoneColour?: string;
  /** Drop shadow under the case (on by default). Canvas shadows ignore scale transforms: draw at pxPerMm. */
  shadow?: boolean;
}

export interface PxSize {
  width: number;
  height: number;
}

/** The canvas size that holds one mock-up with room for its shadow. */
export function mockupSize(outline: PhoneOutline, pxPerMm: number): PxSize {
  const m = MOCKUP_MARGIN_MM;
  return {
    width: Math.round((outline.widthMm + m.left + m.right) * pxPerMm),
    height: Math.round((outline.heightMm + m.top + m.bottom) * pxPerMm),
  };
}

/** The scale at which a mock-up picture is `heightPx` tall. */
export function pxPerMmForHeight(outline: PhoneOutline, heightPx: number): number {
  return heightPx / (outline.heightMm + MOCKUP_MARGIN_MM.top + MOCKUP_MARGIN_MM.bottom);
}

/** Draws one mock-up filling a canvas of mockupSize(outline, pxPerMm). */
export function drawMockupPicture(
  ctx: Context2D,
  outline: PhoneOutline,
  pxPerMm: number,
  options: Omit<CaseMockupOptions, 'pxPerMm' | 'x' | 'y'> = {},
): void {
  drawCaseMockup(ctx, outline, {
    ...options,
    pxPerMm,
    x: MOCKUP_MARGIN_MM.left * pxPerMm,
    y: MOCKUP_MARGIN_MM.top * pxPerMm,
  });
}

export function drawCaseMockup(ctx: Context2D, outline: PhoneOutline, options: CaseMockupOptions): void {
  const { pxPerMm: k, x, y } = options;
  const rimColour = options.rimColour ?? '#24262b';
  const phoneColour = options.phoneColour ?? '#3a3d44';
  const { shell, back, island, cutout } = caseParts(outline, k, x, y);

  ctx.save();
  if (options.shadow !== false) drawShadow(ctx, shell, k);

  // The shell: the rim seen from the back, lighter towards the top-left light.
  const rim = ctx.createLinearGradient(shell.x, shell.y, shell.x + shell.width, shell.y + shell.height);
  rim.addColorStop(0, mix(rimColour, '#ffffff', 0.28));
  rim.addColorStop(0.5, rimColour);
  rim.addColorStop(1, mix(rimColour, '#000000', 0.35));
  ctx.beginPath();
  roundedRect(ctx, shell);
  ctx.fillStyle = rim;
  ctx.fill();

  // The printed back, clipped to itself and with the camera cut-out left open.
  ctx.save();
  ctx.beginPath();
  roundedRect(ctx, back);
  ctx.clip();
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(back.x, back.y, back.width, back.height);
  if (options.design) {
    ctx.save();
    options.design(ctx, { x: back.x, y: back.y, width: back.width, height: back.height });
    ctx.restore();
  }
  drawBackShading(ctx, back, k);
  ctx.restore();

  drawCameraCutout(ctx, { shell, cutout, island }, { k, rimColour, phoneColour }, outline.camera.lenses);

  // A thin highlight on the shell's edge, where it catches the light.
  ctx.beginPath();
  roundedRect(ctx, grow(shell, -0.15 * k));
  ctx.lineWidth = Math.max(0.5, 0.3 * k);
  const edge = ctx.createLinearGradient(shell.x, shell.y, shell.x + shell.width, shell.y + shell.height);
  edge.addColorStop(0, 'rgba(255,255,255,0.55)');
  edge.addColorStop(0.45, 'rgba(255,255,255,0.12)');
  edge.addColorStop(1, 'rgba(255,255,255,0.05)');
  ctx.strokeStyle = edge;
  ctx.stroke();
  ctx.restore();
}

/** A wide soft shadow and a tight contact shadow, both falling down and slightly right. */
function drawShadow(ctx: Context2D, shell: RoundedBox, k: number): void {
  const layers = [
    { blur: 7 * k, dx: 0.6 * k, dy: 4 * k, colour: 'rgba(15,23,42,0.30)' },
    { blur: 1.6 * k, dx: 0.2 * k, dy: 1 * k, colour: 'rgba(15,23,42,0.35)' },
  ];
  for (const layer of layers) {
    ctx.save();
    ctx.shadowBlur = layer.blur;
    ctx.shadowOffsetX = layer.dx;
    ctx.shadowOffsetY = layer.dy;
    ctx.shadowColor = layer.colour;
    ctx.beginPath();
    roundedRect(ctx, grow(shell, -0.6 * k));
    ctx.fillStyle = '#000000';
    ctx.fill();
    ctx.restore();
  }
}

/**
 * Depth on the printed back (clip already set to it): an inner shadow along the rim, light from the
 * top-left on a gently curved surface, and a glossy diagonal sheen.
 */
function drawBackShading(ctx: Context2D, back: RoundedBox, k: number): void {
  innerShadow(ctx, back, { blur: 2.2 * k, dx: 0.5 * k, dy: 0.7 * k, colour: 'rgba(0,0,0,0.38)' });

  const across = ctx.createLinearGradient(back.x, 0, back.x + back.width, 0);
  across.addColorStop(0, 'rgba(255,255,255,0.20)');
  across.addColorStop(0.07, 'rgba(255,255,255,0)');
  across.addColorStop(0.88, 'rgba(0,0,0,0)');
  across.addColorStop(1, 'rgba(0,0,0,0.16)');
  ctx.fillStyle = across;
  ctx.fillRect(back.x, back.y, back.width, back.height);

  const sheen = ctx.createLinearGradient(back.x, back.y, back.x + back.width, back.y + back.width * 1.4);
  sheen.addColorStop(0, 'rgba(255,255,255,0.30)');
  sheen.addColorStop(0.35, 'rgba(255,255,255,0.06)');
  sheen.addColorStop(0.5, 'rgba(255,255,255,0)');
  sheen.addColorStop(1, 'rgba(255,255,255,0)');
  ctx.fillStyle = sheen;
  ctx.fillRect(back.x, back.y, back.width, back.height);
}

interface Shadow {
  blur: number;
  dx: number;
  dy: number;
  colour: string;
}

/**
 * A shadow cast INSIDE a shape: with the clip set to the shape, fill everything around it (a large
 * frame with the shape as its hole) and let only the frame's shadow fall inside.
 */
function innerShadow(ctx: Context2D, shape: RoundedBox, { blur, dx, dy, colour }: Shadow): void {
  const pad = blur * 3 + Math.abs(dx) + Math.abs(dy);
  ctx.save();
  ctx.shadowBlur = blur;
  ctx.shadowOffsetX = dx;
  ctx.shadowOffsetY = dy;
  ctx.shadowColor = colour;
  ctx.beginPath();
  ctx.rect(shape.x - pad, shape.y - pad, shape.width + 2 * pad, shape.height + 2 * pad);
  roundedRect(ctx, shape);
  ctx.fillStyle = '#000000';
  ctx.fill('evenodd');
  ctx.restore();
}

interface CameraParts {
  shell: RoundedBox;
  cutout: RoundedBox;
  island: RoundedBox;
}

interface CameraStyle {
  k: number;
  rimColour: string;
  phoneColour: string;
}

/** The opening in the case, the phone's back inside it, and the island with lenses and flash. */
function drawCameraCutout(
  ctx: Context2D,
  { shell, cutout, island }: CameraParts,
  { k, rimColour, phoneColour }: CameraStyle,
  lensCount: number | undefined,
): void {
  ctx.save();
  // An island flush with the phone's edge opens the case's edge too: keep it inside the shell.
  ctx.beginPath();
  roundedRect(ctx, shell);
  ctx.clip();

  // The case's raised lip around the opening.
  ctx.beginPath();
  roundedRect(ctx, grow(cutout, 0.55 * k));
  ctx.fillStyle = mix(rimColour, '#ffffff', 0.1);
  ctx.fill();

  ctx.save();
  ctx.beginPath();
  roundedRect(ctx, cutout);
  ctx.clip();
  ctx.fillStyle = phoneColour;
  ctx.fillRect(cutout.x, cutout.y, cutout.width, cutout.height);
  innerShadow(ctx, cutout, { blur: 1.2 * k, dx: 0.3 * k, dy: 0.5 * k, colour: 'rgba(0,0,0,0.6)' });
  ctx.restore();

  // The camera island: raised glass, lighter at the top-left.
  ctx.save();
  ctx.shadowBlur = 0.8 * k;
  ctx.shadowOffsetY = 0.3 * k;
  ctx.shadowColor = 'rgba(0,0,0,0.45)';
  const glass = ctx.createLinearGradient(
    island.x,
    island.y,
    island.x + island.width,
    island.y + island.height,
  );
  glass.addColorStop(0, mix(phoneColour, '#ffffff', 0.18));
  glass.addColorStop(1, mix(phoneColour, '#000000', 0.25));
  ctx.beginPath();
  roundedRect(ctx, island);
  ctx.fillStyle = glass;
  ctx.fill();
  ctx.restore();

  const { lenses, flash } = cameraLayout(island, lensCount);
  for (const lens of lenses) drawLens(ctx, lens, k);
  if (flash) {
    ctx.beginPath();
    ctx.arc(flash.cx, flash.cy, flash.d / 2, 0, Math.PI * 2);
    ctx.fillStyle = '#f1ead0';
    ctx.fill();
    ctx.lineWidth = Math.max(0.5, 0.2 * k);
    ctx.strokeStyle = 'rgba(0,0,0,0.35)';
    ctx.stroke();
  }
  ctx.restore();
}

function drawLens(ctx: Context2D, { cx, cy, d }: Circle, k: number): void {
  const r = d / 2;
  // Metal ring.
  const ring = ctx.createLinearGradient(cx - r, cy - r, cx + r, cy + r);
  ring.addColorStop(0, '#9aa0a8');
  ring.addColorStop(0.5, '#4b5058');
  ring.addColorStop(1, '#1c1f24');
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = ring;
  ctx.fill();
  // Black barrel and the glass with a blue-violet coating.
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.84, 0, Math.PI * 2);
  ctx.fillStyle = '#07080b';
  ctx.fill();
  const coating = ctx.createRadialGradient(cx - r * 0.2, cy - r * 0.2, r * 0.05, cx, cy, r * 0.6);
  coating.addColorStop(0, '#5b6fb0');
  coating.addColorStop(0.45, '#1d2348');
  coating.addColorStop(1, '#050609');
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.58, 0, Math.PI * 2);
  ctx.fillStyle = coating;
  ctx.fill();
  // Reflection.
  ctx.beginPath();
  ctx.arc(cx - r * 0.24, cy - r * 0.26, Math.max(0.4, r * 0.12), 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(255,255,255,0.75)';
  ctx.fill();
  ctx.lineWidth = Math.max(0.4, 0.12 * k);
  ctx.strokeStyle = 'rgba(255,255,255,0.18)';
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.84, 0, Math.PI * 2);
  ctx.stroke();
}

/** Mixes two #rrggbb colours; amount 0 is the first, 1 the second. */
export function mix(from: string, to: string, amount: number): string {
  const a = rgb(from);
  const b = rgb(to);
  const channel = (i: 0 | 1 | 2) => Math.round(a[i] + (b[i] - a[i]) * amount);
  return `rgb(${channel(0)},${channel(1)},${channel(2)})`;
}

function rgb(hex: string): [number, number, number] {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`expected a #rrggbb colour, got ${JSON.stringify(hex)}`);
  return [Number.parseInt(match[1]!, 16), Number.parseInt(match[2]!, 16), Number.parseInt(match[3]!, 16)];
}
