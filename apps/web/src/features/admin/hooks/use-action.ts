import { useCallback, useState } from 'react';
import { errorText, isUnauthenticated } from '../lib/errors';
import { useSession } from './use-session';
import { useToast } from './use-toast';

export type ActionResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs the calls a screen makes on a button press: one at a time, its name in `busy` meanwhile,
 * a toast on success, the server's Spanish message in `error` on failure.
 */
export function useAction() {
  const { expire } = useSession();
  const notify = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async <T>(name: string, call: () => Promise<T>, success?: string): Promise<ActionResult<T>> => {
      setBusy(name);
      setError(null);
      try {
        const value = await call();
        if (success) notify(success);
        return { ok: true, value };
      } catch (caught) {
        if (isUnauthenticated(caught)) expire();
        else setError(errorText(caught));
        return { ok: false, error: caught };
      } finally {
        setBusy(null);
      }
    },
    [expire, notify],
  );

  const clearError = useCallback(() => setError(null), []);
  return { run, busy, error, setError, clearError };
}
