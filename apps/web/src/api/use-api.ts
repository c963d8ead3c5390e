// The storefront's one way to fetch a component's data: useApi(key, load). Responses are cached
// for the visit (a small LRU), so going back to a page paints at once; a newer key (or
// leaving the page) aborts the older request. A shopper's own data (orders, address, session)
// is asked `fresh`: the cached response shows at once and the server is asked again. Changes
// (cart, checkout, login) are not fetched here: they are thunks or plain awaited calls
// (decision 041).
import { useEffect, useRef, useState } from 'react';
import { call, callKey, isAbort, type CallOptions, type InlinedResponse } from './client';
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

export interface ApiOptions<T> {
  /** Reads the response the server put in the page, if any (see below). */
  inlined?: InlinedResponse<T>;
  /** Ask the server on every mount, even with a response cached (which shows meanwhile). */
  fresh?: boolean;
  /** False: never cache the response (a check whose response must not outlive the page). */
  cache?: boolean;
}

/**
 * `key` names the request (null: nothing to load yet); `load` runs it. The key must change
 * whenever the request changes. `inlined` reads the response the server put in the page, if
 * any, so that the first render already shows it (on the server, and in the browser while
 * it hydrates that markup).
 */
export function useApi<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  options?: InlinedResponse<T> | ApiOptions<T>,
): ApiState<T> {
  const {
    inlined,
    fresh = false,
    cache: cacheIt = true,
  } = typeof options === 'function' ? { inlined: options } : (options ?? {});
  const cached = (k: string) => (cacheIt ? (cache.get(k) as T | undefined) : undefined);
  const initialData = useInitialData();
  const [state, setState] = useState<ApiState<T> & { key: string | null }>(() => {
    if (key === null) return { key, data: undefined, error: undefined, loading: false };
    const first = cached(key) ?? inlined?.(initialData);
    // The visit's cache lives in the browser only: a server render must never cache another
    // visitor's (or an older catalogue's) response.
    if (first !== undefined && cacheIt && !import.meta.env.SSR) remember(key, first);
    return { key, data: first as T | undefined, error: undefined, loading: first === undefined };
  });

  // The latest `load` (a fresh closure every render); the key names what it loads.
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });

  useEffect(() => {
    if (key === null) return;
    if (cacheIt && cache.has(key) && !fresh) {
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
    // Already loading this key (the first render said so): no second render.
    setState((s) =>
      s.key === key && s.loading && s.error === undefined
        ? s
        : {
            key,
            data: s.key === key ? s.data : cacheIt ? (cache.get(key) as T | undefined) : undefined,
            error: undefined,
            loading: true,
          },
    );
    latestLoad.current(controller.signal).then(
      (data) => {
        if (cacheIt) remember(key, data);
        setState({ key, data, error: undefined, loading: false });
      },
      (error: unknown) => {
        if (isAbort(error)) return;
        setState({ key, data: undefined, error, loading: false });
      },
    );
    return () => controller.abort();
  }, [key, fresh, cacheIt]);

  if (state.key !== key) {
    const first = key === null ? undefined : cached(key);
    return { data: first, error: undefined, loading: key !== null && first === undefined };
  }
  return { data: state.data, error: state.error, loading: state.loading };
}

/** Keeps a response under `key`, as if useApi had asked it (one call's response serving another). */
export function keepApi(key: string, value: unknown): void {
  if (!import.meta.env.SSR) remember(key, value);
}

/** Forgets cached responses whose key starts with `prefix` (after the data changed). */
export function forgetApi(prefix: string): void {
  for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key);
}

/**
 * The visit cache's key for a call's response: a component that shows what a page's loader
 * loaded asks useApi under this key, and finds it at once.
 */
export function callCacheKey(path: string, input?: unknown): string {
  return `call ${callKey(path, input)}`;
}

/**
 * The web client's `call` through the same visit cache: a page's loader (page-data.ts)
 * paints a response it already has at once (going back), as useApi does.
 */
export const cachedCall = ((path: string, input?: unknown, options?: CallOptions) => {
  const key = callCacheKey(path, input);
  if (cache.has(key)) {
    const response = cache.get(key);
    remember(key, response);
    return Promise.resolve(response);
  }
  return (call as (p: string, i?: unknown, o?: CallOptions) => Promise<unknown>)(
    path,
    input,
    options,
  ).then((response) => {
    remember(key, response);
    return response;
  });
}) as typeof call;
