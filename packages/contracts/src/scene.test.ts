import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { messages } from './messages.ts';
import {
  emptyScene,
  emptySlots,
  isPrintableText,
  isSceneComplete,
  LAYOUTS,
  layoutCells,
  MAX_GRAPHEME_CODE_POINTS,
  MAX_LAYERS,
  MAX_TEXT_BYTES,
  MAX_TEXT_CODE_POINTS,
  type Scene,
  STICKERS,
  sceneFromTransform,
  sceneIncompleteMessage,
  searchStickers,
  textLength,
  textWithinCodePoints,
} from './scene.ts';
import { SceneSchema } from './scene-schema.ts';

const PHOTO = '/api/images/abcdefgh12';
const transform = { centerX: 0.5, centerY: 0.5, scale: 1.2, quarterTurns: 0, flipX: false };

const text = (n: number, over: Record<string, unknown> = {}) => ({
  kind: 'text',
  id: `t${n}`,
  text: 'Ana',
  font: 'pacifico',
  size: 0.1,
  colour: '#ff0000',
  align: 'center',
  rotation: 0,
  x: 0.5,
  y: 0.5,
  ...over,
});

const scene = (over: Partial<Record<keyof Scene, unknown>> = {}) => ({
  ...sceneFromTransform(7, PHOTO, transform),
  ...over,
});

const issues = (value: unknown): string[] => {
  const result = SceneSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('the scene document', () => {
  it('accepts a one-photo design as the first editor made it', () => {
    assert.deepEqual(issues(scene()), []);
    assert.ok(isSceneComplete(SceneSchema.parse(scene())));
    assert.equal(isSceneComplete(emptyScene(7, PHOTO)), false);
  });

  it('counts the empty slots and says how many photos are missing', () => {
    const full = SceneSchema.parse(scene());
    assert.deepEqual(emptySlots(full), []);
    const two = {
      ...full,
      slots: [full.slots[0]!, { ...full.slots[0]!, photo: null }, { ...full.slots[0]!, transform: null }],
    };
    assert.deepEqual(emptySlots(two), [1, 2]);
    assert.equal(sceneIncompleteMessage(1), messages.sceneIncomplete);
    assert.match(sceneIncompleteMessage(2), /^Faltan 2 fotos: /);
  });

  it('accepts 20 layers and refuses 21', () => {
    const layers = Array.from({ length: MAX_LAYERS }, (_, i) => text(i));
    assert.deepEqual(issues(scene({ layers })), []);
    assert.deepEqual(issues(scene({ layers: [...layers, text(99)] })), ['tooManyLayers']);
  });

  it('counts characters as a reader does: 40 pass, 41 do not, an emoji is one', () => {
    assert.deepEqual(issues(scene({ layers: [text(1, { text: 'a'.repeat(40) })] })), []);
    assert.deepEqual(issues(scene({ layers: [text(1, { text: 'a'.repeat(41) })] })), ['textTooLong']);
    assert.equal(textLength('👩‍👩‍👧‍👦 ¡Olé!'), 7);
    assert.deepEqual(issues(scene({ layers: [text(1, { text: `${'👍🏽'.repeat(40)}` })] })), []);
  });

  it('bounds code points and bytes too: a flag stuffed with invisible tags is refused', () => {
    const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    const kiss = '\u{1F469}\u{1F3FB}\u200d\u2764\ufe0f\u200d\u{1F48B}\u200d\u{1F468}\u{1F3FC}';
    const family = '👩‍👩‍👧‍👦';
    for (const fine of [
      england,
      kiss,
      family.repeat(19),
      '👍🏽'.repeat(40),
      'ñ'.repeat(40),
      england.repeat(20),
    ]) {
      assert.ok(textWithinCodePoints(fine), fine);
      assert.deepEqual(issues(scene({ layers: [text(1, { text: fine })] })), [], fine);
    }
    // One flag carrying 150 tag characters: one character to a reader, 153 code points, 604 bytes.
    const stuffed = `\u{1F3F4}${'\u{E0061}'.repeat(150)}\u{E007F}`;
    assert.equal(textLength(stuffed), 1);
    assert.ok(!textWithinCodePoints(stuffed));
    assert.deepEqual(issues(scene({ layers: [text(1, { text: stuffed })] })), ['textTooManyCodePoints']);
    // Many ordinary-looking characters, each within the per-character bound, past the total.
    assert.ok(!textWithinCodePoints(england.repeat(24)), 'more code points than a text holds');
    assert.ok(MAX_TEXT_CODE_POINTS * 4 >= MAX_TEXT_BYTES && MAX_GRAPHEME_CODE_POINTS >= 10);
  });

  it('refuses unknown fonts and stickers, and text no shipped face can print', () => {
    assert.equal(issues(scene({ layers: [text(1, { font: 'comic-sans' })] })).length, 1);
    const sticker = { kind: 'sticker', id: 's', sticker: 'corazon', size: 0.3, rotation: 0, x: 0.5, y: 0.5 };
    assert.deepEqual(issues(scene({ layers: [sticker] })), []);
    assert.equal(issues(scene({ layers: [{ ...sticker, sticker: 'calavera-pirata' }] })).length, 1);
    assert.ok(isPrintableText('Muñeca, 1º, €5, «¡sí!» 🎉❤️'));
    assert.ok(!isPrintableText('你好'));
    assert.deepEqual(issues(scene({ layers: [text(1, { text: 'Привет' })] })), ['textNotPrintable']);
  });

  it('keeps every layer on the case', () => {
    assert.deepEqual(issues(scene({ layers: [text(1, { x: 0, y: 1 })] })), []);
    assert.equal(issues(scene({ layers: [text(1, { x: 1.2 })] })).length, 1);
    assert.equal(issues(scene({ layers: [text(1, { y: -0.1 })] })).length, 1);
  });

  it('needs as many slots as the layout has cells, and layer ids once each', () => {
    assert.deepEqual(issues(scene({ layout: 'grid' })), ['slotsDoNotMatchLayout']);
    assert.deepEqual(issues(scene({ layers: [text(1), text(1)] })), ['duplicateLayerId']);
    for (const layout of LAYOUTS) {
      assert.equal(layoutCells(layout.id, { width: 10, height: 20 }).length, layout.slots);
    }
  });
});

describe('stickers', () => {
  it('are found by their Spanish names and words, without caring for accents', () => {
    assert.deepEqual(
      searchStickers('corazon').map((s) => s.id),
      ['corazon', 'corazones'],
    );
    assert.ok(searchStickers('CUMPLEAÑOS').some((s) => s.id === 'tarta'));
    assert.deepEqual(searchStickers('dinosaurio volador'), []);
    assert.equal(searchStickers('  ').length, STICKERS.length);
  });

  it('have unique ids and OpenMoji file names', () => {
    assert.equal(new Set(STICKERS.map((s) => s.id)).size, STICKERS.length);
    assert.equal(new Set(STICKERS.map((s) => s.hex)).size, STICKERS.length);
    for (const s of STICKERS) assert.match(s.hex, /^[0-9A-F]{4,5}(-[0-9A-F]{4,5})*$/);
  });
});
