import type { PhoneOutline, PxSize } from '@shop/case-geometry/outline';
import type { Scene } from '@shop/contracts/scene';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { loadSceneFonts } from '../lib/fonts';
import { type EditorSnapshot, SceneEditor } from '../lib/scene-editor';
import { stickerImages } from '../lib/stickers';
import type { TemplateLayer } from '../lib/template-layer';
import { textFitFor } from '../lib/text-fit';
import type { SceneCanvas } from './use-scene-canvas';

/** docs/product.md §9.3: fit-to-template runs about 100 ms after the photo loads. */
const FIT_DELAY_MS = 100;

interface SceneEditorSetup {
  initialScene: Scene;
  fitOnLoad: boolean;
  template: TemplateLayer;
  outline: PhoneOutline | null;
  /** A photo's size for the geometry: the original's. */
  sizeOf: (uri: string) => PxSize | null;
}

/**
 * The page's SceneEditor, made once, and its snapshot for rendering. Texts are kept inside the
 * printable area as the server measures them; the first photo is fitted to the case once, a moment
 * after it loads, unless its placement was restored.
 */
export function useSceneEditor(setup: SceneEditorSetup): [SceneEditor, EditorSnapshot] {
  const [editor] = useState(
    () =>
      new SceneEditor({
        scene: setup.initialScene,
        box: setup.template.size,
        sizeOf: setup.sizeOf,
        fitText: textFitFor(setup.outline, setup.template.size),
      }),
  );
  const snapshot = useSyncExternalStore(editor.subscribe, editor.getSnapshot);
  const { fitOnLoad } = setup;
  useEffect(() => (fitOnLoad ? editor.fitOnLoad(FIT_DELAY_MS) : undefined), [editor, fitOnLoad]);
  return [editor, snapshot];
}

/**
 * Fonts and stickers are fetched when the scene uses them; the stage repaints when they are in, and
 * texts are measured again by their real letters (SceneEditor.fontsLoaded).
 */
export function useSceneAssets(editor: SceneEditor, scene: Scene, canvas: SceneCanvas): void {
  const { stickersRef, redraw } = canvas;
  useEffect(() => {
    let live = true;
    loadSceneFonts(scene).then(
      () => {
        if (live) editor.fontsLoaded(scene);
      },
      () => undefined,
    );
    stickerImages(scene).then(
      (images) => {
        if (!live) return;
        for (const [id, image] of images) stickersRef.current.set(id, image);
        redraw();
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [editor, scene, stickersRef, redraw]);
}

/** Ctrl+Z (or ⌘Z) undoes, Ctrl+Shift+Z and Ctrl+Y redo, outside text fields, while `enabled`. */
export function useUndoKeys(editor: SceneEditor, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const target = event.target as HTMLElement | null;
      // In a text field the browser's own undo applies to what is being typed.
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) editor.undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') editor.redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editor, enabled]);
}
