// Saves every cart change to the local copy and, for a logged-in user, replays the
// shopper's change on the server cart through cart_manage.php (fire-and-forget, in order).
import type { CartItem, CartManageRequest } from '@kitroom/contract';
import { isAnyOf, type Middleware } from '@reduxjs/toolkit';
import { manageCart } from '@/api/calls';
import { currentUserId } from '@/api/user-data';
import { clearCart, lineKey, shopperCartActions, type CartRootState } from './cart-slice';
import { writeLocalCart } from './cart-storage';

const isShopperChange = isAnyOf(...shopperCartActions);

/** The cart_manage.php calls that turn the `before` lines into the `after` lines. */
export function serverChanges(
  userId: number,
  before: readonly CartItem[],
  after: readonly CartItem[],
  cleared: boolean,
): CartManageRequest[] {
  if (cleared) return before.length > 0 ? [{ action: 'clear', user_id: userId }] : [];
  const previous = new Map(before.map((i) => [lineKey(i.id, i.selected_size), i]));
  const next = new Map(after.map((i) => [lineKey(i.id, i.selected_size), i]));
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
    });
  }
  return changes;
}

let queue: Promise<unknown> = Promise.resolve();

function send(changes: CartManageRequest[]): void {
  for (const change of changes) {
    // The spec's calls are fire-and-forget: a lost change is corrected the next time the
    // cart is loaded from the server, so a failure must not break the shopper's action.
    queue = queue.then(() => manageCart(change)).catch(() => undefined);
  }
}

export const cartSyncMiddleware: Middleware<object, CartRootState> =
  (api) => (next) => (action) => {
    const before = api.getState().cart.items;
    const result = next(action);
    const after = api.getState().cart.items;
    if (before === after) return result;
    writeLocalCart(after);
    if (isShopperChange(action)) {
      const userId = currentUserId();
      if (userId !== null) send(serverChanges(userId, before, after, clearCart.match(action)));
    }
    return result;
  };
