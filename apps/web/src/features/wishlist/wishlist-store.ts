// The wishlist hearts (decision 048). A guest's are kept on this device only (localStorage
// `wishlist`, an array of product ids, oldest first), as the spec's heart; a logged-in
// shopper's are the shop's (wishlist.php): the first heart drawn after a login merges the
// guest's into them (wishlist_merge.php) and forgets the local copy. The server's response
// replaces what a heart showed at once, so a refused change (409: the wishlist is full) is
// undone where it was shown.
import { WISHLIST_FULL, WISHLIST_LIMIT } from '@kitroom/contract';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { getWishlist, manageWishlist, mergeWishlist } from '@/api/wishlist-calls';
import { selectUserId, useSessionSelector } from '@/features/accounts';
import { showAlert } from '@/ui/alert';

const KEY = 'wishlist';

export interface WishlistState {
  /** Whose list: a user id, or null for this device's guest list. */
  owner: number | null;
  /** Product ids; the guest's oldest first, the server's newest first. */
  ids: readonly number[];
  /** False while a logged-in shopper's list is being fetched or merged. */
  ready: boolean;
}

const listeners = new Set<() => void>();
let guest: WishlistState | undefined;
let guestRaw: string | null = null;
let server: WishlistState | undefined;
/** The server calls, one after another, so the last response is the latest state. */
let queue: Promise<unknown> = Promise.resolve();
let pending = 0;

function emit() {
  for (const listener of listeners) listener();
}

/** This device's list, read again whenever the stored text changed (another tab, a test). */
function readGuest(): WishlistState {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    // Unreadable storage: the list kept in memory.
  }
  if (guest && raw === guestRaw) return guest;
  let ids: number[] = [];
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    if (Array.isArray(parsed)) ids = parsed.filter((v): v is number => Number.isInteger(v));
  } catch {
    // Unreadable text: an empty list.
  }
  guestRaw = raw;
  guest = { owner: null, ids, ready: true };
  return guest;
}

function writeGuest(ids: readonly number[]) {
  guest = { owner: null, ids, ready: true };
  guestRaw = ids.length === 0 ? null : JSON.stringify(ids);
  try {
    if (guestRaw === null) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, guestRaw);
  } catch {
    // Without storage the heart still works until the page is left.
  }
  emit();
}

function setServer(state: WishlistState | undefined) {
  server = state;
  emit();
}

/** Runs a server call after those before it; its response is kept if no later call waits. */
function enqueue(userId: number, run: () => Promise<{ product_ids: number[] }>): Promise<void> {
  pending += 1;
  const step = queue.then(run).then(
    ({ product_ids }) => {
      pending -= 1;
      if (server?.owner === userId && pending === 0) {
        setServer({ owner: userId, ids: product_ids, ready: true });
      }
    },
    (failure: unknown) => {
      pending -= 1;
      throw failure;
    },
  );
  queue = step.catch(() => undefined);
  return step;
}

/** Fetches the shopper's list, merging this device's guest hearts into it first. */
function startSync(userId: number) {
  const local = readGuest().ids;
  setServer({ owner: userId, ids: [], ready: false });
  const merging = local.length > 0;
  enqueue(userId, () =>
    merging
      ? mergeWishlist({ user_id: userId, product_ids: local.slice(-WISHLIST_LIMIT) })
      : getWishlist({ user_id: userId }),
  ).then(
    () => {
      // The merged hearts are the shopper's now: a later guest on this device starts empty.
      if (merging) writeGuest(readGuest().ids.filter((id) => !local.includes(id)));
    },
    () => {
      // Offline or the session is over: the hearts show empty; the next page load asks again.
      if (server?.owner === userId) setServer({ owner: userId, ids: [], ready: true });
    },
  );
}

function change(userId: number, productId: number, add: boolean) {
  const before = server?.owner === userId ? server.ids : [];
  setServer({
    owner: userId,
    ids: add ? [productId, ...before] : before.filter((id) => id !== productId),
    ready: true,
  });
  enqueue(userId, () =>
    manageWishlist({ user_id: userId, action: add ? 'add' : 'remove', product_id: productId }),
  ).catch((failure: unknown) => {
    showAlert(failure instanceof Error ? failure.message : 'Please try again', 'Wishlist');
    // What the shop keeps is the truth: ask for it again.
    void enqueue(userId, () => getWishlist({ user_id: userId })).catch(() => undefined);
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The server, and the browser while it hydrates, know no wishlist. */
const NONE: WishlistState = { owner: null, ids: [], ready: false };
const none = () => NONE;

export interface Wishlist extends WishlistState {
  has: (id: number) => boolean;
  toggle: (id: number) => void;
}

/** The list of whoever is logged in (or of this device's guest), as the browser knows it. */
function current(userId: number | null): WishlistState {
  return userId === null ? readGuest() : server?.owner === userId ? server : NONE;
}

/** Keeps the list in step with the session: a login fetches (and merges into) the shop's. */
function useOwnerSync(userId: number | null) {
  useEffect(() => {
    if (userId === null) {
      // After a logout the next login merges this device's hearts again.
      if (server) setServer(undefined);
    } else if (server?.owner !== userId) {
      startSync(userId);
    }
  }, [userId]);
}

function useToggle(userId: number | null): (id: number) => void {
  return useCallback(
    (id: number) => {
      if (userId === null) {
        const ids = readGuest().ids;
        if (ids.includes(id)) writeGuest(ids.filter((x) => x !== id));
        else if (ids.length >= WISHLIST_LIMIT) showAlert(WISHLIST_FULL, 'Wishlist');
        else writeGuest([...ids, id]);
      } else {
        change(userId, id, !(server?.owner === userId && server.ids.includes(id)));
      }
    },
    [userId],
  );
}

/** The hearts of whoever is logged in (or of this device's guest): the wishlist page's. */
export function useWishlist(): Wishlist {
  const userId = useSessionSelector(selectUserId);
  const state = useSyncExternalStore(subscribe, () => current(userId), none);
  useOwnerSync(userId);
  const toggle = useToggle(userId);
  return { ...state, has: (id) => state.ids.includes(id), toggle };
}

/**
 * One product's heart. It subscribes to a yes/no, not to the list: a page of cards hydrates
 * with the server's "no" and, when the product is not on this browser's list, nothing renders
 * again (the whole list would differ from the server's empty one and re-render every card's
 * heart at once, in one task, right after hydration).
 */
export function useHeart(productId: number): { on: boolean; toggle: () => void } {
  const userId = useSessionSelector(selectUserId);
  const on = useSyncExternalStore(
    subscribe,
    () => current(userId).ids.includes(productId),
    () => false,
  );
  useOwnerSync(userId);
  const toggle = useToggle(userId);
  return { on, toggle: useCallback(() => toggle(productId), [toggle, productId]) };
}
