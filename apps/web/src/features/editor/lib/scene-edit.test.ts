import assert from 'node:assert/strict';
import { test } from 'node:test';
import { zoomIn } from '@shop/case-geometry/commands/zoom';
import { caseSlot } from '@shop/case-geometry/coverage';
import { coverTransform } from '@shop/case-geometry/transform';
import { emptyScene, layoutCells, type Scene, STICKER_SIZE } from '@shop/contracts/scene';
import {
  addLayer,
  applyToSlot,
  changeLayout,
  moveLayer,
  newLayerId,
  newLayerPosition,
  normaliseDegrees,
  placePhoto,
  reorderLayer,
  resizeLayer,
  rotateLayer,
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
