import assert from 'node:assert/strict';
import { test } from 'node:test';
import { zoomIn } from '@shop/case-geometry/commands/zoom';
import { caseSlot } from '@shop/case-geometry/coverage';
import { coverTransform } from '@shop/case-geometry/transform';
import { emptyScene, layoutCells, type Scene, STICKER_SIZE, type TextLayer } from '@shop/contracts/scene';
import {
  addLayer,
  applyToSlot,
  changeLayout,
  keepTextsInside,
  moveLayer,
  newLayerId,
  newLayerPosition,
  normaliseDegrees,
  placePhoto,
  reorderLayer,
  resizeLayer,
  rotateLayer,
  type TextFit,
  updateLayer,
} from './scene-edit.ts';

const box = { width: 600, height: 1200 };
const photo = { width: 1600, height: 1200 };
const sticker = (id: string, x = 0.5) =>
  ({ kind: 'sticker', id, sticker: 'corazon', size: 0.3, rotation: 0, x, y: 0.5 }) as const;

test('a command changes only its slot, and an empty slot not at all', () => {
  const one = placePhoto(emptyScene(1, null), 0, '/api/images/a', caseSlot(box), photo);
  assert.deepEqual(one.slots[0]?.transform, coverTransform(photo, box));
  const zoomed = applyToSlot(one, 0, zoomIn, caseSlot(box), photo);
  assert.ok((zoomed.slots[0]?.transform?.scale ?? 0) > (one.slots[0]?.transform?.scale ?? 0));
  const empty = emptyScene(1, null);
  assert.equal(applyToSlot(empty, 0, zoomIn, caseSlot(box), photo), empty);
});

test('another layout keeps the photos in order, covering their new cells, and leaves new slots empty', () => {
  const one = placePhoto(emptyScene(1, null), 0, '/api/images/a', caseSlot(box), photo);
  const cells = layoutCells('grid', box).map((c) => ({ width: c.width, height: c.height }));
  const grid = changeLayout(one, 'grid', cells, () => photo);
  assert.equal(grid.slots.length, 4);
  assert.equal(grid.slots[0]?.photo, '/api/images/a');
  assert.deepEqual(grid.slots[0]?.transform, coverTransform(photo, cells[0]!));
  assert.deepEqual(
    grid.slots.slice(1).map((s) => s.photo),
    [null, null, null],
  );
  assert.equal(
    changeLayout(grid, 'grid', cells, () => photo),
    grid,
    'the same layout changes nothing',
  );
});

test('layers are added with fresh ids, moved, resized and turned within bounds, and reordered', () => {
  let scene: Scene = emptyScene(1, null);
  scene = addLayer(scene, sticker(newLayerId(scene)));
  scene = addLayer(scene, sticker(newLayerId(scene), 0.2));
  assert.deepEqual(
    scene.layers.map((l) => l.id),
    ['capa-1', 'capa-2'],
  );
  scene = moveLayer(scene, 'capa-1', 5, -5);
  assert.deepEqual([scene.layers[0]?.x, scene.layers[0]?.y], [1, 0], 'the anchor stays on the case');
  scene = resizeLayer(scene, 'capa-1', 100);
  assert.equal(scene.layers[0]?.size, STICKER_SIZE.max);
  scene = rotateLayer(scene, 'capa-1', 190);
  assert.equal(scene.layers[0]?.rotation, -170);
  scene = reorderLayer(scene, 'capa-1', 1);
  assert.deepEqual(
    scene.layers.map((l) => l.id),
    ['capa-2', 'capa-1'],
  );
  assert.equal(reorderLayer(scene, 'capa-1', 1), scene, 'the top layer cannot go higher');
});

test('turns stay within (-180, 180]', () => {
  assert.equal(normaliseDegrees(180), 180);
  assert.equal(normaliseDegrees(-180), 180);
  assert.equal(normaliseDegrees(370), 10);
  assert.equal(normaliseDegrees(-350), 10);
});

test('a new layer never lands on one that has not been moved yet', () => {
  let scene: Scene = emptyScene(1, null);
  const place = () => {
    const at = newLayerPosition(scene);
    scene = addLayer(scene, { ...sticker(newLayerId(scene)), ...at });
    return [at.x, at.y].map((v) => Number(v.toFixed(2)));
  };
  assert.deepEqual(place(), [0.5, 0.5]);
  assert.deepEqual(place(), [0.56, 0.56]);
  assert.deepEqual(place(), [0.62, 0.62]);
  scene = moveLayer(scene, 'capa-1', -0.3, 0);
  assert.deepEqual(place(), [0.5, 0.5], 'the middle is free again once the first was moved');
});

const words = (id: string, text: string, x = 0.5): TextLayer => ({
  kind: 'text',
  id,
  text,
  font: 'montserrat',
  size: 0.12,
  colour: '#111111',
  align: 'center',
  rotation: 0,
  x,
  y: 0.5,
});

/** A stand-in for the printable area: x within [0.1, 0.9]; a text saying 'no cabe' fits nowhere. */
const fit: TextFit = (layer) =>
  layer.text === 'no cabe'
    ? null
    : layer.x > 0.9
      ? { ...layer, x: 0.9 }
      : layer.x < 0.1
        ? { ...layer, x: 0.1 }
        : layer;

test('a change that takes a text past the area brings it back; untouched layers stay as they are', () => {
  const base: Scene = {
    ...emptyScene(1, null),
    layers: [words('t1', 'Hola'), words('t2', 'viejo', 0.99), sticker('s1', 0.99)],
  };
  const moved = moveLayer(base, 't1', 0.8, 0);
  const kept = keepTextsInside(moved, base, fit);
  assert.equal(kept.scene.layers[0]?.x, 0.9);
  assert.equal(kept.scene.layers[1], base.layers[1], 'a text the change did not touch is left alone');
  assert.equal(kept.scene.layers[2], base.layers[2], 'stickers may reach past the edge');
  assert.deepEqual([kept.refused, kept.touched], [false, true]);
  const sameScene = keepTextsInside(base, base, fit);
  assert.equal(sameScene.scene, base);
  assert.equal(sameScene.touched, false);
});

test('a text that cannot fit keeps what it was, and a new one is not added', () => {
  const base: Scene = { ...emptyScene(1, null), layers: [words('t1', 'Hola')] };
  const typed = updateLayer(base, 't1', { text: 'no cabe' });
  const kept = keepTextsInside(typed, base, fit);
  assert.equal(kept.scene, base, 'a change wholly refused is no change at all');
  assert.equal(kept.refused, true);
  const added = addLayer(base, words('t2', 'no cabe'));
  assert.deepEqual(
    keepTextsInside(added, base, fit).scene.layers.map((l) => l.id),
    ['t1'],
  );
});

test('a scene opened is brought inside as far as it can be', () => {
  const old: Scene = {
    ...emptyScene(1, null),
    layers: [words('t1', 'Hola', 0.02), words('t2', 'no cabe', 0.5)],
  };
  const kept = keepTextsInside(old, null, fit);
  assert.equal(kept.scene.layers[0]?.x, 0.1);
  assert.equal(kept.scene.layers[1], old.layers[1], 'one that cannot fit stays for the customer to change');
  assert.equal(kept.refused, true);
});
