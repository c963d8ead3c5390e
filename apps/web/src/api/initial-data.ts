// The server may inline a page's first API answers into index.html
// (<script id="initial-data" type="application/json">{ "<path> <body>": answer }</script>)
// so the first paint does not wait for a second round trip. Each answer is used once.

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

/** The inlined answer for this call, once; undefined when there is none. */
export function takeInitialData<T>(key: string): T | undefined {
  const data = load();
  if (!data.has(key)) return undefined;
  const value = data.get(key) as T;
  data.delete(key);
  return value;
}

/** The inlined answer for this call without using it up (for painting it at once). */
export function peekInitialData<T>(key: string): T | undefined {
  return load().get(key) as T | undefined;
}

/** Forgets every inlined answer (after the first client-side navigation they are stale). */
export function dropInitialData(): void {
  pending = new Map();
}
