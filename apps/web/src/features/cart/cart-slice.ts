// The cart (spec section 4): lines identified by (product id, size, print) — two prints of one
// shirt are two lines (decision 049) — quantities between 1 and the size's stock, saved locally
// on every change and loaded from the server for a logged-in user.
import type { CartItem, Print } from '@kitroom/contract';
import { getCart, mergeCart } from '@/api/calls';
import { messageOf } from '@/api/client';
import { patch, useSelector, useStore, type Dispatch, type Thunk } from '@/ui/small-store';
import { readLocalCart } from './cart-storage';
import { printOfLine } from './checkout-line';

export interface CartState {
  items: CartItem[];
  loading: boolean;
  error: string | null;
}

export interface LineRef {
  id: number;
  size: string;
  /** The line's print; absent or null: the plain shirt's line. */
  print?: Print | null;
}

export const FETCH_CART_ERROR = 'Failed to fetch cart';
export const LOAD_CART_ERROR = 'Failed to load cart';

/** The line a cart item is: its product, size and print. */
export function lineRef(item: CartItem): LineRef {
  return { id: item.id, size: item.selected_size, print: item.print ?? null };
}

/** A line's key: '7:M' for the plain shirt, '7:M:LUNA:10:1' for a print. */
export function lineKey({ id, size, print }: LineRef): string {
  if (!print) return `${id}:${size}`;
  return `${id}:${size}:${print.name}:${print.number ?? ''}:${print.patch ? 1 : 0}`;
}

// By key, not the contract's samePrint: the cart is in every page's first load, and importing
// the printing module there would bring the product page's print texts along with it.
/** Whether `item` is the cart's line for `ref` (its product, size and print). */
export const sameLine = (item: CartItem, ref: LineRef) => lineKey(lineRef(item)) === lineKey(ref);

/** What a shopper sees of a line; the server's response replaces the local line if any differ. */
const sameShownLine = (a: CartItem, b: CartItem) =>
  a.id === b.id &&
  a.selected_size === b.selected_size &&
  a.selected_quantity === b.selected_quantity &&
  a.stock_quantity === b.stock_quantity &&
  a.price === b.price &&
  a.discount_price === b.discount_price &&
  a.name === b.name &&
  a.image_url === b.image_url &&
  lineKey(lineRef(a)) === lineKey(lineRef(b)) &&
  a.print?.price === b.print?.price;

const clampQuantity = (quantity: number, stock: number) =>
  Math.max(1, Math.min(Math.floor(quantity), Math.max(1, stock)));

export function initialCartState(items: CartItem[] = readLocalCart()): CartState {
  return { items, loading: false, error: null };
}

export type CartAction =
  | { type: 'cart/addItem'; payload: CartItem }
  | { type: 'cart/removeItem'; payload: LineRef }
  | { type: 'cart/increaseQuantity'; payload: LineRef }
  | { type: 'cart/decreaseQuantity'; payload: LineRef }
  | { type: 'cart/clearCart' }
  | { type: 'cart/reconciled'; payload: CartItem[] }
  | { type: 'cart/requested' }
  | { type: 'cart/received'; payload: CartItem[] }
  | { type: 'cart/failed'; payload?: string };

/** Same product, size and print: the quantity grows (up to the stock); else a new line. */
export const addItem = (payload: CartItem): CartAction => ({ type: 'cart/addItem', payload });
export const removeItem = (payload: LineRef): CartAction => ({ type: 'cart/removeItem', payload });
/** One more, never above the size's stock. */
export const increaseQuantity = (payload: LineRef): CartAction => ({
  type: 'cart/increaseQuantity',
  payload,
});
/** One fewer, never below 1. */
export const decreaseQuantity = (payload: LineRef): CartAction => ({
  type: 'cart/decreaseQuantity',
  payload,
});
export const clearCart = (): CartAction => ({ type: 'cart/clearCart' });
/**
 * The server's cart after the shopper's last change (cart-sync.ts). The same cart keeps the
 * same lines, so nothing the shopper ticked is unticked for a response that agrees.
 */
export const cartReconciled = (payload: CartItem[]): CartAction => ({
  type: 'cart/reconciled',
  payload,
});
/** A load or a merge of the cart (below): started, its lines, or its failure's message. */
export const cartRequested = (): CartAction => ({ type: 'cart/requested' });
export const cartReceived = (payload: CartItem[]): CartAction => ({
  type: 'cart/received',
  payload,
});
export const cartFailed = (payload?: string): CartAction => ({ type: 'cart/failed', payload });

/** The actions a shopper makes; these (and only these) are sent to the server cart. */
export const SHOPPER_CART_ACTIONS: ReadonlySet<string> = new Set([
  'cart/addItem',
  'cart/removeItem',
  'cart/increaseQuantity',
  'cart/decreaseQuantity',
  'cart/clearCart',
]);

/** `items` with `ref`'s line changed by `change`; the same array when it changes nothing. */
function changeLine(
  items: CartItem[],
  ref: LineRef,
  change: (line: CartItem) => Partial<CartItem>,
): CartItem[] {
  const index = items.findIndex((item) => sameLine(item, ref));
  if (index === -1) return items;
  const line = patch(items[index]!, change(items[index]!));
  return line === items[index] ? items : items.map((item, i) => (i === index ? line : item));
}

function addLine(items: CartItem[], incoming: CartItem): CartItem[] {
  const ref = lineRef(incoming);
  if (!items.some((item) => sameLine(item, ref))) {
    return [
      ...items,
      {
        ...incoming,
        selected_product_id: incoming.id,
        selected_quantity: clampQuantity(incoming.selected_quantity, incoming.stock_quantity),
      },
    ];
  }
  return changeLine(items, ref, (line) => ({
    stock_quantity: incoming.stock_quantity,
    // The print's price as the product page has it now.
    ...(incoming.print ? { print: incoming.print } : {}),
    selected_quantity: clampQuantity(
      line.selected_quantity + incoming.selected_quantity,
      incoming.stock_quantity,
    ),
  }));
}

/** The cart's reducer: pure; an action that changes nothing returns `state` itself. */
export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'cart/addItem':
      return patch(state, { items: addLine(state.items, action.payload) });
    case 'cart/removeItem':
      return { ...state, items: state.items.filter((item) => !sameLine(item, action.payload)) };
    case 'cart/increaseQuantity':
      return patch(state, {
        items: changeLine(state.items, action.payload, (line) =>
          line.selected_quantity < line.stock_quantity
            ? { selected_quantity: line.selected_quantity + 1 }
            : {},
        ),
      });
    case 'cart/decreaseQuantity':
      return patch(state, {
        items: changeLine(state.items, action.payload, (line) =>
          line.selected_quantity > 1 ? { selected_quantity: line.selected_quantity - 1 } : {},
        ),
      });
    case 'cart/clearCart':
      return { ...state, items: [] };
    case 'cart/reconciled': {
      const server = action.payload;
      const same =
        server.length === state.items.length &&
        server.every((line, i) => sameShownLine(line, state.items[i]!));
      return same ? state : { ...state, items: server };
    }
    case 'cart/requested':
      return patch(state, { loading: true, error: null });
    case 'cart/received':
      return { ...state, loading: false, items: action.payload };
    case 'cart/failed':
      return patch(state, { loading: false, error: action.payload ?? FETCH_CART_ERROR });
    default:
      return state;
  }
}

/** A load or merge: `loading` while it runs, then its lines or its failure's message. */
function cartRequest(
  lines: (getState: () => CartRootState) => CartItem[] | Promise<CartItem[]>,
): Thunk<CartRootState, Promise<void>> {
  return async (dispatch, getState) => {
    dispatch(cartRequested());
    let items: CartItem[];
    try {
      items = await lines(getState);
    } catch (error) {
      dispatch(cartFailed(messageOf(error, LOAD_CART_ERROR)));
      return;
    }
    dispatch(cartReceived(items));
  };
}

/**
 * Logged in (the session's user id): the server cart replaces the local copy. Visitor (null):
 * the local copy.
 */
export const loadCart = (userId: number | null) =>
  cartRequest(async () =>
    userId === null ? readLocalCart() : (await getCart({ user_id: userId })).cart_items,
  );

/**
 * At login: sends the visitor's local lines to cart_merge.php and keeps the merged server
 * cart. The login page dispatches this once the session cookie is set.
 */
export const mergeGuestCartAtLogin = ({ userId }: { userId: number }) =>
  cartRequest(async (getState) => {
    const items = getState().cart.items.map((item) => ({
      product_id: item.id,
      size: item.selected_size,
      quantity: item.selected_quantity,
      // The server prices the print itself; a print the product no longer offers is dropped.
      ...printOfLine(item.print),
    }));
    return (await mergeCart({ user_id: userId, items })).cart_items;
  });

export type CartRootState = { cart: CartState };
export const selectCart = (state: CartRootState) => state.cart;
export const selectCartItems = (state: CartRootState) => state.cart.items;
/** The badge on the cart icon: the number of pieces in the cart. */
export const selectCartCount = (state: CartRootState) =>
  state.cart.items.reduce((sum, item) => sum + item.selected_quantity, 0);

export const useCartSelector: <T>(selector: (state: CartRootState) => T) => T = useSelector;
export const useCartDispatch = (): Dispatch<CartRootState> => useStore<CartRootState>().dispatch;
