import type { Point } from '@shop/case-geometry/transform';
import { useEffect } from 'react';
import type { SceneEditor } from '../lib/scene-editor';
import { SceneGestures } from '../lib/scene-gestures';
import type { SceneCanvas } from './use-scene-canvas';

/** A wheel notch counted in lines is this many CSS pixels. */
const LINE_HEIGHT_PX = 16;

/**
 * The stage's pointer, wheel and key events, handed to SceneGestures (lib/scene-gestures.ts: what
 * they mean for the design) as points on the stage. `editText` opens the field over a text (absent
 * while texts cannot be edited). Nothing happens while `enabled` is false.
 */
export function useSceneGestures(
  canvas: SceneCanvas,
  editor: SceneEditor,
  editText: ((id: string) => void) | undefined,
  enabled: boolean,
): void {
  const { surfaceRef, layoutRef, boundsOf } = canvas;
  useEffect(() => {
    const element = surfaceRef.current;
    if (!element || !enabled) return;
    const gestures = new SceneGestures(editor, { layout: () => layoutRef.current, boundsOf }, editText);
    const local = (event: MouseEvent): Point => {
      const rect = element.getBoundingClientRect();
      return { x: event.clientX - rect.left, y: event.clientY - rect.top };
    };

    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      element.setPointerCapture(event.pointerId);
      gestures.down(event.pointerId, local(event), event.pointerType !== 'mouse');
    };
    const onPointerMove = (event: PointerEvent) => gestures.move(event.pointerId, local(event));
    const onPointerEnd = (event: PointerEvent) =>
      gestures.up(event.pointerId, event.type === 'pointercancel');
    const onDoubleClick = (event: MouseEvent) => gestures.doubleClick(local(event));
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
      gestures.wheel(local(event), event.deltaY * unit);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (gestures.key(event.key, event.shiftKey)) event.preventDefault();
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
      gestures.abandon();
    };
  }, [surfaceRef, layoutRef, boundsOf, editor, editText, enabled]);
}
