// The design editor's controller driven as the screen drives it, without a browser: gestures as
// one step of the history, the selection following undo and layouts, texts kept inside the
// printable area (measured on Skia, as the server measures them), typing bursts and typing on the
// case, the fit on load, and the layer limit.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setTimeout as wait } from 'node:timers/promises';
import { createCanvas } from '@napi-rs/canvas';
import { zoomIn } from '@shop/case-geometry/commands/zoom';
import { caseSlot } from '@shop/case-geometry/coverage';
import { coverTransform } from '@shop/case-geometry/transform';
import type { SceneContext } from '@shop/case-render/scene';
import { fitTextInside, textFrame } from '@shop/case-render/text-fit';
import { messages } from '@shop/contracts/messages';
import { emptyScene, MAX_LAYERS, type Scene, TEXT_SIZE } from '@shop/contracts/scene';
import { moveLayer } from './scene-edit.ts';
import { SceneEditor, type TextFields } from './scene-editor.ts';

const box = { width: 600, height: 1200 };
const photos: Record<string, { width: number; height: number }> = {
  '/api/images/a': { width: 1600, height: 1200 },
  '/api/images/b': { width: 1200, height: 1600 },
};
const frame = textFrame(null, box);
const ctx = createCanvas(10, 10).getContext('2d') as unknown as SceneContext;
const TEXT: TextFields = {
  text: 'Hola',
  font: 'montserrat',
  size: TEXT_SIZE.initial,
  colour: '#111111',
  align: 'center',
};

function editorWith(scene: Scene = emptyScene(1, '/api/images/a')) {
  const editor = new SceneEditor({
    scene,
    box,
    sizeOf: (uri) => photos[uri] ?? null,
    fitText: (layer) => fitTextInside(ctx, layer, frame),
  });
  const seen = { renders: 0, paints: 0 };
  editor.subscribe(() => seen.renders++);
  editor.onDraw(() => seen.paints++);
  return { editor, seen };
}

const steps = (editor: SceneEditor) => editor.getSnapshot().history.past.length;

describe('the scene editor', () => {
  test('a restored placement that does not cover is brought over the case; one that covers is kept as stored', () => {
    const covering = coverTransform(photos['/api/images/a']!, caseSlot(box));
    const kept = emptyScene(1, '/api/images/a');
    kept.slots[0] = { ...kept.slots[0]!, transform: covering };
    assert.equal(editorWith(kept).editor.live.slots[0], kept.slots[0]);

    const small = emptyScene(1, '/api/images/a');
    small.slots[0] = { ...small.slots[0]!, transform: { ...covering, scale: covering.scale / 3 } };
    const restored = editorWith(small).editor.live.slots[0]!.transform!;
    assert.ok(restored.scale >= covering.scale - 1e-9, `${restored.scale} < ${covering.scale}`);
    assert.equal(editorWith(small).editor.canUndo, false);
  });

  test('the steps of a gesture repaint without a render, and the whole gesture is one step to undo', () => {
    const { editor, seen } = editorWith();
    editor.addSticker('corazon');
    const id = editor.selection.layer!;
    const before = editor.live;
    const renders = seen.renders;
    const paints = seen.paints;
    for (let i = 0; i < 10; i++) editor.update((s) => moveLayer(s, id, 0.01, 0), { commit: false });
    assert.equal(seen.renders, renders);
    assert.equal(seen.paints, paints + 10);
    assert.equal(steps(editor), 1);
    editor.commit();
    assert.equal(steps(editor), 2);
    const moved = editor.live.layers[0]!;
    assert.ok(Math.abs(moved.x - (before.layers[0]!.x + 0.1)) < 1e-9);

    editor.undo();
    assert.equal(editor.live, before);
    assert.equal(editor.getSnapshot().history.present, before);
    editor.redo();
    assert.equal(editor.live.layers[0]!.x, moved.x);
  });

  test('the selection follows the scene: a layer undone away, a slot beyond a smaller layout', () => {
    const { editor } = editorWith();
    editor.addSticker('corazon');
    assert.equal(editor.selection.layer, 'capa-1');
    editor.undo();
    assert.deepEqual(editor.selection, { slot: 0, layer: null });
    assert.deepEqual(editor.getSnapshot().selection, { slot: 0, layer: null });

    editor.setLayout('grid');
    assert.equal(editor.live.slots.length, 4);
    assert.equal(editor.putPhoto('/api/images/b', 3), true);
    assert.deepEqual(editor.selection, { slot: 3, layer: null });
    editor.undo();
    editor.undo();
    assert.equal(editor.live.layout, 'one');
    assert.deepEqual(editor.selection, { slot: 0, layer: null });
    assert.equal(editor.putPhoto('/api/images/desconocida', 0), false);
  });

  test('the toolbar acts on the selected photo only', () => {
    const { editor } = editorWith();
    editor.setLayout('grid');
    editor.putPhoto('/api/images/b', 2);
    const first = editor.live.slots[0]!.transform!;
    const third = editor.live.slots[2]!.transform!;
    editor.onSelectedSlot(zoomIn);
    assert.equal(editor.live.slots[0]!.transform, first);
    assert.ok(editor.live.slots[2]!.transform!.scale > third.scale);
  });

  test('a text pushed past the edge is kept inside; one that cannot fit is refused with a notice, and no step', () => {
    const { editor } = editorWith();
    assert.equal(editor.addText(TEXT), true);
    const id = editor.selection.layer!;
    editor.update((s) => moveLayer(s, id, 0.49, 0));
    const text = editor.live.layers[0]!;
    assert.ok(text.x < 0.99, `the text's anchor stayed at ${text.x}`);
    assert.equal(editor.getSnapshot().notice, null);

    // Too wide at the largest size: made smaller until it fits, one step.
    editor.editSelectedText({ text: 'M'.repeat(10), size: TEXT_SIZE.max }, 0);
    const shrunk = editor.live.layers[0]!;
    assert.equal(shrunk.kind === 'text' && shrunk.text, 'M'.repeat(10));
    assert.ok(shrunk.size < TEXT_SIZE.max, `size ${shrunk.size}`);
    // Too wide even at the smallest size: refused, the text stays as it was, no step, a notice.
    const before = steps(editor);
    const live = editor.live;
    editor.editSelectedText({ text: 'M'.repeat(40) }, 5000);
    assert.equal(editor.live, live);
    assert.equal(steps(editor), before);
    assert.equal(editor.getSnapshot().notice, messages.textDoesNotFit);
  });

  test('a burst of typing in the panel is one step to undo; a pause starts another', () => {
    const { editor } = editorWith();
    editor.addText(TEXT);
    const start = steps(editor);
    editor.editSelectedText({ text: 'H' }, 1000);
    editor.editSelectedText({ text: 'Ho' }, 1500);
    editor.editSelectedText({ text: 'Hol' }, 2200);
    assert.equal(steps(editor), start + 1);
    editor.editSelectedText({ text: 'Hola' }, 4000);
    assert.equal(steps(editor), start + 2);
    editor.undo();
    assert.equal(editor.live.layers[0]!.kind === 'text' && editor.live.layers[0]!.text, 'Hol');
    editor.undo();
    assert.equal(editor.live.layers[0]!.kind === 'text' && editor.live.layers[0]!.text, 'Hola');
  });

  test('typing on the case is one step; Escape, or a field left empty, leaves nothing of it', () => {
    const { editor } = editorWith();
    editor.addText(TEXT);
    const id = editor.selection.layer!;
    const before = editor.getSnapshot().history;
    assert.equal(editor.startTyping(id), true);
    assert.deepEqual(editor.getSnapshot().editing, { id, value: 'Hola' });
    editor.type('Hola A');
    editor.type('Hola Ana');
    assert.equal(steps(editor), before.past.length + 1);
    editor.stopTyping('keep');
    assert.equal(editor.getSnapshot().editing, null);
    assert.equal(editor.live.layers[0]!.kind === 'text' && editor.live.layers[0]!.text, 'Hola Ana');

    const kept = editor.getSnapshot().history;
    editor.startTyping(id);
    editor.type('Adiós');
    editor.stopTyping('cancel');
    assert.equal(editor.getSnapshot().history, kept);
    assert.equal(editor.canRedo, false);

    editor.startTyping(id);
    editor.type('');
    assert.equal(editor.getSnapshot().notice, messages.textEmpty);
    editor.stopTyping('keep');
    assert.equal(editor.getSnapshot().history, kept);
    assert.equal(editor.getSnapshot().notice, messages.textEmptyRestored);

    assert.equal(editor.startTyping('no-such-layer'), false);
    editor.addSticker('corazon');
    assert.equal(editor.startTyping(editor.selection.layer!), false);
  });

  test('a text taken away while it is typed on closes its field', () => {
    const { editor } = editorWith();
    editor.addText(TEXT);
    const id = editor.selection.layer!;
    editor.startTyping(id);
    editor.removeLayer(id);
    assert.equal(editor.getSnapshot().editing, null);
    assert.equal(editor.live.layers.length, 0);
  });

  test('the fit on load is the editor’s own doing, and the customer’s first move cancels it', async () => {
    const zoomed = emptyScene(1, '/api/images/a');
    const { editor } = editorWith(zoomed);
    editor.onSelectedSlot(zoomIn);
    const { editor: fitted } = editorWith(editor.live);
    fitted.fitOnLoad(1);
    await wait(20);
    assert.equal(fitted.canUndo, false);
    assert.notDeepEqual(fitted.live.slots[0]!.transform, editor.live.slots[0]!.transform);

    const { editor: moved } = editorWith(editor.live);
    moved.fitOnLoad(1);
    moved.onSelectedSlot(zoomIn);
    const after = moved.live;
    await wait(20);
    assert.equal(moved.live, after);
  });

  test('fonts arriving bring a stored text inside, with no step to undo', () => {
    const outside = emptyScene(1, '/api/images/a');
    outside.layers = [
      { kind: 'text', id: 'capa-1', ...TEXT, size: TEXT_SIZE.max, rotation: 0, x: 1, y: 0.5 },
    ];
    const { editor } = editorWith(outside);
    const scene = editor.getSnapshot().history.present;
    editor.fontsLoaded(scene);
    assert.notEqual(editor.live, scene);
    assert.ok(editor.live.layers[0]!.x < 1);
    assert.equal(editor.canUndo, false);
    // A scene already changed again is left to the next load.
    editor.addSticker('corazon');
    const now = editor.live;
    editor.fontsLoaded(scene);
    assert.equal(editor.live, now);
  });

  test('no more layers than a case may have', () => {
    const { editor } = editorWith();
    for (let i = 0; i < MAX_LAYERS; i++) assert.equal(editor.addSticker('estrella'), true);
    assert.equal(editor.addSticker('estrella'), false);
    assert.equal(editor.addText(TEXT), false);
    assert.equal(editor.live.layers.length, MAX_LAYERS);
  });
});
