// Scenes for the second editor's browser tests and benchmarks: photos of different shapes, the API
// calls that add them to an order and save a draft, and a set of scenes that between them use every
// layout, font, filter, turn and mirror, and stickers.
import assert from 'node:assert/strict';
import { coverTransform, type DesignTransform } from '@shop/case-geometry/transform';
import {
  type FilterId,
  type FontId,
  type Layer,
  type LayoutId,
  layoutCells,
  SCENE_VERSION,
  type Scene,
} from '@shop/contracts/scene';
import sharp from 'sharp';
import { fourColourPhoto } from './editor-support.ts';

export interface Size {
  width: number;
  height: number;
}

/** Four photos of different shapes, each easy to tell apart (and from a mirror or a turn). */
export const SCENE_PHOTO_SIZES: readonly Size[] = [
  { width: 1600, height: 1200 },
  { width: 1200, height: 1600 },
  { width: 1000, height: 1000 },
  { width: 1800, height: 1000 },
];

/** A photo with a bold gradient and stripes, unlike the four-colour one. */
function stripedPhoto({ width, height }: Size, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},80%,55%)"/><stop offset="1" stop-color="hsl(${hue + 120},70%,35%)"/>
    </linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    ${Array.from({ length: 6 }, (_, i) => `<rect x="${(i * width) / 6}" width="${width / 24}" height="${height}" fill="#ffffff" opacity="0.6"/>`).join('')}
    <circle cx="${width * 0.7}" cy="${height * 0.3}" r="${Math.min(width, height) * 0.15}" fill="#111111"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

export async function scenePhotos(): Promise<Buffer[]> {
  const [a, b, c, d] = SCENE_PHOTO_SIZES as [Size, Size, Size, Size];
  return Promise.all([
    fourColourPhoto(a.width, a.height),
    stripedPhoto(b, 20),
    fourColourPhoto(c.width, c.height),
    stripedPhoto(d, 200),
  ]);
}

interface SlotPlan {
  photo: number;
  filter: FilterId;
  zoom?: number;
  quarterTurns?: number;
  flipX?: boolean;
  /** Moves the centre by this fraction of the cell (kept covering by the zoom). */
  shift?: { x: number; y: number };
}

const text = (id: string, font: FontId, words: string, over: Partial<Layer> = {}): Layer =>
  ({
    kind: 'text',
    id,
    text: words,
    font,
    size: 0.11,
    colour: '#ffffff',
    align: 'center',
    rotation: 0,
    x: 0.5,
    y: 0.5,
    ...over,
  }) as Layer;

const sticker = (id: string, name: string, x: number, y: number, size = 0.28, rotation = 0): Layer => ({
  kind: 'sticker',
  id,
  sticker: name,
  size,
  rotation,
  x,
  y,
});

/** A scene of `layout` on a case box of `box` (template pixels) with the order's photos. */
export function buildScene(
  model: number,
  box: Size,
  photos: readonly { uri: string; size: Size }[],
  layout: LayoutId,
  slots: readonly SlotPlan[],
  layers: Layer[],
  background = '#ffffff',
): Scene {
  const cells = layoutCells(layout, box);
  assert.equal(cells.length, slots.length, `${layout} has ${cells.length} cells`);
  return {
    version: SCENE_VERSION,
    model,
    layout,
    background,
    slots: slots.map((plan, i) => {
      const photo = photos[plan.photo]!;
      const cell = cells[i]!;
      const cover = coverTransform(photo.size, cell, plan.quarterTurns ?? 0, plan.flipX ?? false);
      const zoom = plan.zoom ?? 1;
      const transform: DesignTransform = {
        ...cover,
        scale: cover.scale * zoom,
        // With a zoom of z the photo reaches (z - 1) / 2 of its covering size past each side.
        centerX: 0.5 + (plan.shift?.x ?? 0),
        centerY: 0.5 + (plan.shift?.y ?? 0),
      };
      return { photo: photo.uri, transform, filter: plan.filter };
    }),
    layers,
  };
}

/**
 * Named scenes that between them use every layout, font and filter, turns, mirrors and stickers,
 * with every text inside the printable area (the editor would move one that is not, and the server
 * would refuse to order it).
 */
export function printMatchScenes(
  model: number,
  box: Size,
  photos: readonly { uri: string; size: Size }[],
): [string, Scene][] {
  const scene = (
    ...args: Parameters<typeof buildScene> extends [unknown, unknown, unknown, ...infer R] ? R : never
  ) => buildScene(model, box, photos, ...args);
  return [
    [
      'one photo turned and mirrored, sepia, a name in Pacifico and a heart',
      scene(
        'one',
        [
          {
            photo: 0,
            filter: 'sepia',
            quarterTurns: 1,
            flipX: true,
            zoom: 1.3,
            shift: { x: 0.05, y: -0.05 },
          },
        ],
        [
          text('t1', 'pacifico', 'Lucía', { y: 0.62, size: 0.16 }),
          sticker('s1', 'corazon', 0.7, 0.8, 0.3, -20),
        ],
      ),
    ],
    [
      'two side by side, black and white and vivid, Montserrat and Bebas Neue',
      scene(
        'two-side',
        [
          { photo: 1, filter: 'bw' },
          { photo: 2, filter: 'vivid', quarterTurns: 2, zoom: 1.2 },
        ],
        [
          text('t1', 'montserrat', 'VERANO 26', { y: 0.6, rotation: -90, x: 0.25, colour: '#ffd166' }),
          text('t2', 'bebas', 'MAR Y SOL', { y: 0.7, x: 0.68, size: 0.14, colour: '#111111' }),
          sticker('s1', 'sol', 0.75, 0.2, 0.25, 15),
        ],
        '#111111',
      ),
    ],
    [
      'two stacked, warm and cool, Playfair Display and Caveat with an emoji',
      scene(
        'two-stacked',
        [
          { photo: 3, filter: 'warm', flipX: true },
          { photo: 0, filter: 'cool', quarterTurns: 3, zoom: 1.1 },
        ],
        [
          text('t1', 'playfair', 'Nuestra familia', {
            y: 0.45,
            size: 0.1,
            colour: '#111111',
            align: 'left',
            x: 0.1,
          }),
          text('t2', 'caveat', 'te quiero ❤️', { y: 0.8, size: 0.13, rotation: 12, colour: '#e63946' }),
        ],
        '#f4ede1',
      ),
    ],
    [
      'three photos, Lobster turned, three stickers turned and scaled',
      scene(
        'three',
        [
          { photo: 2, filter: 'none', zoom: 1.4, shift: { x: -0.08, y: 0.06 } },
          { photo: 1, filter: 'sepia', quarterTurns: 1 },
          { photo: 3, filter: 'bw', flipX: true, quarterTurns: 2 },
        ],
        [
          text('t1', 'lobster', '¡Olé, Marta!', {
            y: 0.48,
            size: 0.12,
            rotation: -8,
            colour: '#ff70a6',
            align: 'right',
            x: 0.9,
          }),
          sticker('s1', 'estrella', 0.2, 0.15, 0.2, 30),
          sticker('s2', 'flor', 0.8, 0.62, 0.35, -45),
          sticker('s3', 'gato', 0.3, 0.85, 0.15, 0),
        ],
        '#cde7f0',
      ),
    ],
    [
      'a 2x2 grid with every filter but none, texts in two fonts and two stickers',
      scene(
        'grid',
        [
          { photo: 0, filter: 'bw', zoom: 1.2 },
          { photo: 1, filter: 'vivid', flipX: true },
          { photo: 2, filter: 'warm', quarterTurns: 1 },
          { photo: 3, filter: 'cool', quarterTurns: 3, flipX: true },
        ],
        [
          text('t1', 'caveat', 'Ana', { x: 0.25, y: 0.4, size: 0.18, colour: '#ffffff' }),
          text('t2', 'bebas', 'y Luis', { x: 0.75, y: 0.6, size: 0.15, colour: '#ffd166', rotation: 20 }),
          sticker('s1', 'unicornio', 0.5, 0.5, 0.3, 10),
          sticker('s2', 'arcoiris', 0.5, 0.9, 0.4, 0),
        ],
        '#ffffff',
      ),
    ],
    [
      'one photo, a birthday wish and a big text of emoji',
      scene(
        'one',
        [{ photo: 2, filter: 'none' }],
        [
          text('t1', 'montserrat', 'Feliz cumple Ana 🎂💖', { y: 0.3, size: 0.07, colour: '#111111' }),
          text('emoji', 'montserrat', '🎂💖🎉', { y: 0.6, size: 0.2, colour: '#111111' }),
        ],
      ),
    ],
  ];
}
