import { type EditorState, keepCovering } from '@shop/case-geometry/editor-state';
import type { PxSize } from '@shop/case-geometry/outline';
import type { DesignTransform } from '@shop/case-geometry/transform';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { drawPhotoLayer, drawTemplateLayer, sizeCanvas } from '../lib/draw';
import type { PhotoSource } from '../lib/photo-source';
import { type StageLayout, stageLayout } from '../lib/stage-layout';
import type { TemplateLayer } from '../lib/template-layer';

export type EditorCommand = (state: EditorState) => EditorState;

export interface DesignCanvas {
  photoCanvasRef: React.RefObject<HTMLCanvasElement | null>;
  templateCanvasRef: React.RefObject<HTMLCanvasElement | null>;
  /** The stage's current geometry (null until it has been measured). */
  layoutRef: React.RefObject<StageLayout | null>;
  /** The transform as of the last finished gesture or command (what React renders from). */
  transform: DesignTransform;
  /**
   * Runs a command on the live state and schedules a redraw. `commit: false` is for the steps of a
   * gesture, which only repaint; `commit()` publishes the result when the gesture ends.
   */
  apply: (command: EditorCommand, options?: { commit?: boolean }) => void;
  commit: () => void;
  /** The live state, for the export. */
  current: () => EditorState;
}

/** The photo layer is opaque (it starts with white): the compositor can skip blending it. */
const photoContext = (canvas: HTMLCanvasElement | null) => canvas?.getContext('2d', { alpha: false }) ?? null;
const templateContext = (canvas: HTMLCanvasElement | null) => canvas?.getContext('2d') ?? null;

/**
 * Two stacked canvases: the photo below, redrawn at most once per animation frame, and the
 * template above, drawn only when the stage changes size. Changes during a gesture live in a ref
 * (no React render per pointer move); React hears about them when the gesture ends.
 */
export function useDesignCanvas(
  photo: PhotoSource,
  template: TemplateLayer,
  initialTransform: DesignTransform,
  /** The photo's size for the geometry (the original's); drawing uses the loaded copy's. */
  geometry: PxSize = photo.size,
): DesignCanvas {
  const photoCanvasRef = useRef<HTMLCanvasElement>(null);
  const templateCanvasRef = useRef<HTMLCanvasElement>(null);
  const layoutRef = useRef<StageLayout | null>(null);
  // A placement restored from an earlier visit (or made before the covering rule) is brought
  // back over the case before anything is drawn.
  const [initial] = useState(() =>
    keepCovering({ photo: geometry, box: template.size, transform: initialTransform }, initialTransform),
  );
  const stateRef = useRef<EditorState>(initial);
  const frameRef = useRef(0);
  const [transform, setTransform] = useState(initial.transform);

  const drawPhoto = useCallback(() => {
    frameRef.current = 0;
    const ctx = photoContext(photoCanvasRef.current);
    const layout = layoutRef.current;
    if (ctx && layout) drawPhotoLayer(ctx, layout, photo, stateRef.current.transform);
  }, [photo]);

  const apply = useCallback(
    (command: EditorCommand, { commit = true } = {}) => {
      stateRef.current = command(stateRef.current);
      if (!frameRef.current) frameRef.current = requestAnimationFrame(drawPhoto);
      if (commit) setTransform(stateRef.current.transform);
    },
    [drawPhoto],
  );

  const commit = useCallback(() => setTransform(stateRef.current.transform), []);
  const current = useCallback(() => stateRef.current, []);

  // Before the first paint: an opaque canvas shows black until it is sized and drawn.
  useLayoutEffect(() => {
    const photoCanvas = photoCanvasRef.current;
    const templateCanvas = templateCanvasRef.current;
    if (!photoCanvas || !templateCanvas) return;
    const layOut = () => {
      // The canvases' own box (the stage's border excluded): pointer events are measured against it.
      const { width, height } = templateCanvas.getBoundingClientRect();
      if (width === 0 || height === 0) return;
      const layout = stageLayout({ width, height }, window.devicePixelRatio || 1, template.size);
      layoutRef.current = layout;
      sizeCanvas(photoCanvas, layout);
      sizeCanvas(templateCanvas, layout);
      const templateCtx = templateContext(templateCanvas);
      if (templateCtx) drawTemplateLayer(templateCtx, layout, template);
      // Resizing cleared the photo layer: repaint it now rather than leave a blank frame.
      cancelAnimationFrame(frameRef.current);
      drawPhoto();
    };
    layOut();
    const observer = new ResizeObserver(layOut);
    observer.observe(templateCanvas);
    // Moving the window to a screen of another density changes no CSS size, only the ratio; the
    // query matches one ratio, so it is renewed after each change.
    let density: MediaQueryList | null = null;
    const onDensity = () => {
      layOut();
      watchDensity();
    };
    const watchDensity = () => {
      density?.removeEventListener('change', onDensity);
      density = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
      density.addEventListener('change', onDensity);
    };
    watchDensity();
    return () => {
      observer.disconnect();
      density?.removeEventListener('change', onDensity);
      cancelAnimationFrame(frameRef.current);
      frameRef.current = 0;
    };
  }, [template, drawPhoto]);

  return { photoCanvasRef, templateCanvasRef, layoutRef, transform, apply, commit, current };
}
