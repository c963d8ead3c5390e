import type { CartItem } from '@kitroom/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addItem,
  cartFailed,
  cartReceived,
  cartReconciled,
  cartReducer,
  cartRequested,
  clearCart,
  decreaseQuantity,
  FETCH_CART_ERROR,
  increaseQuantity,
  initialCartState,
  loadCart,
  mergeGuestCartAtLogin,
  removeItem,
  selectCartCount,
} from './cart-slice';
import { makeStore as makeAppStore } from '@/test/render-app';
import { serverChanges } from './cart-sync';
import { CART_KEY } from './cart-storage';

function line(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: 7,
    selected_product_id: 7,
    image_url: 'images/products/7-front.webp',
    name: 'Kerala Blasters Home 2025',
    price: 1299,
    discount_price: 899,
    selected_quantity: 1,
    selected_size: 'M',
    stock_quantity: 3,
    ...overrides,
  };
}

/** The app's cart and session (the user is the one logIn stored before). */
function makeStore(items: CartItem[] = []) {
  return makeAppStore(items);
}

function logIn(userCode: number) {
  localStorage.setItem(
    'userData',
    JSON.stringify({ email: 'a@b.in', user_code: userCode, session_id: 's' }),
  );
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('cart transitions', () => {
  it('starts from the local copy, or empty', () => {
    expect(initialCartState().items).toEqual([]);
    localStorage.setItem(CART_KEY, JSON.stringify([line()]));
    expect(initialCartState().items).toEqual([line()]);
    localStorage.setItem(CART_KEY, '{not json');
    expect(initialCartState().items).toEqual([]);
  });

  it('appends a new line for a new product or size', () => {
    const store = makeStore([line()]);
    store.dispatch(addItem(line({ selected_size: 'L' })));
    store.dispatch(addItem(line({ id: 8, selected_product_id: 8 })));
    expect(store.getState().cart.items.map((i) => [i.id, i.selected_size])).toEqual([
      [7, 'M'],
      [7, 'L'],
      [8, 'M'],
    ]);
  });

  it('adds to the quantity of the same product and size, never above its stock', () => {
    const store = makeStore([line()]);
    store.dispatch(addItem(line({ selected_quantity: 1 })));
    expect(store.getState().cart.items).toHaveLength(1);
    expect(store.getState().cart.items[0]?.selected_quantity).toBe(2);
    store.dispatch(addItem(line({ selected_quantity: 5 })));
    expect(store.getState().cart.items[0]?.selected_quantity).toBe(3);
  });

  it('removes a line by product and size only', () => {
    const store = makeStore([line(), line({ selected_size: 'L' })]);
    store.dispatch(removeItem({ id: 7, size: 'M' }));
    expect(store.getState().cart.items.map((i) => i.selected_size)).toEqual(['L']);
  });

  it('increases by one up to the stock and decreases by one down to 1', () => {
    const store = makeStore([line({ selected_quantity: 2 })]);
    store.dispatch(increaseQuantity({ id: 7, size: 'M' }));
    store.dispatch(increaseQuantity({ id: 7, size: 'M' }));
    expect(store.getState().cart.items[0]?.selected_quantity).toBe(3);
    for (let i = 0; i < 4; i++) store.dispatch(decreaseQuantity({ id: 7, size: 'M' }));
    expect(store.getState().cart.items[0]?.selected_quantity).toBe(1);
  });

  it('clears every line', () => {
    const store = makeStore([line(), line({ id: 9 })]);
    store.dispatch(clearCart());
    expect(store.getState().cart.items).toEqual([]);
  });

  it('saves every change to the local copy', () => {
    const store = makeStore();
    store.dispatch(addItem(line({ selected_quantity: 2 })));
    expect(JSON.parse(localStorage.getItem(CART_KEY) ?? '[]')).toEqual([
      line({ selected_quantity: 2 }),
    ]);
    store.dispatch(clearCart());
    expect(localStorage.getItem(CART_KEY)).toBe('[]');
  });

  it('counts pieces for the cart badge', () => {
    const store = makeStore([line({ selected_quantity: 2 }), line({ id: 9 })]);
    expect(selectCartCount(store.getState())).toBe(3);
  });
});

/** `value` and everything in it frozen: a reducer that writes to it throws. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

describe('the cart reducer', () => {
  const luna = { name: 'LUNA', number: 10, patch: true, price: 650 };
  const state = () =>
    deepFreeze(initialCartState([line({ selected_quantity: 2 }), line({ id: 9, print: luna })]));

  it('never writes to the state it is given, and keeps the lines it did not change', () => {
    const actions = [
      addItem(line()),
      addItem(line({ id: 9, print: { ...luna, price: 700 } })),
      addItem(line({ id: 12 })),
      removeItem({ id: 7, size: 'M' }),
      increaseQuantity({ id: 7, size: 'M' }),
      decreaseQuantity({ id: 7, size: 'M' }),
      clearCart(),
      cartReconciled([line()]),
      cartRequested(),
      cartReceived([line()]),
      cartFailed('Please log in to continue.'),
    ];
    for (const action of actions) {
      const before = state();
      const copy = structuredClone(before);
      const after = cartReducer(before, action);
      expect(before).toEqual(copy);
      expect(after).not.toBe(before);
    }
    // A change to the first line leaves the second as it was.
    for (const action of [
      addItem(line()),
      increaseQuantity({ id: 7, size: 'M' }),
      decreaseQuantity({ id: 7, size: 'M' }),
    ]) {
      const before = state();
      const after = cartReducer(before, action);
      expect(after.items[0]).not.toBe(before.items[0]);
      expect(after.items[1]).toBe(before.items[1]);
    }
  });

  it('keeps the same state for an action that changes nothing (no render, no save)', () => {
    const before = state();
    for (const action of [
      addItem(line({ selected_quantity: 0, stock_quantity: 3 })),
      increaseQuantity({ id: 8, size: 'M' }),
      decreaseQuantity({ id: 9, size: 'M', print: luna }),
      cartReconciled(before.items.map((i) => ({ ...i }))),
      { type: 'session/userLoggedOut' } as never,
    ]) {
      expect(cartReducer(before, action)).toBe(before);
    }
    const full = deepFreeze(initialCartState([line({ selected_quantity: 3 })]));
    expect(cartReducer(full, increaseQuantity({ id: 7, size: 'M' }))).toBe(full);
    expect(cartReducer(full, addItem(line({ selected_quantity: 2 })))).toBe(full);
    const loading = cartReducer(before, cartRequested());
    expect(cartReducer(loading, cartRequested())).toBe(loading);
  });

  it('takes the print’s price as the product page has it when the line grows', () => {
    const after = cartReducer(state(), addItem(line({ id: 9, print: { ...luna, price: 700 } })));
    expect(after.items[1]).toMatchObject({ selected_quantity: 2, print: { price: 700 } });
  });
});

describe('loading the cart', () => {
  it('gives a visitor the local copy without a call', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const store = makeStore();
    localStorage.setItem(CART_KEY, JSON.stringify([line()]));
    const pending = store.dispatch(loadCart(null));
    expect(store.getState().cart.loading).toBe(true);
    await pending;
    expect(store.getState().cart).toEqual({ items: [line()], loading: false, error: null });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('overwrites the local copy with the server cart for a logged-in user', async () => {
    logIn(42);
    const server = [line({ id: 11, selected_product_id: 11, selected_quantity: 2 })];
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ cart_items: server }));
    const store = makeStore([line()]);
    await store.dispatch(loadCart(42));
    expect(fetchSpy).toHaveBeenCalledWith(
      '/api/cart.php',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ user_id: 42 }),
      }),
    );
    expect(store.getState().cart.items).toEqual(server);
    expect(JSON.parse(localStorage.getItem(CART_KEY) ?? '[]')).toEqual(server);
  });

  it("stores the server's error text, or 'Failed to load cart'", async () => {
    logIn(42);
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      jsonResponse({ error: 'Please log in to continue.' }, 401),
    );
    const store = makeStore();
    await store.dispatch(loadCart(42));
    expect(store.getState().cart).toMatchObject({
      loading: false,
      error: 'Please log in to continue.',
    });

    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('offline'));
    await store.dispatch(loadCart(42));
    expect(store.getState().cart.error).toBe('Failed to load cart');
  });

  it("falls back to 'Failed to fetch cart' for a rejection without a message", () => {
    const state = cartReducer(initialCartState([]), cartFailed());
    expect(state.error).toBe(FETCH_CART_ERROR);
  });

  it('merges the visitor cart into the server cart at login', async () => {
    const merged = [line({ selected_quantity: 3 })];
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ cart_items: merged }));
    const store = makeStore([line({ selected_quantity: 2 })]);
    await store.dispatch(mergeGuestCartAtLogin({ userId: 5 }));
    expect(fetchSpy).toHaveBeenCalledWith(
      '/api/cart_merge.php',
      expect.objectContaining({
        body: JSON.stringify({ user_id: 5, items: [{ product_id: 7, size: 'M', quantity: 2 }] }),
      }),
    );
    expect(store.getState().cart.items).toEqual(merged);
  });
});

describe('server sync', () => {
  it('sends nothing for a visitor', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const store = makeStore();
    store.dispatch(addItem(line()));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends each shopper change of a logged-in user, in order', async () => {
    logIn(3);
    const bodies: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return jsonResponse({ cart_items: [] });
    });
    const store = makeStore();
    store.dispatch(addItem(line({ selected_quantity: 2 })));
    store.dispatch(decreaseQuantity({ id: 7, size: 'M' }));
    store.dispatch(decreaseQuantity({ id: 7, size: 'M' }));
    store.dispatch(increaseQuantity({ id: 7, size: 'M' }));
    store.dispatch(removeItem({ id: 7, size: 'M' }));
    store.dispatch(addItem(line()));
    store.dispatch(clearCart());
    await vi.waitFor(() => expect(bodies).toHaveLength(6));
    expect(bodies).toEqual([
      { action: 'add', user_id: 3, product_id: 7, size: 'M', quantity: 2 },
      { action: 'reduce', user_id: 3, product_id: 7, size: 'M', quantity: 1 },
      { action: 'add', user_id: 3, product_id: 7, size: 'M', quantity: 1 },
      { action: 'reduce', user_id: 3, product_id: 7, size: 'M', quantity: 2 },
      { action: 'add', user_id: 3, product_id: 7, size: 'M', quantity: 1 },
      { action: 'clear', user_id: 3 },
    ]);
  });

  it('does not echo a cart loaded from the server back to it', () => {
    expect(serverChanges(1, [], [line()], false)).toHaveLength(1);
    logIn(1);
    const store = makeStore();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    store.dispatch(cartReceived([line()]));
    expect(store.getState().cart.items).toEqual([line()]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
