// The cart (spec section 4): lines identified by (product id, size, print) — two prints of one
// shirt are two lines (decision 049) — quantities between 1 and the size's stock, saved locally
// on every change and loaded from the server for a logged-in user.
import type { CartItem, Print } from '@kitroom/contract';
import {
  createAsyncThunk,
  createSlice,
  type PayloadAction,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { getCart, mergeCart } from '@/api/calls';
import { messageOf } from '@/api/client';
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
const sameLine = (item: CartItem, ref: LineRef) => lineKey(lineRef(item)) === lineKey(ref);

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

type ThunkConfig = { rejectValue: string };

/**
 * Logged in (the session's user id): the server cart replaces the local copy. Visitor (null):
 * the local copy.
 */
export const loadCart = createAsyncThunk<CartItem[], number | null, ThunkConfig>(
  'cart/load',
  async (userId, { rejectWithValue }) => {
    if (userId === null) return readLocalCart();
    try {
      const { cart_items } = await getCart({ user_id: userId });
      return cart_items;
    } catch (error) {
      return rejectWithValue(messageOf(error, LOAD_CART_ERROR));
    }
  },
);

/**
 * At login: sends the visitor's local lines to cart_merge.php and keeps the merged server
 * cart. The login page dispatches this once the session cookie is set.
 */
export const mergeGuestCartAtLogin = createAsyncThunk<
  CartItem[],
  { userId: number },
  ThunkConfig & { state: { cart: CartState } }
>('cart/mergeAtLogin', async ({ userId }, { getState, rejectWithValue }) => {
  const items = getState().cart.items.map((item) => ({
    product_id: item.id,
    size: item.selected_size,
    quantity: item.selected_quantity,
    // The server prices the print itself; a print the product no longer offers is dropped.
    ...printOfLine(item.print),
  }));
  try {
    const { cart_items } = await mergeCart({ user_id: userId, items });
    return cart_items;
  } catch (error) {
    return rejectWithValue(messageOf(error, LOAD_CART_ERROR));
  }
});

const cartSlice = createSlice({
  name: 'cart',
  // A store is given the local lines as its preloaded state (app/store.ts): reading storage
  // here would run on every reducer probe redux makes while the store is created.
  initialState: () => initialCartState([]),
  reducers: {
    /** Same product, size and print: the quantity grows (up to the stock); else a new line. */
    addItem(state, action: PayloadAction<CartItem>) {
      const incoming = action.payload;
      const existing = state.items.find((item) => sameLine(item, lineRef(incoming)));
      if (existing) {
        existing.stock_quantity = incoming.stock_quantity;
        // The print's price as the product page has it now.
        if (incoming.print) existing.print = incoming.print;
        existing.selected_quantity = clampQuantity(
          existing.selected_quantity + incoming.selected_quantity,
          incoming.stock_quantity,
        );
        return;
      }
      state.items.push({
        ...incoming,
        selected_product_id: incoming.id,
        selected_quantity: clampQuantity(incoming.selected_quantity, incoming.stock_quantity),
      });
    },
    removeItem(state, action: PayloadAction<LineRef>) {
      state.items = state.items.filter((item) => !sameLine(item, action.payload));
    },
    /** One more, never above the size's stock. */
    increaseQuantity(state, action: PayloadAction<LineRef>) {
      const line = state.items.find((item) => sameLine(item, action.payload));
      if (line && line.selected_quantity < line.stock_quantity) line.selected_quantity += 1;
    },
    /** One fewer, never below 1. */
    decreaseQuantity(state, action: PayloadAction<LineRef>) {
      const line = state.items.find((item) => sameLine(item, action.payload));
      if (line && line.selected_quantity > 1) line.selected_quantity -= 1;
    },
    clearCart(state) {
      state.items = [];
    },
    /**
     * The server's cart after the shopper's last change (cart-sync.ts). The same cart keeps
     * the same lines, so nothing the shopper ticked is unticked for a response that agrees.
     */
    cartReconciled(state, action: PayloadAction<CartItem[]>) {
      const server = action.payload;
      if (
        server.length === state.items.length &&
        server.every((line, i) => sameShownLine(line, state.items[i]!))
      ) {
        return;
      }
      state.items = server;
    },
  },
  extraReducers: (builder) => {
    for (const thunk of [loadCart, mergeGuestCartAtLogin]) {
      builder
        .addCase(thunk.pending, (state) => {
          state.loading = true;
          state.error = null;
        })
        .addCase(thunk.fulfilled, (state, action) => {
          state.loading = false;
          state.items = action.payload;
        })
        .addCase(thunk.rejected, (state, action) => {
          state.loading = false;
          state.error = action.payload ?? FETCH_CART_ERROR;
        });
    }
  },
});

export const {
  addItem,
  removeItem,
  increaseQuantity,
  decreaseQuantity,
  clearCart,
  cartReconciled,
} = cartSlice.actions;
export const cartReducer = cartSlice.reducer;

/** The actions a shopper makes; these (and only these) are sent to the server cart. */
export const shopperCartActions = [
  addItem,
  removeItem,
  increaseQuantity,
  decreaseQuantity,
  clearCart,
];

export type CartRootState = { cart: CartState };
export const selectCart = (state: CartRootState) => state.cart;
export const selectCartItems = (state: CartRootState) => state.cart.items;
/** The badge on the cart icon: the number of pieces in the cart. */
export const selectCartCount = (state: CartRootState) =>
  state.cart.items.reduce((sum, item) => sum + item.selected_quantity, 0);

export const useCartSelector = useSelector.withTypes<CartRootState>();
export const useCartDispatch =
  useDispatch.withTypes<ThunkDispatch<CartRootState, unknown, UnknownAction>>();
