// Property tests of the coverage rule over random slots, photos and transforms (seeded, so a
// failure names the seed and case that reproduce it), against a brute-force reference: the
// outline's points taken into the photo's own pixels by the inverse of the shared matrix.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fitToTemplate } from './commands/fit.ts';
import { flipHorizontal } from './commands/flip.ts';
import { move } from './commands/move.ts';
import { rotate90 } from './commands/rotate.ts';
import { zoomBy, zoomIn, zoomOut } from './commands/zoom.ts';
import {
  caseSlot,
  clampCentreToCover,
  clampToCover,
  coverageGap,
  isCovered,
  minCoverScale,
  type Slot,
} from './coverage.ts';
import { type EditorState, initialEditorState, minZoom, zoomOf } from './editor-state.ts';
import type { PxSize } from './outline.ts';
import {
  applyMatrix,
  type DesignTransform,
  invertMatrix,
  type Point,
  photoToOutputMatrix,
} from './transform.ts';

const SEED = Number(process.env.COVERAGE_SEED ?? 20_260_301);
const CASES = 2000;

/** mulberry32: a small seeded generator, so every run checks the same cases. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Case {
  slot: Slot;
  photo: PxSize;
  transform: DesignTransform;
}

function randomCase(rand: () => number): Case {
  const between = (lo: number, hi: number) => lo + (hi - lo) * rand();
  const frame = { width: Math.round(between(200, 900)), height: Math.round(between(300, 1400)) };
  const kind = rand();
  let slot: Slot;
  if (kind < 0.3) slot = { width: frame.width, height: frame.height };
  else if (kind < 0.7) slot = caseSlot(frame, between(0, 0.25) * frame.width);
  else {
    // A convex polygon inside the frame (a layout cell): points on an ellipse, in order.
    const n = 3 + Math.floor(rand() * 6);
    const start = rand() * Math.PI * 2;
    slot = {
      ...frame,
      outline: {
        kind: 'polygon',
        points: Array.from({ length: n }, (_, i) => {
          const angle = start + (i / n) * Math.PI * 2;
          return {
            x: frame.width * (0.5 + 0.45 * Math.cos(angle)),
            y: frame.height * (0.5 + 0.45 * Math.sin(angle)),
          };
        }),
      },
    };
  }
  const photo = { width: Math.round(between(100, 8000)), height: Math.round(between(100, 8000)) };
  const quarterTurns = Math.floor(rand() * 4);
  const fit = minCoverScale(slot, photo, { quarterTurns });
  const transform: DesignTransform = {
    centerX: between(-0.5, 1.5),
    centerY: between(-0.5, 1.5),
    scale: fit * between(0.1, 3),
    quarterTurns,
    flipX: rand() < 0.5,
  };
  return { slot, photo, transform };
}

/** Points along the outline: polygon vertices, or the rounded rectangle's edges and arcs every degree. */
function outlinePoints(slot: Slot): Point[] {
  const outline = slot.outline ?? {
    kind: 'rounded-rect' as const,
    x: 0,
    y: 0,
    width: slot.width,
    height: slot.height,
    radius: 0,
  };
  if (outline.kind === 'polygon') return [...outline.points];
  const { x, y, width, height } = outline;
  const r = Math.min(outline.radius, width / 2, height / 2);
  const centres = [
    { x: x + width - r, y: y + r, from: -90 },
    { x: x + width - r, y: y + height - r, from: 0 },
    { x: x + r, y: y + height - r, from: 90 },
    { x: x + r, y: y + r, from: 180 },
  ];
  const points: Point[] = [];
  for (const c of centres) {
    for (let d = 0; d <= 90; d++) {
      const angle = ((c.from + d) * Math.PI) / 180;
      points.push({ x: c.x + r * Math.cos(angle), y: c.y + r * Math.sin(angle) });
    }
  }
  return points;
}

/** The worst distance (frame units) by which a sampled outline point lies outside the photo. */
function bruteForceGap({ slot, photo, transform }: Case): number {
  const frame = { width: slot.width, height: slot.height };
  const toPhoto = invertMatrix(photoToOutputMatrix(transform, photo, frame));
  const unit = (transform.scale * slot.width) / photo.width; // frame units per photo pixel
  let worst = Number.NEGATIVE_INFINITY;
  for (const p of outlinePoints(slot)) {
    const q = applyMatrix(toPhoto, p);
    const outside = Math.max(-q.x, q.x - photo.width, -q.y, q.y - photo.height);
    worst = Math.max(worst, outside * unit);
  }
  return worst;
}

function forEachCase(body: (c: Case, label: string) => void): void {
  const rand = random(SEED);
  for (let i = 0; i < CASES; i++) {
    const c = randomCase(rand);
    body(c, `seed ${SEED}, case ${i}: ${JSON.stringify(c)}`);
  }
}

const EPS = 1e-7;

describe('coverage over random slots, photos and transforms', () => {
  it('agrees with the brute-force check of the outline points', () => {
    let covered = 0;
    forEachCase((c, label) => {
      const gap = coverageGap(c.slot, c.photo, c.transform);
      const sampled = bruteForceGap(c);
      // Sampled points are on the outline: they never stick out further than the exact worst case,
      // and the exact worst case is at most a degree's sagitta beyond the nearest sample.
      const size = Math.max(c.slot.width, c.slot.height);
      assert.ok(sampled <= gap + EPS * size, `sampled ${sampled} > exact ${gap}; ${label}`);
      assert.ok(gap - sampled <= 2e-4 * size, `exact ${gap} far beyond sampled ${sampled}; ${label}`);
      assert.equal(isCovered(c.slot, c.photo, c.transform), gap <= 1e-9 * size, label);
      if (gap <= 0) covered++;
    });
    // The generator must produce both answers often, or the test proves little.
    assert.ok(covered > CASES * 0.1 && covered < CASES * 0.9, `${covered} of ${CASES} covered`);
  });

  it('clampToCover always gives a covering transform, and leaves a covering one alone', () => {
    forEachCase((c, label) => {
      const clamped = clampToCover(c.slot, c.photo, c.transform);
      assert.ok(isCovered(c.slot, c.photo, clamped), label);
      assert.ok(bruteForceGap({ ...c, transform: clamped }) <= EPS * c.slot.height, label);
      assert.equal(clamped.quarterTurns, c.transform.quarterTurns);
      assert.equal(clamped.flipX, c.transform.flipX);
      if (isCovered(c.slot, c.photo, c.transform)) assert.deepEqual(clamped, c.transform, label);
    });
  });

  it('minCoverScale is the smallest covering scale: a little less covers at no centre', () => {
    forEachCase((c, label) => {
      const min = minCoverScale(c.slot, c.photo, c.transform);
      const at = clampCentreToCover(c.slot, c.photo, { ...c.transform, scale: min });
      assert.ok(isCovered(c.slot, c.photo, at), `at the minimum; ${label}`);
      const below = clampCentreToCover(c.slot, c.photo, { ...c.transform, scale: min * 0.999 });
      assert.ok(coverageGap(c.slot, c.photo, below) > 0, `below the minimum; ${label}`);
    });
  });

  it('clampCentreToCover moves the photo to the nearest covering centre', () => {
    const rand = random(SEED + 1);
    forEachCase((c, label) => {
      const scale = minCoverScale(c.slot, c.photo, c.transform) * (1 + rand());
      const start = { ...c.transform, scale };
      const clamped = clampCentreToCover(c.slot, c.photo, start);
      assert.ok(isCovered(c.slot, c.photo, clamped), label);
      const px = (t: DesignTransform) => ({ x: t.centerX * c.slot.width, y: t.centerY * c.slot.height });
      const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
      const moved = distance(px(start), px(clamped));
      for (let k = 0; k < 20; k++) {
        const other = { ...start, centerX: rand() * 2 - 0.5, centerY: rand() * 2 - 0.5 };
        if (!isCovered(c.slot, c.photo, other)) continue;
        assert.ok(distance(px(start), px(other)) >= moved - 1e-9 * c.slot.height, label);
      }
    });
  });
});

describe('editor commands keep the photo covering the case', () => {
  it('random sequences of drags, zooms, turns, flips and fits never uncover it', () => {
    const rand = random(SEED + 2);
    for (let run = 0; run < 200; run++) {
      const photo = { width: 200 + Math.round(rand() * 7800), height: 200 + Math.round(rand() * 7800) };
      const box = { width: 300 + Math.round(rand() * 600), height: 600 + Math.round(rand() * 800) };
      let state: EditorState = initialEditorState(photo, box);
      const view = { width: box.width * (0.2 + rand()), height: box.height * (0.2 + rand()) };
      const steps: string[] = [];
      for (let step = 0; step < 40; step++) {
        const pick = rand();
        const anchor = { x: rand() * 1.4 - 0.2, y: rand() * 1.4 - 0.2 };
        if (pick < 0.35) {
          const dx = (rand() - 0.5) * 4 * view.width;
          const dy = (rand() - 0.5) * 4 * view.height;
          steps.push(`move ${dx} ${dy}`);
          state = move(state, { dx, dy, view });
        } else if (pick < 0.5) {
          steps.push('zoom out');
          state = zoomOut(state, rand() < 0.5 ? { anchor } : {});
        } else if (pick < 0.6) {
          steps.push('zoom in');
          state = zoomIn(state, { anchor });
        } else if (pick < 0.75) {
          const factor = Math.exp((rand() - 0.6) * 4);
          steps.push(`zoom by ${factor}`);
          state = zoomBy(state, { factor, anchor });
        } else if (pick < 0.88) {
          steps.push('rotate');
          state = rotate90(state);
        } else if (pick < 0.96) {
          steps.push('flip');
          state = flipHorizontal(state);
        } else {
          steps.push('fit');
          state = fitToTemplate(state);
        }
        const slot = { width: box.width, height: box.height };
        assert.ok(
          isCovered(slot, photo, state.transform),
          `run ${run} (seed ${SEED + 2}) after ${steps.join(', ')}: gap ${coverageGap(slot, photo, state.transform)}`,
        );
        assert.ok(zoomOf(state) >= 1 - 1e-9, `zoom ${zoomOf(state)} after ${steps.join(', ')}`);
      }
    }
  });

  it('zooming out to the minimum of 10 % stops at the covering size (zoom 1)', () => {
    const state = initialEditorState({ width: 4000, height: 3000 }, { width: 573, height: 1181 });
    assert.equal(minZoom(state), 1);
    assert.equal(zoomOf(zoomBy(state, { factor: 0.1 })), 1);
    let s = state;
    for (let i = 0; i < 12; i++) s = zoomOut(s);
    assert.equal(zoomOf(s), 1);
    assert.ok(isCovered({ width: 573, height: 1181 }, state.photo, s.transform));
  });

  it('a drag far past the edge stops with the photo edge on the case edge', () => {
    const photo = { width: 3000, height: 4000 };
    const box = { width: 600, height: 1200 };
    // Zoomed to 1.5: the photo is 1.5 x 600 = 900 wide, 1200 tall (fit on height) x 1.5 = 1800.
    const state = zoomBy(initialEditorState(photo, box), { factor: 1.5 });
    const moved = move(state, { dx: 5000, dy: -5000, view: box });
    const width = moved.transform.scale * box.width;
    const height = (width * photo.height) / photo.width;
    // Its left edge on the case's left edge, its bottom edge on the case's bottom edge.
    assert.ok(Math.abs(moved.transform.centerX * box.width - width / 2) < 1e-9);
    assert.ok(Math.abs(moved.transform.centerY * box.height + height / 2 - box.height) < 1e-9);
  });

  it('a rounded outline inside the box is covered by the box rule and refused when uncovered', () => {
    const slot = caseSlot({ width: 600, height: 1200 }, 60);
    const photo = { width: 600, height: 1200 };
    const fitting: DesignTransform = { centerX: 0.5, centerY: 0.5, scale: 1, quarterTurns: 0, flipX: false };
    assert.ok(isCovered(slot, photo, fitting));
    // Shifted right by 10 px: the left straight edge of the body is uncovered.
    assert.ok(!isCovered(slot, photo, { ...fitting, centerX: 0.5 + 10 / 600 }));
    assert.ok(Math.abs(coverageGap(slot, photo, { ...fitting, centerX: 0.5 + 10 / 600 }) - 10) < 1e-9);
  });
});
