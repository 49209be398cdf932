import { move } from '@shop/case-geometry/commands/move';
import { zoomBy, zoomIn, zoomOut } from '@shop/case-geometry/commands/zoom';
import { type Point, toBoxFraction } from '@shop/case-geometry/transform';
import { useEffect } from 'react';
import type { StageLayout } from '../lib/stage-layout';
import type { DesignCanvas } from './use-design-canvas';

/** Wheel: one notch (100 px of delta) zooms by about 22 %. */
const WHEEL_SENSITIVITY = 0.002;
const LINE_HEIGHT_PX = 16;
/** Arrow keys move by this fraction of the case (Shift: the larger one). */
export const KEY_STEP = 0.01;
export const KEY_STEP_LARGE = 0.1;

const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

/** A stage point (CSS px) as fractions of the case's box: the zoom commands' anchor. */
const anchorAt = (layout: StageLayout, point: Point): Point => toBoxFraction(point, layout.box);

/**
 * Mouse, touch and pen on the stage (pointer events): one pointer drags, two pinch (zoom about the
 * fingers' midpoint, and pan with it); the wheel zooms about the cursor; with the stage focused,
 * the arrow keys move and + / - zoom. Nothing happens while `enabled` is false.
 */
export function useStageGestures(
  target: React.RefObject<HTMLElement | null>,
  { layoutRef, apply, commit }: Pick<DesignCanvas, 'layoutRef' | 'apply' | 'commit'>,
  enabled: boolean,
): void {
  useEffect(() => {
    const element = target.current;
    if (!element || !enabled) return;
    const pointers = new Map<number, Point>();

    const local = (event: PointerEvent | WheelEvent): Point => {
      const rect = element.getBoundingClientRect();
      return { x: event.clientX - rect.left, y: event.clientY - rect.top };
    };

    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      element.setPointerCapture(event.pointerId);
      pointers.set(event.pointerId, local(event));
    };

    const onPointerMove = (event: PointerEvent) => {
      const previous = pointers.get(event.pointerId);
      const layout = layoutRef.current;
      if (!previous || !layout) return;
      const point = local(event);
      const view = layout.box;
      if (pointers.size === 1) {
        pointers.set(event.pointerId, point);
        apply((s) => move(s, { dx: point.x - previous.x, dy: point.y - previous.y, view }), {
          commit: false,
        });
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
      apply((s) => zoomBy(move(s, { dx, dy, view }), { factor, anchor: anchorAt(layout, after.mid) }), {
        commit: false,
      });
    };

    const onPointerEnd = (event: PointerEvent) => {
      if (!pointers.delete(event.pointerId)) return;
      if (pointers.size === 0) commit();
    };

    const onWheel = (event: WheelEvent) => {
      const layout = layoutRef.current;
      if (!layout) return;
      event.preventDefault();
      const unit =
        event.deltaMode === WheelEvent.DOM_DELTA_LINE
          ? LINE_HEIGHT_PX
          : event.deltaMode === WheelEvent.DOM_DELTA_PAGE
            ? layout.height
            : 1;
      const factor = Math.exp(-event.deltaY * unit * WHEEL_SENSITIVITY);
      apply((s) => zoomBy(s, { factor, anchor: anchorAt(layout, local(event)) }));
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const layout = layoutRef.current;
      if (!layout || event.altKey || event.ctrlKey || event.metaKey) return;
      const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
      const arrows: Record<string, [number, number]> = {
        ArrowLeft: [-step, 0],
        ArrowRight: [step, 0],
        ArrowUp: [0, -step],
        ArrowDown: [0, step],
      };
      const arrow = arrows[event.key];
      const view = layout.box;
      if (arrow) {
        apply((s) => move(s, { dx: arrow[0] * view.width, dy: arrow[1] * view.height, view }));
      } else if (event.key === '+' || event.key === '=') {
        apply((s) => zoomIn(s));
      } else if (event.key === '-' || event.key === '_') {
        apply((s) => zoomOut(s));
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
    return () => {
      element.removeEventListener('pointerdown', onPointerDown);
      element.removeEventListener('pointermove', onPointerMove);
      element.removeEventListener('pointerup', onPointerEnd);
      element.removeEventListener('pointercancel', onPointerEnd);
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('keydown', onKeyDown);
      if (pointers.size > 0) commit();
    };
  }, [target, layoutRef, apply, commit, enabled]);
}
