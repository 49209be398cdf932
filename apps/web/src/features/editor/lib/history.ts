/**
 * The editor's undo history: plain data, changed only by these pure functions. `present` is what
 * the editor shows; every finished change (a button, a key, a whole drag or pinch) is ONE `record`.
 */
export interface History<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
}

/** Enough for any session; the oldest steps are forgotten beyond it. */
export const HISTORY_LIMIT = 100;

export const createHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/** A new state after a change: it can be undone, and whatever had been undone cannot be redone any more. */
export function record<T>(history: History<T>, next: T, limit = HISTORY_LIMIT): History<T> {
  if (Object.is(next, history.present)) return history;
  const past = [...history.past, history.present];
  return { past: past.slice(Math.max(0, past.length - limit)), present: next, future: [] };
}

/** Replaces the present without a step to undo (what the editor does by itself, such as the fit on load). */
export const replace = <T>(history: History<T>, present: T): History<T> => ({ ...history, present });

export const canUndo = (history: History<unknown>): boolean => history.past.length > 0;
export const canRedo = (history: History<unknown>): boolean => history.future.length > 0;

export function undo<T>(history: History<T>): History<T> {
  if (history.past.length === 0) return history;
  const previous = history.past[history.past.length - 1] as T;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  const [next, ...future] = history.future as [T, ...T[]];
  return { past: [...history.past, history.present], present: next, future };
}
