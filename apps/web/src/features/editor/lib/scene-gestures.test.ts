// What pointers, the wheel and keys on the stage do to the design, fed as points (no browser): a
// drag is one step to undo, a pinch zooms the photo or sizes and turns a layer, a tap on the chosen
// text opens its field, the wheel zooms the cell under it, Tab goes through the layers and lets go.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { layerBounds, type SceneContext } from '@shop/case-render/scene';
import { fitTextInside, textFrame } from '@shop/case-render/text-fit';
import { emptyScene, type Layer, TEXT_SIZE } from '@shop/contracts/scene';
import { resizeHandle } from './draw.ts';
import { SceneEditor } from './scene-editor.ts';
import { cellOnStage, KEY_STEP, SceneGestures, TAP_SLOP } from './scene-gestures.ts';
import { stageLayout } from './stage-layout.ts';

const box = { width: 600, height: 1200 };
const photos: Record<string, { width: number; height: number }> = {
  '/api/images/a': { width: 1600, height: 1200 },
  '/api/images/b': { width: 1200, height: 1600 },
};
const ctx = createCanvas(10, 10).getContext('2d') as unknown as SceneContext;
const frame = textFrame(null, box);
const layout = stageLayout({ width: 400, height: 700 }, 1, box);
const boundsOf = (layer: Layer) => layerBounds(ctx, layer, layout.box);

function setUp() {
  const editor = new SceneEditor({
    scene: emptyScene(1, '/api/images/a'),
    box,
    sizeOf: (uri) => photos[uri] ?? null,
    fitText: (layer) => fitTextInside(ctx, layer, frame),
  });
  const opened: string[] = [];
  const gestures = new SceneGestures(editor, { layout: () => layout, boundsOf }, (id) => opened.push(id));
  return { editor, gestures, opened };
}

const centreOf = (editor: SceneEditor, id: string) => {
  const b = boundsOf(editor.live.layers.find((l) => l.id === id)!);
  return { x: b.cx, y: b.cy };
};
const steps = (editor: SceneEditor) => editor.getSnapshot().history.past.length;
/** A point in the case away from the middle, where new layers go. */
const corner = { x: layout.box.x + layout.box.width * 0.2, y: layout.box.y + layout.box.height * 0.2 };

describe('gestures on the stage', () => {
  test('a drag on the photo moves it, and the whole drag is one step to undo', () => {
    const { editor, gestures } = setUp();
    const before = editor.live.slots[0]!.transform!;
    gestures.down(1, corner, false);
    for (let i = 1; i <= 10; i++) gestures.move(1, { x: corner.x + i * 3, y: corner.y });
    gestures.up(1);
    const after = editor.live.slots[0]!.transform!;
    assert.notEqual(after.centerX, before.centerX);
    assert.equal(steps(editor), 1);
    editor.undo();
    assert.deepEqual(editor.live.slots[0]!.transform, before);
  });

  test('two fingers on the photo zoom it about their midpoint', () => {
    const { editor, gestures } = setUp();
    const before = editor.live.slots[0]!.transform!;
    const a = { x: corner.x, y: corner.y + 100 };
    const b = { x: corner.x + 100, y: corner.y + 100 };
    gestures.down(1, a, true);
    gestures.down(2, b, true);
    gestures.move(2, { x: b.x + 100, y: b.y });
    gestures.up(2);
    gestures.up(1);
    assert.ok(editor.live.slots[0]!.transform!.scale > before.scale);
    assert.equal(steps(editor), 1);
  });

  test('a sticker is dragged, pinched and turned by two fingers, then dragged on by the one left: one step', () => {
    const { editor, gestures } = setUp();
    editor.addSticker('corazon');
    const id = editor.selection.layer!;
    editor.select({ slot: 0, layer: null });
    const start = steps(editor);
    const sticker = () => editor.live.layers[0]!;
    const before = sticker();
    const centre = centreOf(editor, id);

    gestures.down(1, centre, true);
    assert.equal(editor.selection.layer, id);
    gestures.move(1, { x: centre.x + 20, y: centre.y });
    assert.ok(sticker().x > before.x);
    const second = { x: centre.x + 80, y: centre.y };
    gestures.down(2, second, true);
    // Farther apart and a quarter turn: twice the size, 90 degrees more.
    gestures.move(2, { x: centre.x + 20, y: centre.y + 120 });
    assert.ok(sticker().size > before.size * 1.9, `size ${sticker().size}`);
    assert.ok(Math.abs(sticker().rotation - 90) < 1, `rotation ${sticker().rotation}`);
    gestures.up(2);
    const x = sticker().x;
    gestures.move(1, { x: centre.x + 40, y: centre.y });
    assert.ok(sticker().x > x);
    gestures.up(1);
    assert.equal(steps(editor), start + 1);
  });

  test('the corner handle of the chosen layer resizes it', () => {
    const { editor, gestures } = setUp();
    editor.addSticker('corazon');
    const layer = editor.live.layers[0]!;
    const handle = resizeHandle(boundsOf(layer));
    const centre = centreOf(editor, layer.id);
    gestures.down(1, handle, false);
    gestures.move(1, {
      x: centre.x + (handle.x - centre.x) * 1.5,
      y: centre.y + (handle.y - centre.y) * 1.5,
    });
    gestures.up(1);
    assert.ok(Math.abs(editor.live.layers[0]!.size - layer.size * 1.5) < 0.01);
    assert.equal(editor.live.layers[0]!.x, layer.x);
  });

  test('a tap on the chosen text opens its field; a drag, a mouse press or a cancelled touch does not', () => {
    const { editor, gestures, opened } = setUp();
    editor.addText({
      text: 'Hola',
      font: 'montserrat',
      size: TEXT_SIZE.initial,
      colour: '#111111',
      align: 'center',
    });
    const id = editor.selection.layer!;
    const at = centreOf(editor, id);

    gestures.down(1, at, true);
    gestures.move(1, { x: at.x + TAP_SLOP + 5, y: at.y });
    gestures.up(1);
    gestures.down(1, centreOf(editor, id), false);
    gestures.up(1);
    gestures.down(1, centreOf(editor, id), true);
    gestures.up(1, true);
    assert.deepEqual(opened, []);

    gestures.down(1, centreOf(editor, id), true);
    gestures.up(1);
    assert.deepEqual(opened, [id]);
    gestures.doubleClick(centreOf(editor, id));
    assert.deepEqual(opened, [id, id]);
  });

  test('the wheel zooms the cell under it and chooses it', () => {
    const { editor, gestures } = setUp();
    editor.setLayout('grid');
    editor.putPhoto('/api/images/b', 3);
    editor.select({ slot: 0, layer: null });
    const cell = cellOnStage(layout, editor.live, 3)!;
    const before = editor.live.slots[3]!.transform!;
    gestures.wheel({ x: cell.x + cell.width / 2, y: cell.y + cell.height / 2 }, -100);
    assert.equal(editor.selection.slot, 3);
    assert.ok(editor.live.slots[3]!.transform!.scale > before.scale);
  });

  test('keys: Tab goes through the layers and then lets go; arrows, +, ], Delete and Escape act on the chosen one', () => {
    const { editor, gestures } = setUp();
    editor.addSticker('corazon');
    editor.addSticker('estrella');
    editor.select({ slot: 0, layer: null });
    const [first, second] = editor.live.layers.map((l) => l.id) as [string, string];
    assert.equal(gestures.key('Tab', false), true);
    assert.equal(editor.selection.layer, first);
    assert.equal(gestures.key('Tab', false), true);
    assert.equal(editor.selection.layer, second);
    assert.equal(gestures.key('Tab', false), false);
    assert.equal(editor.selection.layer, null);
    assert.equal(gestures.key('Tab', true), false);

    editor.select({ slot: 0, layer: first });
    const layer = () => editor.live.layers.find((l) => l.id === first)!;
    const x = layer().x;
    assert.equal(gestures.key('ArrowRight', false), true);
    assert.ok(Math.abs(layer().x - (x + KEY_STEP)) < 1e-9);
    const size = layer().size;
    gestures.key('+', false);
    assert.ok(layer().size > size);
    gestures.key(']', true);
    assert.equal(layer().rotation, 45);
    gestures.key('Escape', false);
    assert.equal(editor.selection.layer, null);
    editor.select({ slot: 0, layer: first });
    gestures.key('Delete', false);
    assert.deepEqual(
      editor.live.layers.map((l) => l.id),
      [second],
    );
    assert.equal(editor.selection.layer, null);

    const photo = editor.live.slots[0]!.transform!;
    assert.equal(gestures.key('+', false), true);
    assert.ok(editor.live.slots[0]!.transform!.scale > photo.scale);
    assert.equal(gestures.key('q', false), false);
  });
});
