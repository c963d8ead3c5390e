// The page's responses: what its routes' loaders got on the server (entry-server.tsx), inlined
// into its HTML (<script id="initial-data" type="application/json">{ "<path> <body>": response
// }</script>) so the first paint waits for no second round trip, and the page hydrates from
// the same data it was rendered with. In the browser each response is used once by the
// client's `call`; components read them through InitialDataContext (useApi's `inlined`),
// which the server fills per render.
import { createContext, useContext } from 'react';

let pending: Map<string, unknown> | undefined;

function load(): Map<string, unknown> {
  if (pending) return pending;
  pending = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById('initial-data');
  if (element?.textContent) {
    try {
      const parsed: unknown = JSON.parse(element.textContent);
      if (parsed && typeof parsed === 'object') {
        for (const [key, value] of Object.entries(parsed)) pending.set(key, value);
      }
    } catch {
      // A damaged block only costs the round trip it was meant to save.
    }
    element.remove();
  }
  return pending;
}

/** The inlined response for this call, once; undefined when there is none. */
export function takeInitialData<T>(key: string): T | undefined {
  const data = load();
  if (!data.has(key)) return undefined;
  const value = data.get(key) as T;
  data.delete(key);
  return value;
}

/** The inlined response for this call without using it up (for painting it at once). */
export function peekInitialData<T>(key: string): T | undefined {
  return load().get(key) as T | undefined;
}

/** Forgets every inlined response (after the first client-side navigation they are stale). */
export function dropInitialData(): void {
  pending = new Map();
}

/** The responses a render may paint at once. */
export interface InitialData {
  peek<T>(key: string): T | undefined;
}

/** This page's inlined responses, in the browser. */
export const browserInitialData: InitialData = { peek: peekInitialData };

/** The responses of one server render (the server inlines the same ones into the page). */
export function initialDataOf(responses: Record<string, unknown>): InitialData {
  const map = new Map(Object.entries(responses));
  return { peek: <T>(key: string) => map.get(key) as T | undefined };
}

export const InitialDataContext = createContext<InitialData>(browserInitialData);

export function useInitialData(): InitialData {
  return useContext(InitialDataContext);
}
