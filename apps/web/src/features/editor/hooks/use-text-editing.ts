import { type RefObject, useCallback, useMemo, useRef } from 'react';
import { flushSync } from 'react-dom';
import type { SceneEditor } from '../lib/scene-editor';

export interface TextEditing {
  inputRef: RefObject<HTMLInputElement | null>;
  /** Opens the field over a text; called from the gesture that asked for it, so phones show their keyboard. */
  start: (id: string) => void;
  change: (value: string) => void;
  finish: (how: 'enter' | 'blur') => void;
  cancel: () => void;
}

/**
 * Typing on a text on the case itself: the editor keeps the session (one step of the history, put
 * back by Escape, see SceneEditor.startTyping); this hook adds what only a page can do, the field's
 * focus, and the keyboard going back to the stage (`surfaceRef`) after Enter or Escape.
 */
export function useTextEditing(editor: SceneEditor, surfaceRef: RefObject<HTMLElement | null>): TextEditing {
  const inputRef = useRef<HTMLInputElement>(null);

  const start = useCallback(
    (id: string) => {
      // Rendered now, inside the gesture: a phone only brings up its keyboard for a field focused
      // while handling the tap itself.
      let opened = false;
      flushSync(() => {
        opened = editor.startTyping(id);
      });
      if (!opened) return;
      inputRef.current?.focus();
      inputRef.current?.select();
    },
    [editor],
  );

  const change = useCallback((value: string) => editor.type(value), [editor]);

  const finish = useCallback(
    (how: 'enter' | 'blur') => {
      if (!editor.getSnapshot().editing) return;
      editor.stopTyping('keep');
      if (how === 'enter') surfaceRef.current?.focus();
    },
    [editor, surfaceRef],
  );

  const cancel = useCallback(() => {
    if (!editor.getSnapshot().editing) return;
    editor.stopTyping('cancel');
    surfaceRef.current?.focus();
  }, [editor, surfaceRef]);

  return useMemo(() => ({ inputRef, start, change, finish, cancel }), [start, change, finish, cancel]);
}
