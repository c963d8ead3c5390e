// Saves every cart change to the local copy and, for a logged-in user, replays the shopper's
// change on the server cart through cart_manage.php, in order. The cart changes at once
// (optimistic); each call returns the server's cart, and once the last queued call has
// responded, that cart reconciles the local one (stock that moved, a line the server capped).
// A refusal (409 'Size M is out of stock.', an unknown size or product) is shown to the
// shopper in the server's words, and the lines are then corrected from cart.php.
import type { CartItem, CartManageRequest } from '@kitroom/contract';
import { getCart, manageCart } from '@/api/calls';
import { messageOf } from '@/api/client';
import { statusOf } from '@/api/failure';
import { showAlert } from '@/ui/alert';
import type { Effect, Store } from '@/ui/small-store';
import {
  cartReconciled,
  lineKey,
  lineRef,
  SHOPPER_CART_ACTIONS,
  type CartRootState,
} from './cart-slice';
import { writeLocalCart } from './cart-storage';
import { printOfLine } from './checkout-line';

/** The responses that refuse a change: the size is sold out or unknown, the product gone. */
const REFUSALS = new Set([400, 404, 409]);

export const CART_REFUSED_TITLE = 'Cart';

/** The cart_manage.php calls that turn the `before` lines into the `after` lines. */
export function serverChanges(
  userId: number,
  before: readonly CartItem[],
  after: readonly CartItem[],
  cleared: boolean,
): CartManageRequest[] {
  if (cleared) return before.length > 0 ? [{ action: 'clear', user_id: userId }] : [];
  const previous = new Map(before.map((i) => [lineKey(lineRef(i)), i]));
  const next = new Map(after.map((i) => [lineKey(lineRef(i)), i]));
  const changes: CartManageRequest[] = [];
  for (const key of new Set([...previous.keys(), ...next.keys()])) {
    const was = previous.get(key);
    const now = next.get(key);
    const line = (now ?? was)!;
    const delta = (now?.selected_quantity ?? 0) - (was?.selected_quantity ?? 0);
    if (delta === 0) continue;
    changes.push({
      action: delta > 0 ? 'add' : 'reduce',
      user_id: userId,
      product_id: line.id,
      size: line.selected_size,
      quantity: Math.abs(delta),
      // A printed line is its own line on the server too (decision 049).
      ...printOfLine(line.print),
    });
  }
  return changes;
}

/**
 * The cart's effect in the store (ui/small-store.tsx). `userIdOf` reads the logged-in user's id
 * from the store (the session slice, which the app hands in: the session depends on the cart,
 * not the reverse).
 */
export function cartSync<S extends CartRootState>(
  userIdOf: (state: S) => number | null,
): Effect<S> {
  // One queue per store: calls go one after another, so responses arrive in order.
  let queue: Promise<void> = Promise.resolve();
  let waiting = 0;
  let refused = false;

  async function send(store: Store<S>, change: CartManageRequest): Promise<void> {
    let serverCart: CartItem[] | null = null;
    try {
      serverCart = (await manageCart(change)).cart_items;
    } catch (failure) {
      // No response (offline) or an ended session: the next load of the cart corrects it.
      if (REFUSALS.has(statusOf(failure) ?? 0)) {
        refused = true;
        showAlert(messageOf(failure, 'Please try again.'), CART_REFUSED_TITLE);
      }
    }
    waiting -= 1;
    // A later change is on its way: its response reconciles.
    if (waiting > 0) return;
    if (refused) {
      refused = false;
      try {
        serverCart = (await getCart({ user_id: change.user_id })).cart_items;
      } catch {
        return;
      }
      if (waiting > 0) return;
    }
    if (serverCart && userIdOf(store.getState()) === change.user_id) {
      store.dispatch(cartReconciled(serverCart));
    }
  }

  return (before, action, store) => {
    const was = before.cart.items;
    const now = store.getState().cart.items;
    if (was === now) return;
    writeLocalCart(now);
    if (!SHOPPER_CART_ACTIONS.has(action.type)) return;
    const userId = userIdOf(store.getState());
    if (userId === null) return;
    for (const change of serverChanges(userId, was, now, action.type === 'cart/clearCart')) {
      waiting += 1;
      queue = queue.then(() => send(store, change));
    }
  };
}
