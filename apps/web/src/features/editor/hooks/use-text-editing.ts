import { messages } from '@shop/contracts/messages';
import type { Scene } from '@shop/contracts/scene';
import { type Dispatch, type RefObject, type SetStateAction, useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { type History, replace } from '../lib/history';
import { updateLayer } from '../lib/scene-edit';
import { typed } from '../lib/text-input';

export interface TextEditingDeps {
  liveRef: RefObject<Scene>;
  historyRef: RefObject<History<Scene>>;
  setHistory: Dispatch<SetStateAction<History<Scene>>>;
  /** The editor's change of the live scene; false when a text could not be kept inside the case. */
  update: (change: (scene: Scene) => Scene, options?: { commit?: boolean }) => boolean;
  selectLayer: (id: string) => void;
  redraw: () => void;
  /** Where the keyboard goes back to after Enter or Escape: the stage. */
  surfaceRef: RefObject<HTMLElement | null>;
  setNotice: (notice: string | null) => void;
}

export interface TextEditing {
  /** The text being edited in place and what its field shows, or null. */
  editing: { id: string; value: string } | null;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Opens the field over a text; called from the gesture that asked for it, so phones show their keyboard. */
  start: (id: string) => void;
  change: (value: string) => void;
  finish: (how: 'enter' | 'blur') => void;
  cancel: () => void;
}

interface Session {
  id: string;
  /** The history as it was before the first keystroke: Escape goes back to it. */
  before: History<Scene>;
  /** Whether the session has made its step in the history yet. */
  recorded: boolean;
  field: string;
}

/**
 * Editing a text on the case itself. The whole session is ONE step of the history, like a burst of
 * typing in the panel: the first change records a step, the next ones replace it. Enter or leaving
 * the field keeps what was typed; Escape (or a field left empty: a text always has a character)
 * puts the history back as it was before the session, so nothing of it is left to undo or redo.
 */
export function useTextEditing(deps: TextEditingDeps): TextEditing {
  const { liveRef, historyRef, setHistory, update, selectLayer, redraw, surfaceRef, setNotice } = deps;
  const [editing, setEditing] = useState<{ id: string; value: string } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const session = useRef<Session | null>(null);

  const start = useCallback(
    (id: string) => {
      const layer = liveRef.current.layers.find((l) => l.id === id);
      if (layer?.kind !== 'text') return;
      if (session.current?.id !== id) {
        session.current = { id, before: historyRef.current, recorded: false, field: layer.text };
        // Rendered now, inside the gesture: a phone only brings up its keyboard for a field focused
        // while handling the tap itself.
        flushSync(() => {
          selectLayer(id);
          setEditing({ id, value: layer.text });
          setNotice(null);
        });
      }
      inputRef.current?.focus();
      inputRef.current?.select();
    },
    [liveRef, historyRef, selectLayer, setNotice],
  );

  const change = useCallback(
    (value: string) => {
      const current = session.current;
      if (!current) return;
      const result = typed(value);
      let message = result.message;
      if (result.text !== null) {
        const text = result.text;
        const kept = update((s) => updateLayer(s, current.id, { text }), { commit: !current.recorded });
        if (!kept) message = messages.textDoesNotFit;
        else if (!current.recorded) current.recorded = true;
        else setHistory((h) => replace(h, liveRef.current));
        if (kept) current.field = result.field ?? current.field;
      } else if (result.field !== null) {
        current.field = result.field;
      }
      setEditing({ id: current.id, value: current.field });
      setNotice(message);
    },
    [update, setHistory, liveRef, setNotice],
  );

  const end = useCallback(
    (restore: boolean) => {
      const current = session.current;
      if (!current) return;
      session.current = null;
      if (restore && current.recorded) {
        liveRef.current = current.before.present;
        setHistory(current.before);
        redraw();
      }
      setEditing(null);
    },
    [liveRef, setHistory, redraw],
  );

  const finish = useCallback(
    (how: 'enter' | 'blur') => {
      const current = session.current;
      if (!current) return;
      const empty = current.field.trim() === '';
      end(empty);
      setNotice(empty ? messages.textEmptyRestored : null);
      if (how === 'enter') surfaceRef.current?.focus();
    },
    [end, setNotice, surfaceRef],
  );

  const cancel = useCallback(() => {
    if (!session.current) return;
    end(true);
    setNotice(null);
    surfaceRef.current?.focus();
  }, [end, setNotice, surfaceRef]);

  return { editing, inputRef, start, change, finish, cancel };
}
