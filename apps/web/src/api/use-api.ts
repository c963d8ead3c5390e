// Loads one API answer for a page. Answers are kept for the visit (a small LRU), so going
// back to a page paints at once; a newer key aborts the older request.
import { useEffect, useState } from 'react';
import { isAbort, type InlinedAnswer } from './client';
import { useInitialData } from './initial-data';

const MAX_ENTRIES = 40;
const cache = new Map<string, unknown>();

function remember(key: string, value: unknown) {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
}

export interface ApiState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
}

/**
 * `key` names the request (null: nothing to load yet); `load` runs it. The key must change
 * whenever the request changes. `inlined` reads the answer the server put in the page, if
 * any, so that the first render already shows it (on the server, and in the browser while
 * it hydrates that markup).
 */
export function useApi<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  inlined?: InlinedAnswer<T>,
): ApiState<T> {
  const initialData = useInitialData();
  const [state, setState] = useState<ApiState<T> & { key: string | null }>(() => {
    if (key === null) return { key, data: undefined, error: undefined, loading: false };
    const first = cache.get(key) ?? inlined?.(initialData);
    // The visit's cache lives in the browser only: a server render must never keep another
    // visitor's (or an older catalogue's) answer.
    if (first !== undefined && !import.meta.env.SSR) remember(key, first);
    return { key, data: first as T | undefined, error: undefined, loading: first === undefined };
  });

  useEffect(() => {
    if (key === null) return;
    if (cache.has(key)) {
      const data = cache.get(key) as T;
      // Already showing it (the first render, or a hydrated page): no second render.
      setState((s) =>
        s.key === key && s.data === data && !s.loading && s.error === undefined
          ? s
          : { key, data, error: undefined, loading: false },
      );
      return;
    }
    const controller = new AbortController();
    setState((s) => ({
      key,
      data: s.key === key ? s.data : undefined,
      error: undefined,
      loading: true,
    }));
    load(controller.signal).then(
      (data) => {
        remember(key, data);
        setState({ key, data, error: undefined, loading: false });
      },
      (error: unknown) => {
        if (isAbort(error)) return;
        setState({ key, data: undefined, error, loading: false });
      },
    );
    return () => controller.abort();
    // `load` is a fresh closure every render; the key names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the dependency
  }, [key]);

  if (state.key !== key) {
    const cached = key === null ? undefined : (cache.get(key) as T | undefined);
    return { data: cached, error: undefined, loading: key !== null && cached === undefined };
  }
  return { data: state.data, error: state.error, loading: state.loading };
}

/** Forgets cached answers whose key starts with `prefix` (after the data changed). */
export function forgetApi(prefix: string): void {
  for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key);
}
