import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PhoneOutline } from '@shop/case-geometry/outline';
import { CASE_WALL_MM } from '@shop/case-render/case-parts';
import { Box3, type Mesh, Raycaster, Texture, Vector3 } from 'three';
import { buildCase, caseFinish } from './case-model.ts';

/** The demo catalogue's iPhone 15: 71.6 x 147.6 mm, its square camera island at the top left. */
const IPHONE_15: PhoneOutline = {
  widthMm: 71.6,
  heightMm: 147.6,
  cornerRadiusMm: 10.5,
  camera: { xMm: 4, yMm: 4, widthMm: 29, heightMm: 29, cornerRadiusMm: 7, lenses: 2 },
};

describe('caseFinish', () => {
  test('clear types are clear whatever they are made of', () => {
    assert.equal(caseFinish('Silicona', true), 'clear');
    assert.equal(caseFinish(undefined, true), 'clear');
  });
  test('soft materials are matte, shock-proof ones satin, hard ones and the default glossy', () => {
    assert.equal(caseFinish('Silicona', false), 'matte');
    assert.equal(caseFinish('silicona líquida', false), 'matte');
    assert.equal(caseFinish('TPU', false), 'matte');
    assert.equal(caseFinish('Antigolpes', false), 'satin');
    assert.equal(caseFinish('Rígida', false), 'gloss');
    assert.equal(caseFinish('Policarbonato', false), 'gloss');
    assert.equal(caseFinish(undefined, false), 'gloss');
  });
});

describe('buildCase', () => {
  const design = new Texture();
  const model = buildCase(IPHONE_15, { finish: 'gloss', colour: '#24262b', design });
  model.updateMatrixWorld(true);

  /** What a ray straight down onto the case's back meets first, at a point of the outline (mm from its top-left). */
  const hitAt = (xMm: number, yMm: number) => {
    const origin = new Vector3(xMm - IPHONE_15.widthMm / 2, IPHONE_15.heightMm / 2 - yMm, 100);
    const [first] = new Raycaster(origin, new Vector3(0, 0, -1)).intersectObject(model, true);
    return first;
  };

  test('the case is the shell around the phone: the outline grown by the wall on each side', () => {
    const size = new Box3().setFromObject(model).getSize(new Vector3());
    assert.ok(Math.abs(size.x - (IPHONE_15.widthMm + 2 * CASE_WALL_MM)) < 0.01, `width ${size.x}`);
    assert.ok(Math.abs(size.y - (IPHONE_15.heightMm + 2 * CASE_WALL_MM)) < 0.01, `height ${size.y}`);
  });

  test('the back carries the design, mapped over the phone outline as the editor lays it', () => {
    const hit = hitAt(50, 100);
    assert.ok(hit?.uv, 'the back is hit');
    const material = (hit.object as Mesh).material;
    const face = Array.isArray(material) ? (material[0] as { map?: unknown } | undefined) : undefined;
    assert.equal(face?.map, design, 'the printed face has the design');
    assert.ok(Math.abs(hit.uv.x - 50 / IPHONE_15.widthMm) < 1e-4, `u ${hit.uv.x}`);
    assert.ok(Math.abs(hit.uv.y - (1 - 100 / IPHONE_15.heightMm)) < 1e-4, `v ${hit.uv.y}`);
  });

  test('the camera opening is a hole in the back: the phone shows through it', () => {
    // In the gap the case leaves around the island (1 mm): no printed back there, the phone below.
    const hit = hitAt(4 + 29 + 0.5, 20);
    assert.ok(hit, 'something is hit');
    const material = (hit.object as Mesh).material;
    assert.ok(!Array.isArray(material), 'not the printed back');
    assert.notEqual((material as { map?: unknown }).map, design);
    // Just outside the opening (island plus its gap): the back again.
    const beside = hitAt(4 + 29 + 2, 20);
    assert.ok(beside && Array.isArray((beside.object as Mesh).material), 'the back beside the opening');
  });
});
