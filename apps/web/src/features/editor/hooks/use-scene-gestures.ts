import { move } from '@shop/case-geometry/commands/move';
import { zoomBy, zoomIn, zoomOut } from '@shop/case-geometry/commands/zoom';
import { type Point, type Rect, toBoxFraction } from '@shop/case-geometry/transform';
import { boundsContain } from '@shop/case-render/scene';
import { layoutCells, type Scene } from '@shop/contracts/scene';
import { useEffect } from 'react';
import { HANDLE_RADIUS, resizeHandle } from '../lib/draw';
import { moveLayer, resizeLayer, rotateLayer, updateLayer } from '../lib/scene-edit';
import type { SceneEditor } from '../lib/scene-editor';
import type { StageLayout } from '../lib/stage-layout';
import type { SceneCanvas } from './use-scene-canvas';

/** Wheel: one notch (100 px of delta) zooms by about 22 %. */
const WHEEL_SENSITIVITY = 0.002;
const LINE_HEIGHT_PX = 16;
/** Arrow keys move by this fraction of the case (Shift: the larger one). */
export const KEY_STEP = 0.01;
export const KEY_STEP_LARGE = 0.1;
/** + and − grow or shrink a layer by this factor; [ and ] turn it by these degrees (Shift: more). */
export const LAYER_SCALE_STEP = 1.1;
export const LAYER_TURN_STEP = 5;
export const LAYER_TURN_STEP_LARGE = 45;

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

/** A touch that wanders less than this (CSS px) between down and up is a tap, not a drag. */
const TAP_SLOP = 10;

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

/**
 * Mouse, touch and pen on the stage (pointer events). On a text or sticker: one pointer drags it,
 * its corner handle resizes it, two fingers pinch (size) and twist (turn) it. Elsewhere the tap
 * selects the slot under it; one pointer drags its photo, two pinch (zoom about the fingers'
 * midpoint, and pan with it); the wheel zooms the selected slot about the cursor. With the stage
 * focused: Tab and Shift+Tab go through the layers, arrows move, + and − zoom (or resize the layer),
 * [ and ] turn the layer, Delete removes it, Escape goes back to the photo. A text is typed on in
 * place after a double click, a tap on it once it is selected (a finger has no double click to
 * spare: the first tap selects), or Enter (`editText`, absent while texts cannot be edited). A
 * whole gesture is one step of the history. Nothing happens while `enabled` is false.
 */
export function useSceneGestures(
  canvas: SceneCanvas,
  editor: SceneEditor,
  editText: ((id: string) => void) | undefined,
  enabled: boolean,
): void {
  const { surfaceRef, layoutRef, boundsOf } = canvas;
  useEffect(() => {
    const update: SceneEditor['update'] = (change, options) => editor.update(change, options);
    const select: SceneEditor['select'] = (next) => editor.select(next);
    const slotChange: SceneEditor['slotChange'] = (index, command) => editor.slotChange(index, command);
    const element = surfaceRef.current;
    if (!element || !enabled) return;
    const pointers = new Map<number, Point>();
    let gesture: Gesture | null = null;
    let moved = false;
    /** A finger's press on the text that was already selected: a tap there opens its field. */
    let tap: { id: string; at: Point; travel: number } | null = null;

    const local = (event: MouseEvent): Point => {
      const rect = element.getBoundingClientRect();
      return { x: event.clientX - rect.left, y: event.clientY - rect.top };
    };
    const layerOf = (id: string) => editor.live.layers.find((l) => l.id === id);

    const start = (point: Point): Gesture | null => {
      const layout = layoutRef.current;
      if (!layout) return null;
      const scene = editor.live;
      const selected = editor.selection;
      const current = selected.layer ? layerOf(selected.layer) : undefined;
      if (current) {
        const bounds = boundsOf(current);
        if (bounds && distance(resizeHandle(bounds), point) <= HANDLE_RADIUS * 1.6) {
          const centre = { x: bounds.cx, y: bounds.cy };
          return {
            kind: 'resize',
            id: current.id,
            centre,
            startGap: distance(centre, point),
            startSize: current.size,
          };
        }
      }
      // The topmost layer under the pointer.
      for (let i = scene.layers.length - 1; i >= 0; i--) {
        const layer = scene.layers[i]!;
        const bounds = boundsOf(layer);
        if (bounds && boundsContain(bounds, point.x, point.y)) {
          select({ slot: selected.slot, layer: layer.id });
          return { kind: 'layer', id: layer.id };
        }
      }
      const slot = slotAt(layout, scene, point) ?? selected.slot;
      if (slot !== selected.slot || selected.layer) select({ slot, layer: null });
      return { kind: 'slot', slot };
    };

    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      element.setPointerCapture(event.pointerId);
      const point = local(event);
      pointers.set(event.pointerId, point);
      if (pointers.size === 1) {
        moved = false;
        const selectedBefore = editor.selection.layer;
        gesture = start(point);
        tap =
          event.pointerType !== 'mouse' && gesture?.kind === 'layer' && gesture.id === selectedBefore
            ? { id: gesture.id, at: point, travel: 0 }
            : null;
      } else if (pointers.size === 2 && gesture && gesture.kind !== 'slot') {
        const [a, b] = [...pointers.values()] as [Point, Point];
        const layer = layerOf(gesture.id);
        if (layer && distance(a, b) > 0) {
          gesture = {
            kind: 'pinch-layer',
            id: layer.id,
            startGap: distance(a, b),
            startAngle: angle(a, b),
            startSize: layer.size,
            startRotation: layer.rotation,
          };
        }
      }
    };

    const onPointerMove = (event: PointerEvent) => {
      const previous = pointers.get(event.pointerId);
      const layout = layoutRef.current;
      if (!previous || !layout || !gesture) return;
      const point = local(event);
      const { box } = layout;
      moved = true;
      if (tap) tap.travel = Math.max(tap.travel, distance(tap.at, point));
      if (gesture.kind === 'layer' && pointers.size === 1) {
        pointers.set(event.pointerId, point);
        const { id } = gesture;
        const dx = (point.x - previous.x) / box.width;
        const dy = (point.y - previous.y) / box.height;
        update((s) => moveLayer(s, id, dx, dy), { commit: false });
        return;
      }
      if (gesture.kind === 'resize') {
        pointers.set(event.pointerId, point);
        const { id, centre, startGap, startSize } = gesture;
        if (startGap === 0) return;
        const size = (startSize * distance(centre, point)) / startGap;
        update((s) => updateLayer(s, id, { size }), { commit: false });
        return;
      }
      if (gesture.kind === 'pinch-layer') {
        pointers.set(event.pointerId, point);
        if (pointers.size < 2) return;
        const [a, b] = [...pointers.values()] as [Point, Point];
        const { id, startGap, startAngle, startSize, startRotation } = gesture;
        const size = (startSize * distance(a, b)) / startGap;
        const rotation = startRotation + angle(a, b) - startAngle;
        update((s) => updateLayer(s, id, { size, rotation }), { commit: false });
        return;
      }
      if (gesture.kind !== 'slot') return;
      const { slot } = gesture;
      const view = cellOnStage(layout, editor.live, slot);
      if (!view) return;
      if (pointers.size === 1) {
        pointers.set(event.pointerId, point);
        const dx = point.x - previous.x;
        const dy = point.y - previous.y;
        update(
          slotChange(slot, (s) => move(s, { dx, dy, view })),
          { commit: false },
        );
        return;
      }
      const [first, second] = [...pointers.keys()];
      if (event.pointerId !== first && event.pointerId !== second) return;
      const other = pointers.get(event.pointerId === first ? second! : first!)!;
      const before = { mid: midpoint(previous, other), gap: distance(previous, other) };
      const after = { mid: midpoint(point, other), gap: distance(point, other) };
      pointers.set(event.pointerId, point);
      if (before.gap === 0) return;
      const dx = after.mid.x - before.mid.x;
      const dy = after.mid.y - before.mid.y;
      const factor = after.gap / before.gap;
      const anchor = toBoxFraction(after.mid, view);
      update(
        slotChange(slot, (s) => zoomBy(move(s, { dx, dy, view }), { factor, anchor })),
        { commit: false },
      );
    };

    const onPointerEnd = (event: PointerEvent) => {
      if (!pointers.delete(event.pointerId)) return;
      if (pointers.size === 1 && gesture?.kind === 'pinch-layer') {
        // One finger left on the layer: it drags on from here.
        gesture = { kind: 'layer', id: gesture.id };
      }
      if (pointers.size === 0) {
        if (moved) editor.commit();
        gesture = null;
        const tapped = tap && tap.travel < TAP_SLOP && event.type === 'pointerup' ? tap.id : null;
        tap = null;
        // Still inside the tap's own handler: the field it opens may bring up the keyboard.
        if (tapped && editText && isText(tapped)) editText(tapped);
      } else {
        tap = null;
      }
    };

    const isText = (id: string) => layerOf(id)?.kind === 'text';

    const onDoubleClick = (event: MouseEvent) => {
      if (!editText) return;
      const point = local(event);
      const { layers } = editor.live;
      for (let i = layers.length - 1; i >= 0; i--) {
        const layer = layers[i]!;
        const bounds = boundsOf(layer);
        if (bounds && boundsContain(bounds, point.x, point.y)) {
          if (layer.kind === 'text') editText(layer.id);
          return;
        }
      }
    };

    const onWheel = (event: WheelEvent) => {
      const layout = layoutRef.current;
      if (!layout) return;
      event.preventDefault();
      const scene = editor.live;
      const point = local(event);
      const slot = slotAt(layout, scene, point) ?? editor.selection.slot;
      const view = cellOnStage(layout, scene, slot);
      if (!view) return;
      const unit =
        event.deltaMode === WheelEvent.DOM_DELTA_LINE
          ? LINE_HEIGHT_PX
          : event.deltaMode === WheelEvent.DOM_DELTA_PAGE
            ? layout.height
            : 1;
      const factor = Math.exp(-event.deltaY * unit * WHEEL_SENSITIVITY);
      if (slot !== editor.selection.slot || editor.selection.layer) select({ slot, layer: null });
      update(slotChange(slot, (s) => zoomBy(s, { factor, anchor: toBoxFraction(point, view) })));
    };

    const onLayerKey = (event: KeyboardEvent, id: string): boolean => {
      const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
      const turn = event.shiftKey ? LAYER_TURN_STEP_LARGE : LAYER_TURN_STEP;
      const arrows: Record<string, [number, number]> = {
        ArrowLeft: [-step, 0],
        ArrowRight: [step, 0],
        ArrowUp: [0, -step],
        ArrowDown: [0, step],
      };
      const arrow = arrows[event.key];
      if (arrow) update((s) => moveLayer(s, id, arrow[0], arrow[1]));
      else if (event.key === '+' || event.key === '=') update((s) => resizeLayer(s, id, LAYER_SCALE_STEP));
      else if (event.key === '-' || event.key === '_')
        update((s) => resizeLayer(s, id, 1 / LAYER_SCALE_STEP));
      else if (event.key === ']' || event.key === '}') update((s) => rotateLayer(s, id, turn));
      else if (event.key === '[' || event.key === '{') update((s) => rotateLayer(s, id, -turn));
      else if (event.key === 'Enter' && editText && isText(id)) editText(id);
      else if (event.key === 'Delete' || event.key === 'Backspace') {
        editor.removeLayer(id);
      } else if (event.key === 'Escape') select({ slot: editor.selection.slot, layer: null });
      else return false;
      return true;
    };

    const onTab = (event: KeyboardEvent): boolean => {
      const { layers } = editor.live;
      if (layers.length === 0) return false;
      const { slot, layer } = editor.selection;
      const index = layer ? layers.findIndex((l) => l.id === layer) : -1;
      const next = event.shiftKey ? (index < 0 ? null : index - 1) : index + 1;
      // Past the last layer (or before the first) Tab leaves the stage as usual: no trap.
      if (next === null) return false;
      if (next < 0) {
        select({ slot, layer: null });
        return true;
      }
      if (next >= layers.length) {
        select({ slot, layer: null });
        return false;
      }
      select({ slot, layer: layers[next]!.id });
      return true;
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const layout = layoutRef.current;
      if (!layout || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'Tab') {
        if (onTab(event)) event.preventDefault();
        return;
      }
      const { slot, layer } = editor.selection;
      if (layer && layerOf(layer)) {
        if (onLayerKey(event, layer)) event.preventDefault();
        return;
      }
      const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
      const arrows: Record<string, [number, number]> = {
        ArrowLeft: [-step, 0],
        ArrowRight: [step, 0],
        ArrowUp: [0, -step],
        ArrowDown: [0, step],
      };
      const arrow = arrows[event.key];
      const view = cellOnStage(layout, editor.live, slot);
      if (!view) return;
      if (arrow) {
        update(
          slotChange(slot, (s) => move(s, { dx: arrow[0] * view.width, dy: arrow[1] * view.height, view })),
        );
      } else if (event.key === '+' || event.key === '=') {
        update(slotChange(slot, (s) => zoomIn(s)));
      } else if (event.key === '-' || event.key === '_') {
        update(slotChange(slot, (s) => zoomOut(s)));
      } else {
        return;
      }
      event.preventDefault();
    };

    element.addEventListener('pointerdown', onPointerDown);
    element.addEventListener('pointermove', onPointerMove);
    element.addEventListener('pointerup', onPointerEnd);
    element.addEventListener('pointercancel', onPointerEnd);
    element.addEventListener('wheel', onWheel, { passive: false });
    element.addEventListener('keydown', onKeyDown);
    element.addEventListener('dblclick', onDoubleClick);
    return () => {
      element.removeEventListener('pointerdown', onPointerDown);
      element.removeEventListener('pointermove', onPointerMove);
      element.removeEventListener('pointerup', onPointerEnd);
      element.removeEventListener('pointercancel', onPointerEnd);
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('keydown', onKeyDown);
      element.removeEventListener('dblclick', onDoubleClick);
      if (pointers.size > 0 && moved) editor.commit();
    };
  }, [surfaceRef, layoutRef, boundsOf, editor, editText, enabled]);
}
