/**
 * A design is a SCENE: the case model, a layout of photo slots (each with its photo, placement and
 * filter), a background colour and up to 20 text and sticker layers drawn over the photos in order.
 * The editor draws it on screen and the server draws the print from it with the same function
 * (`@shop/case-render/scene`); this document is what the order keeps.
 *
 * Every length and position is a fraction of the case's box (the template's crop box), like the
 * one-photo `DesignTransform`, so a scene draws the same at any resolution. Older one-photo designs
 * are the scene `sceneFromTransform` makes: layout 'one', white, no layers.
 */
import type { DesignTransform } from './design-transform.ts';
import { messages } from './messages.ts';
import type { Scene } from './scene-schema.ts';

// The zod schemas of the scene live in `scene-schema.ts`: this module is the catalogue and the rules,
// free of zod, so the editor's bundle does not carry the schema library. Types come from the schemas.
export type { Layer, OrderPhoto, Scene, SceneSlot, StickerLayer, TextLayer } from './scene-schema.ts';

export const SCENE_VERSION = 1;
/** Text and sticker layers, together. */
export const MAX_LAYERS = 20;
/** Characters of one text layer, counted as a reader counts them (an emoji is one). */
export const MAX_TEXT_LENGTH = 40;
/**
 * A reader's character may hide any number of code points (a flag takes invisible tag characters
 * without end), so a text is bounded in those too. The longest emoji there is (a couple kissing,
 * each with a skin tone) is 10 code points; 40 emoji with a skin tone are 80 code points and 320
 * bytes, 19 families of four 133 and 475, 20 flags of England 140 and 560: all fit.
 */
export const MAX_GRAPHEME_CODE_POINTS = 10;
export const MAX_TEXT_CODE_POINTS = 160;
/** UTF-8 bytes of one text layer. */
export const MAX_TEXT_BYTES = 640;

// ---------------------------------------------------------------------------------------------
// Layouts

export const LAYOUT_IDS = ['one', 'two-side', 'two-stacked', 'three', 'grid'] as const;
export type LayoutId = (typeof LAYOUT_IDS)[number];

export interface LayoutInfo {
  id: LayoutId;
  /** Spanish name for the 'Diseño' panel. */
  label: string;
  slots: number;
}

export const LAYOUTS: readonly LayoutInfo[] = [
  { id: 'one', label: 'Una foto', slots: 1 },
  { id: 'two-side', label: 'Dos fotos, una al lado de otra', slots: 2 },
  { id: 'two-stacked', label: 'Dos fotos, una encima de otra', slots: 2 },
  { id: 'three', label: 'Tres fotos', slots: 3 },
  { id: 'grid', label: 'Cuatro fotos en cuadrícula', slots: 4 },
];

export const layoutInfo = (id: LayoutId): LayoutInfo => LAYOUTS.find((l) => l.id === id)!;

/** The strip of background between the cells of a layout, as a fraction of the case's width. */
export const LAYOUT_GAP = 0.015;

export interface CellRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The cells of a layout in a box of `box`'s size (pixels or millimetres alike), in slot order:
 * left to right, top to bottom. 'one' is the whole box; the others leave a gap of LAYOUT_GAP of the
 * box's width between cells (the background shows there, on purpose) and none at the case's edge.
 */
export function layoutCells(layout: LayoutId, box: { width: number; height: number }): CellRect[] {
  const W = box.width;
  const H = box.height;
  const g = LAYOUT_GAP * W;
  const halfW = (W - g) / 2;
  const halfH = (H - g) / 2;
  switch (layout) {
    case 'one':
      return [{ x: 0, y: 0, width: W, height: H }];
    case 'two-side':
      return [
        { x: 0, y: 0, width: halfW, height: H },
        { x: halfW + g, y: 0, width: halfW, height: H },
      ];
    case 'two-stacked':
      return [
        { x: 0, y: 0, width: W, height: halfH },
        { x: 0, y: halfH + g, width: W, height: halfH },
      ];
    case 'three':
      return [
        { x: 0, y: 0, width: W, height: halfH },
        { x: 0, y: halfH + g, width: halfW, height: halfH },
        { x: halfW + g, y: halfH + g, width: halfW, height: halfH },
      ];
    case 'grid':
      return [
        { x: 0, y: 0, width: halfW, height: halfH },
        { x: halfW + g, y: 0, width: halfW, height: halfH },
        { x: 0, y: halfH + g, width: halfW, height: halfH },
        { x: halfW + g, y: halfH + g, width: halfW, height: halfH },
      ];
  }
}

// ---------------------------------------------------------------------------------------------
// Filters

export const FILTER_IDS = ['none', 'bw', 'sepia', 'vivid', 'warm', 'cool'] as const;
export type FilterId = (typeof FILTER_IDS)[number];

export const FILTERS: readonly { id: FilterId; label: string }[] = [
  { id: 'none', label: 'Sin filtro' },
  { id: 'bw', label: 'Blanco y negro' },
  { id: 'sepia', label: 'Sepia' },
  { id: 'vivid', label: 'Vivo' },
  { id: 'warm', label: 'Cálido' },
  { id: 'cool', label: 'Frío' },
];

// ---------------------------------------------------------------------------------------------
// Fonts: open-licence faces from @fontsource packages, the same files in the browser and the server.

export const FONT_IDS = ['montserrat', 'playfair', 'pacifico', 'bebas', 'caveat', 'lobster'] as const;
export type FontId = (typeof FONT_IDS)[number];

export interface FontInfo {
  id: FontId;
  /** The CSS family name both sides register the face under. */
  family: string;
  label: string;
  weight: 400 | 700;
  /** The @fontsource package and the file stem of its faces (`<stem>-<subset>-<weight>-normal.woff2`). */
  package: string;
  stem: string;
}

export const FONTS: readonly FontInfo[] = [
  {
    id: 'montserrat',
    family: 'Shop Montserrat',
    label: 'Montserrat',
    weight: 700,
    package: '@fontsource/montserrat',
    stem: 'montserrat',
  },
  {
    id: 'playfair',
    family: 'Shop Playfair Display',
    label: 'Playfair Display',
    weight: 400,
    package: '@fontsource/playfair-display',
    stem: 'playfair-display',
  },
  {
    id: 'pacifico',
    family: 'Shop Pacifico',
    label: 'Pacifico',
    weight: 400,
    package: '@fontsource/pacifico',
    stem: 'pacifico',
  },
  {
    id: 'bebas',
    family: 'Shop Bebas Neue',
    label: 'Bebas Neue',
    weight: 400,
    package: '@fontsource/bebas-neue',
    stem: 'bebas-neue',
  },
  {
    id: 'caveat',
    family: 'Shop Caveat',
    label: 'Caveat',
    weight: 400,
    package: '@fontsource/caveat',
    stem: 'caveat',
  },
  {
    id: 'lobster',
    family: 'Shop Lobster',
    label: 'Lobster',
    weight: 400,
    package: '@fontsource/lobster',
    stem: 'lobster',
  },
];

/** The subsets of each face the shop ships: enough for Spanish, Portuguese, Catalan, French... */
export const FONT_SUBSETS = ['latin', 'latin-ext'] as const;

export const fontInfo = (id: FontId): FontInfo => FONTS.find((f) => f.id === id)!;

/**
 * The colour-emoji face that follows every font, so an emoji prints as it showed: Twemoji as one
 * COLR/CPAL (version 0) font of 0.5 MB, the colour format every browser the shop supports and the
 * server's Skia draw alike (fonts whose pictures are in an SVG or COLRv1 table are drawn by some
 * and left blank by others). `file` is the font in its package, and its name under /fonts/.
 */
export const EMOJI_FONT = {
  family: 'Shop Twemoji',
  package: 'twemoji-colr-font',
  file: 'twemoji.woff2',
} as const;

/** The CSS font of a text layer `sizePx` tall: the face, then the emoji face for what it lacks. */
export function cssFont(font: FontId, sizePx: number): string {
  const f = fontInfo(font);
  return `${f.weight} ${sizePx}px "${f.family}", "${EMOJI_FONT.family}"`;
}

// ---------------------------------------------------------------------------------------------
// Stickers: a few dozen OpenMoji (CC BY-SA 4.0) drawn from their SVG, the same file on both sides.

export interface StickerInfo {
  id: string;
  /** OpenMoji's file name (the emoji's code points, upper-case hex joined by '-'). */
  hex: string;
  /** Spanish name, and other Spanish words it is found by. */
  name: string;
  keywords: readonly string[];
}

export const STICKERS: readonly StickerInfo[] = [
  { id: 'corazon', hex: '2764', name: 'Corazón', keywords: ['amor', 'rojo'] },
  { id: 'corazones', hex: '1F495', name: 'Dos corazones', keywords: ['amor', 'pareja'] },
  { id: 'estrella', hex: '2B50', name: 'Estrella', keywords: ['brillo'] },
  { id: 'destellos', hex: '2728', name: 'Destellos', keywords: ['brillo', 'magia'] },
  { id: 'sol', hex: '1F31E', name: 'Sol', keywords: ['verano', 'playa'] },
  { id: 'luna', hex: '1F319', name: 'Luna', keywords: ['noche'] },
  { id: 'arcoiris', hex: '1F308', name: 'Arcoíris', keywords: ['colores', 'lluvia'] },
  { id: 'nube', hex: '2601', name: 'Nube', keywords: ['cielo'] },
  { id: 'flor', hex: '1F33C', name: 'Flor', keywords: ['margarita', 'primavera'] },
  { id: 'rosa', hex: '1F339', name: 'Rosa', keywords: ['flor', 'amor'] },
  { id: 'girasol', hex: '1F33B', name: 'Girasol', keywords: ['flor', 'verano'] },
  { id: 'hoja', hex: '1F343', name: 'Hoja', keywords: ['otoño', 'planta'] },
  { id: 'palmera', hex: '1F334', name: 'Palmera', keywords: ['playa', 'verano'] },
  { id: 'ola', hex: '1F30A', name: 'Ola', keywords: ['mar', 'playa'] },
  { id: 'fuego', hex: '1F525', name: 'Fuego', keywords: ['llama'] },
  { id: 'rayo', hex: '26A1', name: 'Rayo', keywords: ['energía', 'tormenta'] },
  { id: 'risa', hex: '1F602', name: 'Cara riendo', keywords: ['risa', 'lágrimas'] },
  { id: 'sonrisa', hex: '1F60A', name: 'Cara sonriente', keywords: ['feliz', 'sonrisa'] },
  { id: 'enamorado', hex: '1F60D', name: 'Cara enamorada', keywords: ['amor', 'ojos'] },
  { id: 'gafas', hex: '1F60E', name: 'Cara con gafas de sol', keywords: ['guay', 'verano'] },
  { id: 'guino', hex: '1F609', name: 'Guiño', keywords: ['cara'] },
  { id: 'beso', hex: '1F618', name: 'Beso', keywords: ['amor', 'cara'] },
  { id: 'gato', hex: '1F431', name: 'Gato', keywords: ['mascota', 'animal'] },
  { id: 'perro', hex: '1F436', name: 'Perro', keywords: ['mascota', 'animal'] },
  { id: 'unicornio', hex: '1F984', name: 'Unicornio', keywords: ['fantasía', 'animal'] },
  { id: 'mariposa', hex: '1F98B', name: 'Mariposa', keywords: ['animal', 'primavera'] },
  { id: 'huella', hex: '1F43E', name: 'Huellas', keywords: ['mascota', 'patas'] },
  { id: 'corona', hex: '1F451', name: 'Corona', keywords: ['rey', 'reina', 'princesa'] },
  { id: 'fiesta', hex: '1F389', name: 'Fiesta', keywords: ['celebración', 'cumpleaños', 'confeti'] },
  { id: 'globo', hex: '1F388', name: 'Globo', keywords: ['fiesta', 'cumpleaños'] },
  { id: 'regalo', hex: '1F381', name: 'Regalo', keywords: ['cumpleaños', 'navidad'] },
  { id: 'tarta', hex: '1F382', name: 'Tarta de cumpleaños', keywords: ['cumpleaños', 'fiesta'] },
  { id: 'musica', hex: '1F3B5', name: 'Nota musical', keywords: ['música', 'canción'] },
  { id: 'balon', hex: '26BD', name: 'Balón de fútbol', keywords: ['fútbol', 'deporte'] },
  { id: 'avion', hex: '2708', name: 'Avión', keywords: ['viaje', 'vacaciones'] },
  { id: 'camara', hex: '1F4F7', name: 'Cámara de fotos', keywords: ['foto', 'viaje'] },
  { id: 'cafe', hex: '2615', name: 'Café', keywords: ['taza', 'desayuno'] },
  { id: 'helado', hex: '1F366', name: 'Helado', keywords: ['verano', 'dulce'] },
  { id: 'pizza', hex: '1F355', name: 'Pizza', keywords: ['comida'] },
  { id: 'aguacate', hex: '1F951', name: 'Aguacate', keywords: ['comida', 'fruta'] },
  { id: 'fresa', hex: '1F353', name: 'Fresa', keywords: ['fruta', 'dulce'] },
  { id: 'sandia', hex: '1F349', name: 'Sandía', keywords: ['fruta', 'verano'] },
];

export const stickerInfo = (id: string): StickerInfo | undefined => STICKERS.find((s) => s.id === id);

/** Lower-case, accents gone: 'Corazón' and 'corazon' find the same sticker. */
const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** The stickers whose Spanish name or words contain every word of `query`. */
export function searchStickers(query: string): StickerInfo[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...STICKERS];
  return STICKERS.filter((s) => {
    const haystack = fold([s.name, ...s.keywords].join(' '));
    return words.every((w) => haystack.includes(w));
  });
}

// ---------------------------------------------------------------------------------------------
// Text

/** Characters a reader counts: an emoji with its modifiers and joiners is one. */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of new Intl.Segmenter('es', { granularity: 'grapheme' }).segment(text)) n++;
  return n;
}

/**
 * Within the code point and byte bounds: in all, and in each character a reader counts.
 */
export function textWithinCodePoints(text: string): boolean {
  if (text.length > MAX_TEXT_CODE_POINTS * 2) return false;
  if ([...text].length > MAX_TEXT_CODE_POINTS) return false;
  if (new TextEncoder().encode(text).length > MAX_TEXT_BYTES) return false;
  for (const { segment } of new Intl.Segmenter('es', { granularity: 'grapheme' }).segment(text)) {
    if ([...segment].length > MAX_GRAPHEME_CODE_POINTS) return false;
  }
  return true;
}

/**
 * What a text layer may hold: the Latin letters of the shipped font subsets (with their accents and
 * punctuation) and emoji, which the emoji face draws on both sides. Anything else would fall back to
 * whatever font a machine has, and print differently from the screen.
 */
const PRINTABLE =
  /^(?:[\u0020-\u007e\u00a0-\u024f\u1e00-\u1eff\u2010-\u2027\u2030-\u205e\u20ac\u2122]|\p{Extended_Pictographic}|\p{Emoji_Component}|\u200d|\ufe0f)*$/u;

export const isPrintableText = (text: string): boolean => PRINTABLE.test(text);

export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** The palette offered first; any colour can be picked too. */
export const TEXT_COLOURS = [
  '#ffffff',
  '#111111',
  '#e63946',
  '#f4a261',
  '#ffd166',
  '#2a9d8f',
  '#3a86ff',
  '#8338ec',
  '#ff70a6',
] as const;

export const BACKGROUND_COLOURS = ['#ffffff', '#111111', '#f4ede1', '#ffd6e0', '#cde7f0', '#d8f3dc'] as const;

/** Text height (the font size) as a fraction of the case's width. */
export const TEXT_SIZE = { min: 0.04, max: 0.4, initial: 0.12 } as const;
/** Sticker width as a fraction of the case's width. */
export const STICKER_SIZE = { min: 0.08, max: 1, initial: 0.3 } as const;

/** A scene ready to order: every slot has a photo and a placement. */
export const isSceneComplete = (scene: Scene): boolean =>
  scene.slots.every((s) => s.photo !== null && s.transform !== null);

/** The slots still waiting for a photo (or its placement), by index. */
export const emptySlots = (scene: Scene): number[] =>
  scene.slots.flatMap((s, i) => (s.photo === null || s.transform === null ? [i] : []));

/** What the customer is told about a scene with empty slots: 'Falta una foto', or how many. */
export const sceneIncompleteMessage = (missing: number): string =>
  missing === 1 ? messages.sceneIncomplete : messages.sceneIncompleteMany.replace('{count}', String(missing));

/**
 * The scene a one-photo design (the first editor's: a photo and its transform) is stored and
 * printed as (ADR 25). Migration 20 builds the same scene in SQL for the designs stored before.
 */
export function sceneFromTransform(model: number, photo: string, transform: DesignTransform): Scene {
  return {
    version: SCENE_VERSION,
    model,
    layout: 'one',
    background: '#ffffff',
    slots: [{ photo, transform, filter: 'none' }],
    layers: [],
  };
}

/** An empty scene for a model: one slot with the order's photo, if any, not yet placed. */
export function emptyScene(model: number, photo: string | null): Scene {
  return {
    version: SCENE_VERSION,
    model,
    layout: 'one',
    background: '#ffffff',
    slots: [{ photo, transform: null, filter: 'none' }],
    layers: [],
  };
}
