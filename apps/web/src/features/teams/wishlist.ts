// The wishlist heart of team and player pages: kept on this device only
// (localStorage `wishlist`, an array of product ids).
import { useCallback, useSyncExternalStore } from 'react';

const KEY = 'wishlist';
const listeners = new Set<() => void>();
let snapshot: readonly number[] | undefined;

function read(): readonly number[] {
  if (snapshot) return snapshot;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    snapshot = Array.isArray(parsed) ? parsed.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    snapshot = [];
  }
  return snapshot;
}

function write(ids: readonly number[]) {
  snapshot = ids;
  try {
    localStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    // Without storage the heart still works until the page is left.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The server, and the browser while it hydrates, know no wishlist. */
const NONE: readonly number[] = [];
const none = () => NONE;

export function useWishlist(): { has: (id: number) => boolean; toggle: (id: number) => void } {
  const ids = useSyncExternalStore(subscribe, read, none);
  const toggle = useCallback((id: number) => {
    const current = read();
    write(current.includes(id) ? current.filter((x) => x !== id) : [...current, id]);
  }, []);
  return { has: (id) => ids.includes(id), toggle };
}
