// How a page's data is loaded (decision 040). A route's loader names its contract calls
// through the caller in its context. On the server (entry-server.tsx) that is the web
// client's `call` over the server's in-process API, recording every response (the page's
// responses, inlined into its HTML); the page is then rendered from those responses alone.
// In the browser, the page it hydrates is loaded from the same inlined responses (so both
// render the same page), and every page after with the web client's `call` through the
// visit's cache. loadRoutes/loadPage load a page (its modules and its loaders' data) the same
// on both sides; pages read their route's result with usePageData.
import type { StorefrontCallPath, StorefrontRequest } from '@kitroom/contract';
import { createContext, useContext } from 'react';
import { matchRoutes, type Location, type RouteMatch, type RouteObject } from '@/ui/router';
import { inlinedResponse, inlinedKey, type call } from './client';
import type { InitialData } from './initial-data';
import { cachedCall } from './use-api';

/** The web client's `call`, as a loader uses it. */
export type Caller = typeof call;

/** What loadPage hands a loader as its context. */
export interface LoaderContext {
  call: Caller;
  /** On the server, the visitor's session handle (from their cookie), for their session check. */
  session?: string;
}

/** A loader's response: its data, or the error the call threw; neither: not loaded yet. */
export interface Loaded<T> {
  data?: T;
  error?: unknown;
}

/** Thrown by a caller of inlined responses for a call the page does not carry. */
class NotInlined extends Error {}

/** A caller that responds from `responses` alone (a page's inlined responses). */
export function inlinedCaller(responses: InitialData): Caller {
  const inlinedOnly = (path: StorefrontCallPath, input?: StorefrontRequest<StorefrontCallPath>) => {
    const response = (inlinedResponse as (p: string, i: unknown) => (d: InitialData) => unknown)(
      path,
      input,
    )(responses);
    return response === undefined
      ? Promise.reject(new NotInlined(path))
      : Promise.resolve(response);
  };
  return inlinedOnly as Caller;
}

/**
 * `caller`, writing each response it gets into `responses` under the key the web client
 * looks for it (the page's responses, which the server inlines and the browser hydrates from).
 */
export function recordingCaller(caller: Caller, responses: Record<string, unknown>): Caller {
  const recording = async (path: StorefrontCallPath, input?: unknown, options?: object) => {
    const response = await (caller as (p: string, i?: unknown, o?: object) => Promise<unknown>)(
      path,
      input,
      options,
    );
    responses[inlinedKey(path, input)] = response;
    return response;
  };
  return recording as Caller;
}

/** The visitor's session handle a server render was given, if any. */
export function sessionOf(context: unknown): string | undefined {
  if (context && typeof context === 'object' && 'session' in context) {
    return (context as LoaderContext).session;
  }
  return undefined;
}

/** The caller of a loader: the one in its context (loadPage's), else the web client's. */
export function callerOf(context: unknown): Caller {
  if (context && typeof context === 'object' && 'call' in context) {
    return (context as LoaderContext).call;
  }
  return cachedCall;
}

/** The call's response or error, as the page shows them; neither when it was not inlined. */
export async function load<T>(response: Promise<T>): Promise<Loaded<T>> {
  try {
    return { data: await response };
  } catch (error) {
    return error instanceof NotInlined ? {} : { error };
  }
}

/** True for a loader's result that is not loaded yet (the page came without its response). */
export function notLoaded(page: unknown): boolean {
  return (
    typeof page === 'object' &&
    page !== null &&
    !Object.hasOwn(page, 'data') &&
    !Object.hasOwn(page, 'error')
  );
}

export interface LoadOptions {
  context?: LoaderContext;
  signal?: AbortSignal;
  /** The routes `location` matches, when the caller has matched them already. */
  matches?: RouteMatch[];
}

/** One matched route of a loaded page: its id and its loader's result. */
export interface LoadedRoute {
  id: string | undefined;
  data: unknown;
}

/**
 * Loads the page at `location`: the modules of the routes it matches (once; the route takes
 * its page component) and, at the same time, every matched route's loader. Returns the
 * matches in order, root first, each with its loader's result (undefined without one).
 */
export async function loadRoutes(
  routes: RouteObject[],
  location: Pick<Location, 'pathname' | 'search'>,
  options: LoadOptions = {},
): Promise<LoadedRoute[]> {
  const matches = options.matches ?? matchRoutes(routes, location) ?? [];
  const modules = matches.map(async ({ route }) => {
    const loadModule = route.lazy;
    if (!loadModule) return;
    Object.assign(route, await loadModule());
    route.lazy = undefined;
  });
  const url = new URL(`${location.pathname}${location.search}`, 'http://page');
  const loaded = matches.map(({ route, params }) =>
    typeof route.loader === 'function'
      ? route.loader({
          params,
          request: new Request(url, { signal: options.signal }),
          url,
          pattern: route.path ?? '',
          context: options.context,
        })
      : undefined,
  );
  const [data] = await Promise.all([Promise.all(loaded), Promise.all(modules)]);
  return matches.map(({ route }, i) => ({ id: route.id, data: data[i] }));
}

/**
 * Loads the page at `location` (loadRoutes) and returns the page's data: its own route's
 * loader result (undefined for a page without one). The server and the browser load a page
 * with this same function, so both render it from the same data.
 */
export async function loadPage(
  routes: RouteObject[],
  location: Pick<Location, 'pathname' | 'search'>,
  options: LoadOptions = {},
): Promise<unknown> {
  return (await loadRoutes(routes, location, options)).at(-1)?.data;
}

interface PageData {
  /** The page's loader result. */
  data: unknown;
  /** The address being loaded, while the current page stays on screen. */
  navigating: Location | null;
}

export const PageDataContext = createContext<PageData>({ data: undefined, navigating: null });

/** The page's data, as its route's loader returned it: usePageData<typeof loader>(). */
export function usePageData<L extends (...args: never[]) => unknown>(): Awaited<ReturnType<L>> {
  return useContext(PageDataContext).data as Awaited<ReturnType<L>>;
}

/** The address the router is loading (a link just followed, a filter just chosen), if any. */
export function useNavigating(): Location | null {
  return useContext(PageDataContext).navigating;
}
