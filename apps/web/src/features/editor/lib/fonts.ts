/**
 * The editor's text faces, fetched when a text needs them: each font's latin and latin-ext files,
 * registered as FontFaces with their unicode-range (so only the files a text's characters fall in
 * are downloaded), and the colour-emoji face (one file, fetched only for a text with an emoji),
 * under the family names the scene renderer draws with (`FontInfo.family`, `EMOJI_FONT.family`).
 *
 * The files and the fonts' ranges are made at build time (scripts/build-assets.ts: public/fonts/
 * and public/fonts/faces.json); none of them is in the JavaScript.
 */
import { EMOJI_FONT, type FontId, fontInfo, type Scene } from '@shop/contracts/scene';

const FONTS_URL = '/fonts/';

interface FaceFile {
  file: string;
  /** The characters the file holds; every character when absent. */
  unicodeRange?: string;
}

/** public/fonts/faces.json (see scripts/build-assets.ts). */
interface FacesManifest {
  fonts: Partial<Record<FontId, FaceFile[]>>;
}

const EMOJI_CLUSTER = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

/**
 * What of `text` each face must load: everything for the font itself, and the emoji of the text
 * (whole, with their joiners and selectors) for the emoji face: none, and its file is not fetched.
 */
export function splitForFaces(text: string): { font: string; emoji: string } {
  let emoji = '';
  for (const { segment } of new Intl.Segmenter('es', { granularity: 'grapheme' }).segment(text)) {
    if (EMOJI_CLUSTER.test(segment)) emoji += segment;
  }
  return { font: text, emoji };
}

/** The code points of `text` not in `known`, once each. */
export function newCodePoints(text: string, known: ReadonlySet<string>): string[] {
  return [...new Set(text)].filter((c) => !known.has(c));
}

let manifest: Promise<FacesManifest> | null = null;

function facesManifest(): Promise<FacesManifest> {
  manifest ??= fetch(`${FONTS_URL}faces.json`)
    .then((res) => {
      if (!res.ok) throw new Error(`faces.json: HTTP ${res.status}`);
      return res.json() as Promise<FacesManifest>;
    })
    .catch((error: unknown) => {
      manifest = null; // a later call tries again
      throw error;
    });
  return manifest;
}

/** The families registered so far (each once, whatever happens after). */
const registered = new Map<string, Promise<void>>();

function register(family: string, weight: number, faces: () => Promise<FaceFile[]>): Promise<void> {
  let done = registered.get(family);
  if (!done) {
    done = faces().then((files) => {
      for (const { file, unicodeRange } of files) {
        document.fonts.add(
          new FontFace(family, `url(${FONTS_URL}${file}) format('woff2')`, {
            weight: String(weight),
            style: 'normal',
            display: 'swap',
            ...(unicodeRange && { unicodeRange }),
          }),
        );
      }
    });
    done.catch(() => registered.delete(family));
    registered.set(family, done);
  }
  return done;
}

function registerFont(id: FontId): Promise<void> {
  const info = fontInfo(id);
  return register(info.family, info.weight, async () => {
    const files = (await facesManifest()).fonts[id];
    if (!files) throw new Error(`faces.json has no font ${id}`);
    return files;
  });
}

const registerEmoji = (): Promise<void> =>
  register(EMOJI_FONT.family, 400, async () => [{ file: EMOJI_FONT.file }]);

/**
 * Characters loaded (or loading) per family, with the load that brings each: asking again for a
 * character waits for the same load, and a failed load is forgotten so the next call retries.
 */
const loadedChars = new Map<string, Map<string, Promise<void>>>();

function loadChars(family: string, cssFontOfFamily: string, text: string): Promise<void> {
  let chars = loadedChars.get(family);
  if (!chars) {
    chars = new Map();
    loadedChars.set(family, chars);
  }
  const known = chars;
  const missing = newCodePoints(text, new Set(known.keys()));
  if (missing.length > 0) {
    const load = document.fonts.load(cssFontOfFamily, missing.join('')).then(() => undefined);
    for (const c of missing) known.set(c, load);
    load.catch(() => {
      for (const c of missing) if (known.get(c) === load) known.delete(c);
    });
  }
  return Promise.all([...new Set(text)].map((c) => known.get(c))).then(() => undefined);
}

/**
 * Registers a font's faces and the emoji face (once) and loads what `text` needs of them (the
 * font's name when no text is given, enough for the font picker). Resolves when a canvas can draw
 * `text` in the font; rejects when a file could not be fetched (a later call tries again).
 */
export async function loadFont(id: FontId, text?: string): Promise<void> {
  const info = fontInfo(id);
  const parts = splitForFaces(text ?? info.label);
  await Promise.all([
    registerFont(id).then(() => loadChars(info.family, `${info.weight} 40px "${info.family}"`, parts.font)),
    parts.emoji &&
      registerEmoji().then(() =>
        loadChars(EMOJI_FONT.family, `400 40px "${EMOJI_FONT.family}"`, parts.emoji),
      ),
  ]);
}

/** Loads every face the texts of a scene are drawn with (see loadFont). */
export async function loadSceneFonts(scene: Scene): Promise<void> {
  const texts = new Map<FontId, string>();
  for (const layer of scene.layers) {
    if (layer.kind === 'text') texts.set(layer.font, (texts.get(layer.font) ?? '') + layer.text);
  }
  await Promise.all([...texts].map(([font, text]) => loadFont(font, text)));
}
