/**
 * What mouse, touch, pen, wheel and keys on the stage mean for the design, in plain TypeScript:
 * points come in (CSS pixels on the stage), SceneEditor commands go out. On a text or sticker: one
 * pointer drags it, its corner handle resizes it, two fingers pinch (size) and twist (turn) it.
 * Elsewhere the press selects the cell under it; one pointer drags its photo, two pinch (zoom about
 * the fingers' midpoint, and pan with it); the wheel zooms the cell under the cursor. Keys: Tab and
 * Shift+Tab go through the layers, arrows move, + and − zoom (or resize the layer), [ and ] turn
 * the layer, Delete removes it, Escape goes back to the photo. A text is typed on in place after a
 * double click, a tap on it once it is selected (a finger has no double click to spare: the first
 * tap selects), or Enter. A whole gesture is one step of the history. hooks/use-scene-gestures.ts
 * feeds it the DOM's events; the unit tests feed it points.
 */
import { move } from '@shop/case-geometry/commands/move';
import { zoomBy, zoomIn, zoomOut } from '@shop/case-geometry/commands/zoom';
import { type Point, type Rect, toBoxFraction } from '@shop/case-geometry/transform';
import { boundsContain, type LayerBounds } from '@shop/case-render/scene';
import { type Layer, layoutCells, type Scene } from '@shop/contracts/scene';
import { HANDLE_RADIUS, resizeHandle } from './draw';
import { moveLayer, resizeLayer, rotateLayer, updateLayer } from './scene-edit';
import type { SceneEditor } from './scene-editor';
import type { StageLayout } from './stage-layout';

/** Wheel: one notch (100 px of delta) zooms by about 22 %. */
export const WHEEL_SENSITIVITY = 0.002;
/** Arrow keys move by this fraction of the case (Shift: the larger one). */
export const KEY_STEP = 0.01;
export const KEY_STEP_LARGE = 0.1;
/** + and − grow or shrink a layer by this factor; [ and ] turn it by these degrees (Shift: more). */
export const LAYER_SCALE_STEP = 1.1;
export const LAYER_TURN_STEP = 5;
export const LAYER_TURN_STEP_LARGE = 45;
/** A touch that wanders less than this (CSS px) between down and up is a tap, not a drag. */
export const TAP_SLOP = 10;

const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);
const angle = (a: Point, b: Point): number => (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;

/** A cell of the scene's layout on the stage, in CSS pixels. */
export function cellOnStage(layout: StageLayout, scene: Scene, index: number): Rect | null {
  const cell = layoutCells(scene.layout, layout.box)[index];
  return cell ? { ...cell, x: layout.box.x + cell.x, y: layout.box.y + cell.y } : null;
}

/** The slot whose cell holds a stage point (CSS px), or null outside the case. */
export function slotAt(layout: StageLayout, scene: Scene, point: Point): number | null {
  const cells = layoutCells(scene.layout, layout.box);
  const index = cells.findIndex(
    (c) =>
      point.x >= layout.box.x + c.x &&
      point.x <= layout.box.x + c.x + c.width &&
      point.y >= layout.box.y + c.y &&
      point.y <= layout.box.y + c.y + c.height,
  );
  return index < 0 ? null : index;
}

/** What the gestures need of the stage: its geometry, and where a layer is drawn on it. */
export interface GestureStage {
  layout: () => StageLayout | null;
  boundsOf: (layer: Layer) => LayerBounds | null;
}

type Gesture =
  | { kind: 'slot'; slot: number }
  | { kind: 'layer'; id: string }
  | { kind: 'resize'; id: string; centre: Point; startGap: number; startSize: number }
  | {
      kind: 'pinch-layer';
      id: string;
      startGap: number;
      startAngle: number;
      startSize: number;
      startRotation: number;
    };

export class SceneGestures {
  readonly #pointers = new Map<number, Point>();
  #gesture: Gesture | null = null;
  #moved = false;
  /** A finger's press on the text that was already selected: a tap there opens its field. */
  #tap: { id: string; at: Point; travel: number } | null = null;

  /** `editText`: opens the field over a text (absent while texts cannot be edited). */
  constructor(
    private readonly editor: SceneEditor,
    private readonly stage: GestureStage,
    private readonly editText?: (id: string) => void,
  ) {}

  /** A pointer goes down. `finger`: touch or pen (a tap on a selected text opens its field). */
  down(pointer: number, point: Point, finger: boolean): void {
    this.#pointers.set(pointer, point);
    if (this.#pointers.size === 1) {
      this.#moved = false;
      const selectedBefore = this.editor.selection.layer;
      const gesture = this.#start(point);
      this.#gesture = gesture;
      this.#tap =
        finger && gesture?.kind === 'layer' && gesture.id === selectedBefore
          ? { id: gesture.id, at: point, travel: 0 }
          : null;
    } else if (this.#pointers.size === 2 && this.#gesture && this.#gesture.kind !== 'slot') {
      const [a, b] = [...this.#pointers.values()] as [Point, Point];
      const layer = this.#layer(this.#gesture.id);
      if (layer && distance(a, b) > 0) {
        this.#gesture = {
          kind: 'pinch-layer',
          id: layer.id,
          startGap: distance(a, b),
          startAngle: angle(a, b),
          startSize: layer.size,
          startRotation: layer.rotation,
        };
      }
    }
  }

  move(pointer: number, point: Point): void {
    const previous = this.#pointers.get(pointer);
    const layout = this.stage.layout();
    const gesture = this.#gesture;
    if (!previous || !layout || !gesture) return;
    const editor = this.editor;
    const step = { commit: false };
    this.#moved = true;
    if (this.#tap) this.#tap.travel = Math.max(this.#tap.travel, distance(this.#tap.at, point));
    if (gesture.kind === 'slot') {
      this.#moveSlot(gesture.slot, pointer, previous, point, layout);
      return;
    }
    this.#pointers.set(pointer, point);
    if (gesture.kind === 'layer' && this.#pointers.size === 1) {
      const dx = (point.x - previous.x) / layout.box.width;
      const dy = (point.y - previous.y) / layout.box.height;
      editor.update((s) => moveLayer(s, gesture.id, dx, dy), step);
    } else if (gesture.kind === 'resize' && gesture.startGap > 0) {
      const size = (gesture.startSize * distance(gesture.centre, point)) / gesture.startGap;
      editor.update((s) => updateLayer(s, gesture.id, { size }), step);
    } else if (gesture.kind === 'pinch-layer' && this.#pointers.size >= 2) {
      const [a, b] = [...this.#pointers.values()] as [Point, Point];
      const size = (gesture.startSize * distance(a, b)) / gesture.startGap;
      const rotation = gesture.startRotation + angle(a, b) - gesture.startAngle;
      editor.update((s) => updateLayer(s, gesture.id, { size, rotation }), step);
    }
  }

  /** A pointer goes up (`cancelled`: the browser took it away, which is never a tap). */
  up(pointer: number, cancelled = false): void {
    if (!this.#pointers.delete(pointer)) return;
    const gesture = this.#gesture;
    if (this.#pointers.size === 1 && gesture?.kind === 'pinch-layer') {
      // One finger left on the layer: it drags on from here.
      this.#gesture = { kind: 'layer', id: gesture.id };
    }
    if (this.#pointers.size > 0) {
      this.#tap = null;
      return;
    }
    if (this.#moved) this.editor.commit();
    this.#gesture = null;
    const tap = this.#tap;
    this.#tap = null;
    // Still inside the tap's own handler: the field it opens may bring up the keyboard.
    if (tap && tap.travel < TAP_SLOP && !cancelled && this.#isText(tap.id)) this.editText?.(tap.id);
  }

  /** The page lets go of the stage in the middle of a gesture: what was done so far stays, as one step. */
  abandon(): void {
    if (this.#pointers.size > 0 && this.#moved) this.editor.commit();
    this.#pointers.clear();
    this.#gesture = null;
    this.#tap = null;
  }

  doubleClick(point: Point): void {
    if (!this.editText) return;
    const layer = this.#layerAt(point);
    if (layer?.kind === 'text') this.editText(layer.id);
  }

  /** The wheel over the stage: `deltaPx` is its vertical travel in CSS pixels (down zooms out). */
  wheel(point: Point, deltaPx: number): void {
    const layout = this.stage.layout();
    if (!layout) return;
    const editor = this.editor;
    const slot = slotAt(layout, editor.live, point) ?? editor.selection.slot;
    const view = cellOnStage(layout, editor.live, slot);
    if (!view) return;
    const factor = Math.exp(-deltaPx * WHEEL_SENSITIVITY);
    if (slot !== editor.selection.slot || editor.selection.layer) editor.select({ slot, layer: null });
    editor.update(editor.slotChange(slot, (s) => zoomBy(s, { factor, anchor: toBoxFraction(point, view) })));
  }

  /** A key on the focused stage; true when it was the editor's (the page's default is then cancelled). */
  key(key: string, shift: boolean): boolean {
    if (!this.stage.layout()) return false;
    if (key === 'Tab') return this.#tab(shift);
    const { slot, layer } = this.editor.selection;
    if (layer && this.#layer(layer)) return this.#layerKey(key, shift, layer);
    return this.#slotKey(key, shift, slot);
  }

  // --- inside -------------------------------------------------------------------------------------

  #layer(id: string): Layer | undefined {
    return this.editor.live.layers.find((l) => l.id === id);
  }

  #isText(id: string): boolean {
    return this.#layer(id)?.kind === 'text';
  }

  /** The topmost layer under a point. */
  #layerAt(point: Point): Layer | null {
    const { layers } = this.editor.live;
    for (let i = layers.length - 1; i >= 0; i--) {
      const layer = layers[i]!;
      const bounds = this.stage.boundsOf(layer);
      if (bounds && boundsContain(bounds, point.x, point.y)) return layer;
    }
    return null;
  }

  #start(point: Point): Gesture | null {
    const layout = this.stage.layout();
    if (!layout) return null;
    const editor = this.editor;
    const selected = editor.selection;
    const current = selected.layer ? this.#layer(selected.layer) : undefined;
    const bounds = current ? this.stage.boundsOf(current) : null;
    if (current && bounds && distance(resizeHandle(bounds), point) <= HANDLE_RADIUS * 1.6) {
      const centre = { x: bounds.cx, y: bounds.cy };
      return {
        kind: 'resize',
        id: current.id,
        centre,
        startGap: distance(centre, point),
        startSize: current.size,
      };
    }
    const layer = this.#layerAt(point);
    if (layer) {
      editor.select({ slot: selected.slot, layer: layer.id });
      return { kind: 'layer', id: layer.id };
    }
    const slot = slotAt(layout, editor.live, point) ?? selected.slot;
    if (slot !== selected.slot || selected.layer) editor.select({ slot, layer: null });
    return { kind: 'slot', slot };
  }

  /** One finger drags a cell's photo; two pinch it about their midpoint and pan it with them. */
  #moveSlot(slot: number, pointer: number, previous: Point, point: Point, layout: StageLayout): void {
    const editor = this.editor;
    const view = cellOnStage(layout, editor.live, slot);
    if (!view) return;
    const step = { commit: false };
    if (this.#pointers.size === 1) {
      this.#pointers.set(pointer, point);
      const dx = point.x - previous.x;
      const dy = point.y - previous.y;
      editor.update(
        editor.slotChange(slot, (s) => move(s, { dx, dy, view })),
        step,
      );
      return;
    }
    const [first, second] = [...this.#pointers.keys()];
    if (pointer !== first && pointer !== second) return;
    const other = this.#pointers.get(pointer === first ? second! : first!)!;
    const before = { mid: midpoint(previous, other), gap: distance(previous, other) };
    const after = { mid: midpoint(point, other), gap: distance(point, other) };
    this.#pointers.set(pointer, point);
    if (before.gap === 0) return;
    const dx = after.mid.x - before.mid.x;
    const dy = after.mid.y - before.mid.y;
    const factor = after.gap / before.gap;
    const anchor = toBoxFraction(after.mid, view);
    editor.update(
      editor.slotChange(slot, (s) => zoomBy(move(s, { dx, dy, view }), { factor, anchor })),
      step,
    );
  }

  #layerKey(key: string, shift: boolean, id: string): boolean {
    const editor = this.editor;
    const step = shift ? KEY_STEP_LARGE : KEY_STEP;
    const turn = shift ? LAYER_TURN_STEP_LARGE : LAYER_TURN_STEP;
    const arrow = arrows(step)[key];
    if (arrow) editor.update((s) => moveLayer(s, id, arrow[0], arrow[1]));
    else if (key === '+' || key === '=') editor.update((s) => resizeLayer(s, id, LAYER_SCALE_STEP));
    else if (key === '-' || key === '_') editor.update((s) => resizeLayer(s, id, 1 / LAYER_SCALE_STEP));
    else if (key === ']' || key === '}') editor.update((s) => rotateLayer(s, id, turn));
    else if (key === '[' || key === '{') editor.update((s) => rotateLayer(s, id, -turn));
    else if (key === 'Enter' && this.editText && this.#isText(id)) this.editText(id);
    else if (key === 'Delete' || key === 'Backspace') editor.removeLayer(id);
    else if (key === 'Escape') editor.select({ slot: editor.selection.slot, layer: null });
    else return false;
    return true;
  }

  #slotKey(key: string, shift: boolean, slot: number): boolean {
    const editor = this.editor;
    const layout = this.stage.layout();
    const view = layout ? cellOnStage(layout, editor.live, slot) : null;
    if (!view) return false;
    const arrow = arrows(shift ? KEY_STEP_LARGE : KEY_STEP)[key];
    if (arrow) {
      const [dx, dy] = [arrow[0] * view.width, arrow[1] * view.height];
      editor.update(editor.slotChange(slot, (s) => move(s, { dx, dy, view })));
    } else if (key === '+' || key === '=') editor.update(editor.slotChange(slot, zoomIn));
    else if (key === '-' || key === '_') editor.update(editor.slotChange(slot, zoomOut));
    else return false;
    return true;
  }

  /** Tab goes through the layers; past the last one (or before the first) it leaves the stage: no trap. */
  #tab(back: boolean): boolean {
    const editor = this.editor;
    const { layers } = editor.live;
    if (layers.length === 0) return false;
    const { slot, layer } = editor.selection;
    const index = layer ? layers.findIndex((l) => l.id === layer) : -1;
    const next = back ? (index < 0 ? null : index - 1) : index + 1;
    if (next === null) return false;
    if (next < 0) {
      editor.select({ slot, layer: null });
      return true;
    }
    if (next >= layers.length) {
      editor.select({ slot, layer: null });
      return false;
    }
    editor.select({ slot, layer: layers[next]!.id });
    return true;
  }
}

const arrows = (step: number): Record<string, [number, number]> => ({
  ArrowLeft: [-step, 0],
  ArrowRight: [step, 0],
  ArrowUp: [0, -step],
  ArrowDown: [0, step],
});
