import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isAbort } from '@/lib/api-client';
import { errorText, isUnauthenticated } from '../lib/errors';
import { useSession } from './use-session';

export interface Resource<T> {
  status: 'loading' | 'ready' | 'error';
  /** The last data loaded: kept while a newer request runs, so tables do not flicker. */
  data: T | null;
  error: string | null;
  reload: () => void;
  /** Replaces the data with what an action returned (an updated order, say) without a request. */
  replace: (data: T) => void;
}

/**
 * Loads `load`'s data whenever `key` changes (or `reload` is called), aborting the request before.
 * A lost session sends the user to the sign-in form; any other failure becomes a Spanish message.
 */
export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const { expire } = useSession();
  const loader = useRef(load);
  // The latest loader, without making every render a reason to load again.
  useLayoutEffect(() => {
    loader.current = load;
  });
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<Pick<Resource<T>, 'status' | 'data' | 'error'>>({
    status: 'loading',
    data: null,
    error: null,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `version` are what trigger a new load.
  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, status: 'loading', error: null }));
    loader.current(controller.signal).then(
      (data) => setState({ status: 'ready', data, error: null }),
      (error: unknown) => {
        if (isAbort(error)) return;
        if (isUnauthenticated(error)) {
          expire();
          return;
        }
        setState((previous) => ({ ...previous, status: 'error', error: errorText(error) }));
      },
    );
    return () => controller.abort();
  }, [key, version, expire]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const replace = useCallback((data: T) => setState({ status: 'ready', data, error: null }), []);
  return { ...state, reload, replace };
}
