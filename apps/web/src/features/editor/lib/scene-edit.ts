/**
 * The editor's changes to a scene, as pure `(scene, input) => scene` functions: the history keeps
 * the scenes they return. A slot's photo placement is changed by the one-photo commands of
 * @shop/case-geometry (zoom, move, flip, rotate, fit) on the slot's own EditorState, so every cell
 * keeps the same covering rule the whole case has.
 */
import type { Slot } from '@shop/case-geometry/coverage';
import { type EditorState, keepCovering } from '@shop/case-geometry/editor-state';
import type { PxSize } from '@shop/case-geometry/outline';
import { coverTransform, type DesignTransform } from '@shop/case-geometry/transform';
import { sceneCoverageSlots } from '@shop/case-render/scene';
import {
  type FilterId,
  type Layer,
  type LayoutId,
  layoutInfo,
  MAX_LAYERS,
  type Scene,
  type SceneSlot,
  STICKER_SIZE,
  TEXT_SIZE,
  type TextLayer,
} from '@shop/contracts/scene';

export type EditorCommand = (state: EditorState) => EditorState;

/** The slot's placement as an EditorState (null while it has no photo). `size`: the photo's size. */
export function slotEditorState(
  scene: Scene,
  index: number,
  coverage: Slot,
  size: PxSize,
): EditorState | null {
  const slot = scene.slots[index];
  if (!slot?.photo) return null;
  const state: EditorState = {
    photo: size,
    box: { width: coverage.width, height: coverage.height },
    outline: coverage.outline,
    transform: slot.transform ?? coverTransform(size, coverage),
  };
  return slot.transform ? state : keepCovering(state, state.transform);
}

/**
 * The on-screen coverage rule of each cell. The whole case box for one photo (corner radius 0), as
 * the first editor did: a little stricter than the server's rounded body, never looser.
 */
export const coverageOf = (scene: Scene, box: PxSize): Slot[] => sceneCoverageSlots(scene.layout, box, 0);

const nearlySame = (a: DesignTransform, b: DesignTransform): boolean => {
  const close = (x: number, y: number) => Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(y));
  return (
    close(a.centerX, b.centerX) &&
    close(a.centerY, b.centerY) &&
    close(a.scale, b.scale) &&
    a.quarterTurns === b.quarterTurns &&
    a.flipX === b.flipX
  );
};

/**
 * A scene as the editor opens it: restored placements brought back over their cells, slots not
 * placed yet covering theirs; one that already covers stays exactly as stored (no churn).
 */
export function restorePlacements(
  scene: Scene,
  coverage: readonly Slot[],
  sizeOf: (uri: string) => PxSize | null,
): Scene {
  const slots = scene.slots.map((slot, i) => {
    const size = slot.photo ? sizeOf(slot.photo) : null;
    const cell = coverage[i];
    const state = size && cell ? slotEditorState(scene, i, cell, size) : null;
    if (!state) return slot;
    const covering = keepCovering(state, state.transform).transform;
    return slot.transform && nearlySame(covering, slot.transform) ? slot : { ...slot, transform: covering };
  });
  return { ...scene, slots };
}

const withSlot = (scene: Scene, index: number, change: (slot: SceneSlot) => SceneSlot): Scene => {
  const current = scene.slots[index];
  if (!current) return scene;
  const next = change(current);
  if (next === current) return scene;
  return { ...scene, slots: scene.slots.map((slot, i) => (i === index ? next : slot)) };
};

/** Runs a placement command on one slot. Nothing happens to a slot without a photo. */
export function applyToSlot(
  scene: Scene,
  index: number,
  command: EditorCommand,
  coverage: Slot,
  size: PxSize,
): Scene {
  const state = slotEditorState(scene, index, coverage, size);
  if (!state) return scene;
  const { transform } = command(state);
  return withSlot(scene, index, (slot) =>
    slot.transform && sameTransform(slot.transform, transform) ? slot : { ...slot, transform },
  );
}

const sameTransform = (a: DesignTransform, b: DesignTransform): boolean =>
  a.centerX === b.centerX &&
  a.centerY === b.centerY &&
  a.scale === b.scale &&
  a.quarterTurns === b.quarterTurns &&
  a.flipX === b.flipX;

/** Puts a photo in a slot, covering its cell ('Ajustar'); the slot's filter stays. */
export function placePhoto(scene: Scene, index: number, uri: string, coverage: Slot, size: PxSize): Scene {
  const state: EditorState = {
    photo: size,
    box: { width: coverage.width, height: coverage.height },
    outline: coverage.outline,
    transform: coverTransform(size, coverage),
  };
  const { transform } = keepCovering(state, state.transform);
  return withSlot(scene, index, (slot) => ({ ...slot, photo: uri, transform }));
}

export function setFilter(scene: Scene, index: number, filter: FilterId): Scene {
  return withSlot(scene, index, (slot) => (slot.filter === filter ? slot : { ...slot, filter }));
}

export function setBackground(scene: Scene, background: string): Scene {
  return scene.background === background ? scene : { ...scene, background };
}

/**
 * Another layout: slot i keeps slot i's photo and filter (photos beyond the new count are left out;
 * 'Deshacer' brings them back), placed anew to cover its new cell; new slots start empty.
 */
export function changeLayout(
  scene: Scene,
  layout: LayoutId,
  coverages: readonly Slot[],
  sizeOf: (uri: string) => PxSize | null,
): Scene {
  if (scene.layout === layout) return scene;
  const count = layoutInfo(layout).slots;
  const slots: SceneSlot[] = [];
  for (let i = 0; i < count; i++) {
    const old = scene.slots[i];
    const coverage = coverages[i];
    const size = old?.photo ? sizeOf(old.photo) : null;
    if (old?.photo && size && coverage) {
      const state: EditorState = {
        photo: size,
        box: { width: coverage.width, height: coverage.height },
        outline: coverage.outline,
        transform: coverTransform(size, coverage),
      };
      slots.push({
        photo: old.photo,
        transform: keepCovering(state, state.transform).transform,
        filter: old.filter,
      });
    } else {
      slots.push({ photo: old?.photo ?? null, transform: null, filter: old?.filter ?? 'none' });
    }
  }
  return { ...scene, layout, slots };
}

// ---------------------------------------------------------------------------------------------
// Layers

/** A layer id the scene does not use yet. */
export function newLayerId(scene: Scene): string {
  const used = new Set(scene.layers.map((l) => l.id));
  let n = scene.layers.length + 1;
  while (used.has(`capa-${n}`)) n++;
  return `capa-${n}`;
}

export const canAddLayer = (scene: Scene): boolean => scene.layers.length < MAX_LAYERS;

export function addLayer(scene: Scene, layer: Layer): Scene {
  if (!canAddLayer(scene) || scene.layers.some((l) => l.id === layer.id)) return scene;
  return { ...scene, layers: [...scene.layers, layer] };
}

/** Changes a layer's fields; positions, sizes and turns are brought within what a scene allows. */
export function updateLayer(scene: Scene, id: string, patch: Partial<Layer>): Scene {
  let changed = false;
  const layers = scene.layers.map((layer) => {
    if (layer.id !== id) return layer;
    changed = true;
    return tidyLayer({ ...layer, ...patch, kind: layer.kind, id: layer.id } as Layer);
  });
  return changed ? { ...scene, layers } : scene;
}

export function removeLayer(scene: Scene, id: string): Scene {
  const layers = scene.layers.filter((l) => l.id !== id);
  return layers.length === scene.layers.length ? scene : { ...scene, layers };
}

/** 'Subir' (+1: drawn later, over the next one) and 'Bajar' (-1). */
export function reorderLayer(scene: Scene, id: string, delta: 1 | -1): Scene {
  const from = scene.layers.findIndex((l) => l.id === id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= scene.layers.length) return scene;
  const layers = [...scene.layers];
  const [layer] = layers.splice(from, 1);
  layers.splice(to, 0, layer as Layer);
  return { ...scene, layers };
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** Degrees in (-180, 180], so turning round and round never leaves the allowed range. */
export function normaliseDegrees(degrees: number): number {
  const d = ((((degrees + 180) % 360) + 360) % 360) - 180;
  return d === -180 ? 180 : d;
}

export function tidyLayer<L extends Layer>(layer: L): L {
  const limits = layer.kind === 'text' ? TEXT_SIZE : STICKER_SIZE;
  return {
    ...layer,
    // The anchor stays on the case (the schema's rule): a layer can reach past the edge, never leave it.
    x: clamp(layer.x, 0, 1),
    y: clamp(layer.y, 0, 1),
    size: clamp(layer.size, limits.min, limits.max),
    rotation: normaliseDegrees(layer.rotation),
  };
}

/** One text moved and made smaller into the printable area, or null when it cannot fit at all. */
export type TextFit = (layer: TextLayer) => TextLayer | null;

export interface KeptInside {
  scene: Scene;
  /** A changed text could not fit even at the smallest size: it kept what it was. */
  refused: boolean;
  /** The change touched a text (so a message about texts may be stale). */
  touched: boolean;
}

/**
 * Keeps the texts a change touched inside the printable area (`fit`, see
 * @shop/case-render/text-fit): every change that makes a text move, grow, turn, get longer or
 * another face goes through here after the change itself. A text that cannot fit keeps what it was
 * before the change, and a new one that cannot is not added. Untouched texts are left as they are.
 * With no `previous` (a scene loaded, fonts just arrived) every text is brought inside if it can be.
 */
export function keepTextsInside(next: Scene, previous: Scene | null, fit: TextFit): KeptInside {
  let refused = false;
  let touched = false;
  let changed = false;
  const layers: Layer[] = [];
  for (const layer of next.layers) {
    const before = previous?.layers.find((l) => l.id === layer.id);
    if (layer.kind !== 'text' || before === layer) {
      layers.push(layer);
      continue;
    }
    touched = true;
    const fitted = fit(layer);
    if (fitted) {
      changed ||= fitted !== layer;
      layers.push(fitted);
      continue;
    }
    refused = true;
    if (!previous) layers.push(layer);
    else {
      changed = true;
      if (before) layers.push(before);
    }
  }
  if (!changed) return { scene: next, refused, touched };
  // A change wholly refused is no change: the same scene, so it makes no step to undo.
  const undone =
    previous !== null &&
    layers.length === previous.layers.length &&
    layers.every((layer, i) => layer === previous.layers[i]) &&
    (Object.keys(next) as (keyof Scene)[]).every((key) => key === 'layers' || next[key] === previous[key]);
  return { scene: undone ? previous : { ...next, layers }, refused, touched };
}

/** How far apart new layers are put, diagonally, while the middle of the case is taken. */
const NEW_LAYER_STEP = 0.06;

/**
 * Where a new layer goes: the middle of the case, or a step down and to the right of the layers
 * already put there and not moved yet, so a new text or sticker never hides the one before it.
 */
export function newLayerPosition(scene: Scene): { x: number; y: number } {
  const taken = (x: number, y: number) =>
    scene.layers.some(
      (l) => Math.abs(l.x - x) < NEW_LAYER_STEP / 2 && Math.abs(l.y - y) < NEW_LAYER_STEP / 2,
    );
  for (let k = 0; k < 6; k++) {
    const at = { x: 0.5 + k * NEW_LAYER_STEP, y: 0.5 + k * NEW_LAYER_STEP };
    if (!taken(at.x, at.y)) return at;
  }
  return { x: 0.5, y: 0.5 };
}

/** Moves a layer by fractions of the case's box. */
export function moveLayer(scene: Scene, id: string, dx: number, dy: number): Scene {
  const layer = scene.layers.find((l) => l.id === id);
  return layer ? updateLayer(scene, id, { x: layer.x + dx, y: layer.y + dy }) : scene;
}

/** Grows (factor > 1) or shrinks a layer about its anchor. */
export function resizeLayer(scene: Scene, id: string, factor: number): Scene {
  const layer = scene.layers.find((l) => l.id === id);
  return layer ? updateLayer(scene, id, { size: layer.size * factor }) : scene;
}

export function rotateLayer(scene: Scene, id: string, degrees: number): Scene {
  const layer = scene.layers.find((l) => l.id === id);
  return layer ? updateLayer(scene, id, { rotation: layer.rotation + degrees }) : scene;
}
