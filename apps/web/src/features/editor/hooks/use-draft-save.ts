import type { Scene } from '@shop/contracts/scene';
import { useEffect, useRef, useState } from 'react';
import { saveSceneDraft, saveSceneDraftOnLeave } from '../api/save-scene-draft';

/** The draft is saved this long after the last change. */
export const DRAFT_DEBOUNCE_MS = 800;

export type DraftStatus = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Saves the scene as the order's draft while the customer designs: debounced after each change, and
 * once more as the page goes away (a keepalive request), so a reload resumes where they were.
 * `enabled` false (ordering, leaving) stops it: nothing pending is sent any more.
 */
export function useDraftSave(orderId: string, scene: Scene, enabled: boolean): DraftStatus {
  const [status, setStatus] = useState<DraftStatus>('idle');
  const savedRef = useRef<Scene>(scene);
  const latestRef = useRef<Scene>(scene);
  const enabledRef = useRef(enabled);
  latestRef.current = scene;
  enabledRef.current = enabled;

  useEffect(() => {
    if (!enabled || scene === savedRef.current) return;
    setStatus('saving');
    const controller = new AbortController();
    const timer = setTimeout(() => {
      saveSceneDraft(orderId, scene, controller.signal).then(
        () => {
          savedRef.current = scene;
          if (latestRef.current === scene) setStatus('saved');
        },
        () => {
          if (!controller.signal.aborted) setStatus('failed');
        },
      );
    }, DRAFT_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      // A newer scene replaces this one; a request already sent may finish (the newer one follows).
    };
  }, [orderId, scene, enabled]);

  useEffect(() => {
    const onPageHide = () => {
      if (enabledRef.current && latestRef.current !== savedRef.current) {
        saveSceneDraftOnLeave(orderId, latestRef.current);
        savedRef.current = latestRef.current;
      }
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the editor inside the app (another route): the same last save.
      onPageHide();
    };
  }, [orderId]);

  return status;
}
