import type { PhoneOutline } from '@shop/case-geometry/outline';
import { type Drawable, type LayerBounds, layerBounds, type SceneContext } from '@shop/case-render/scene';
import { type Layer, layoutCells } from '@shop/contracts/scene';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  type CaseLook,
  drawMockupLayer,
  drawSceneLayer,
  drawSelectionLayer,
  drawTemplateLayer,
  sizeCanvas,
} from '../lib/draw';
import type { PhotoLibrary } from '../lib/photo-library';
import type { SceneEditor } from '../lib/scene-editor';
import { type StageLayout, stageLayout } from '../lib/stage-layout';
import type { TemplateLayer } from '../lib/template-layer';

export interface SceneCanvas {
  sceneCanvasRef: React.RefObject<HTMLCanvasElement | null>;
  caseCanvasRef: React.RefObject<HTMLCanvasElement | null>;
  surfaceRef: React.RefObject<HTMLCanvasElement | null>;
  /** The stage's current geometry (null until it has been measured). */
  layoutRef: React.RefObject<StageLayout | null>;
  /** The same, for rendering (the empty slots' buttons); changes only when the stage is resized. */
  layout: StageLayout | null;
  /** The sticker images by id, filled as they load. */
  stickersRef: React.RefObject<Map<string, Drawable>>;
  /** Repaints at the next animation frame (at most once per frame). */
  redraw: () => void;
  /** A layer's turned rectangle on the stage, in CSS pixels. */
  boundsOf: (layer: Layer) => LayerBounds | null;
}

const sceneContext = (ctx: CanvasRenderingContext2D) => ctx as unknown as SceneContext;

/**
 * Three stacked canvases: the scene below, redrawn at most once per animation frame by drawScene
 * from cached bitmaps; the case (mock-up, or the template without an outline) above it, drawn only
 * when the stage changes size; the selection on top, which is also the interactive surface.
 * It draws the editor's live scene and selection, and repaints whenever the editor says they
 * changed (during a gesture too, with no React render per pointer move).
 */
export function useSceneCanvas(
  editor: SceneEditor,
  library: PhotoLibrary,
  template: TemplateLayer,
  outline: PhoneOutline | null,
  /** The chosen type's colour and clearness; must keep its identity while they do not change. */
  look: CaseLook,
): SceneCanvas {
  const sceneCanvasRef = useRef<HTMLCanvasElement>(null);
  const caseCanvasRef = useRef<HTMLCanvasElement>(null);
  const surfaceRef = useRef<HTMLCanvasElement>(null);
  const layoutRef = useRef<StageLayout | null>(null);
  const [layout, setLayout] = useState<StageLayout | null>(null);
  const stickersRef = useRef(new Map<string, Drawable>());
  const frameRef = useRef(0);

  const boundsOf = useCallback((layer: Layer): LayerBounds | null => {
    const ctx = sceneCanvasRef.current?.getContext('2d', { alpha: false });
    const stage = layoutRef.current;
    return ctx && stage ? layerBounds(sceneContext(ctx), layer, stage.box) : null;
  }, []);

  const draw = useCallback(() => {
    frameRef.current = 0;
    const ctx = sceneCanvasRef.current?.getContext('2d', { alpha: false });
    const selectionCtx = surfaceRef.current?.getContext('2d');
    const stage = layoutRef.current;
    if (!ctx || !selectionCtx || !stage) return;
    const scene = editor.live;
    const cells = layoutCells(scene.layout, stage.box);
    let missing = false;
    const photos = scene.slots.map((slot, i) => {
      if (!slot.photo) return null;
      const onScreen = (slot.transform?.scale ?? 1) * (cells[i]?.width ?? stage.box.width) * stage.dpr;
      const photo = library.scenePhoto(slot.photo, slot.filter, onScreen);
      if (!photo) {
        missing = true;
        library.load(slot.photo).catch(() => undefined);
      }
      return photo;
    });
    drawSceneLayer(ctx, stage, scene, { photos, stickers: stickersRef.current }, outline, look);
    const selected = editor.selection;
    const layer = selected.layer ? scene.layers.find((l) => l.id === selected.layer) : undefined;
    drawSelectionLayer(
      selectionCtx,
      stage,
      scene,
      selected.slot,
      layer ? layerBounds(sceneContext(ctx), layer, stage.box) : null,
    );
    // A photo still downloading: paint again when it is there.
    if (missing) {
      Promise.all(scene.slots.map((s) => (s.photo ? library.load(s.photo) : null))).then(
        () => {
          if (!frameRef.current) frameRef.current = requestAnimationFrame(draw);
        },
        () => undefined,
      );
    }
  }, [editor, library, outline, look]);

  const redraw = useCallback(() => {
    if (!frameRef.current) frameRef.current = requestAnimationFrame(draw);
  }, [draw]);
  useEffect(() => editor.onDraw(redraw), [editor, redraw]);

  // Before the first paint: an opaque canvas shows black until it is sized and drawn.
  useLayoutEffect(() => {
    const sceneCanvas = sceneCanvasRef.current;
    const caseCanvas = caseCanvasRef.current;
    const surface = surfaceRef.current;
    if (!sceneCanvas || !caseCanvas || !surface) return;
    const layOut = () => {
      // The canvases' own box (the stage's border excluded): pointer events are measured against it.
      const { width, height } = surface.getBoundingClientRect();
      if (width === 0 || height === 0) return;
      const next = stageLayout({ width, height }, window.devicePixelRatio || 1, template.size);
      layoutRef.current = next;
      setLayout(next);
      for (const canvas of [sceneCanvas, caseCanvas, surface]) sizeCanvas(canvas, next);
      const caseCtx = caseCanvas.getContext('2d');
      if (caseCtx) {
        if (outline) drawMockupLayer(caseCtx, next, outline, look);
        else drawTemplateLayer(caseCtx, next, template);
      }
      // Resizing cleared the scene layer: repaint it now rather than leave a blank frame.
      cancelAnimationFrame(frameRef.current);
      draw();
    };
    layOut();
    const observer = new ResizeObserver(layOut);
    observer.observe(surface);
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
  }, [template, outline, look, draw]);

  return {
    sceneCanvasRef,
    caseCanvasRef,
    surfaceRef,
    layoutRef,
    layout,
    stickersRef,
    redraw,
    boundsOf,
  };
}
