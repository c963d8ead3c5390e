// Printed lines (decision 049): a line is (product, size, print) in the slice, the local copy,
// the server sync and the merge at login, and the panel says what is printed and its price.
import type { CartItem } from '@kitroom/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@/ui/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/test/render-app';
import { StoreProvider } from '@/ui/small-store';
import CartPanel from './cart-panel';
import {
  addItem,
  cartReducer,
  decreaseQuantity,
  increaseQuantity,
  initialCartState,
  mergeGuestCartAtLogin,
  removeItem,
} from './cart-slice';
import { serverChanges } from './cart-sync';
import { CART_KEY, readLocalCart } from './cart-storage';

const luna = { name: 'LUNA', number: 10, patch: true, price: 650 };
const messi = { name: 'MESSI', number: 10, patch: false, price: 500 };

function line(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: 7,
    selected_product_id: 7,
    image_url: 'images/products/7.webp',
    name: 'Argentina Home 2026',
    price: 2999,
    discount_price: 2400,
    selected_quantity: 1,
    selected_size: 'M',
    stock_quantity: 5,
    ...overrides,
  };
}

const jsonResponse = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('printed lines in the cart', () => {
  it('keeps two prints of one shirt, and the plain shirt, as three lines', () => {
    let state = initialCartState([]);
    state = cartReducer(state, addItem(line({ print: luna })));
    state = cartReducer(state, addItem(line({ print: messi })));
    state = cartReducer(state, addItem(line()));
    state = cartReducer(state, addItem(line({ print: luna, selected_quantity: 2 })));
    expect(state.items.map((i) => [i.print?.name ?? '', i.selected_quantity])).toEqual([
      ['LUNA', 3],
      ['MESSI', 1],
      ['', 1],
    ]);
  });

  it('changes and removes the line the shopper pointed at, not its twin', () => {
    let state = initialCartState([
      line({ print: luna }),
      line({ print: messi }),
      line({ selected_quantity: 2 }),
    ]);
    state = cartReducer(state, increaseQuantity({ id: 7, size: 'M', print: messi }));
    state = cartReducer(state, decreaseQuantity({ id: 7, size: 'M' }));
    expect(state.items.map((i) => i.selected_quantity)).toEqual([1, 2, 1]);
    state = cartReducer(state, removeItem({ id: 7, size: 'M', print: luna }));
    expect(state.items.map((i) => i.print?.name ?? '')).toEqual(['MESSI', '']);
  });

  it('tells the server cart which line changed, with its print and without its price', () => {
    const before = [line({ print: luna }), line()];
    const after = [line({ print: luna, selected_quantity: 2 }), line(), line({ print: messi })];
    expect(serverChanges(4, before, after, false)).toEqual([
      {
        action: 'add',
        user_id: 4,
        product_id: 7,
        size: 'M',
        quantity: 1,
        print: { name: 'LUNA', number: 10, patch: true },
      },
      {
        action: 'add',
        user_id: 4,
        product_id: 7,
        size: 'M',
        quantity: 1,
        print: { name: 'MESSI', number: 10, patch: false },
      },
    ]);
    expect(serverChanges(4, before, [line()], false)).toEqual([
      {
        action: 'reduce',
        user_id: 4,
        product_id: 7,
        size: 'M',
        quantity: 1,
        print: { name: 'LUNA', number: 10, patch: true },
      },
    ]);
  });

  it('keeps the prints in the local copy and drops a line whose print is damaged', () => {
    localStorage.setItem(
      CART_KEY,
      JSON.stringify([line({ print: luna }), { ...line(), print: { name: 7 } }, line()]),
    );
    expect(readLocalCart()).toEqual([line({ print: luna }), line()]);
  });

  it('sends each print to cart_merge.php at login', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ cart_items: [line({ print: luna })] }));
    const store = makeStore([line({ print: luna }), line()]);
    await store.dispatch(mergeGuestCartAtLogin({ userId: 5 }));
    expect(JSON.parse(String(fetchSpy.mock.calls[0]![1]!.body))).toEqual({
      user_id: 5,
      items: [
        {
          product_id: 7,
          size: 'M',
          quantity: 1,
          print: { name: 'LUNA', number: 10, patch: true },
        },
        { product_id: 7, size: 'M', quantity: 1 },
      ],
    });
    expect(store.getState().cart.items).toEqual([line({ print: luna })]);
  });

  it('shows what is printed and the price with the print, and acts on the right line', () => {
    const store = makeStore([line({ print: luna }), line({ print: messi })]);
    render(
      <StoreProvider store={store}>
        <MemoryRouter>
          <CartPanel open onClose={() => {}} />
        </MemoryRouter>
      </StoreProvider>,
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByText('Price : 1 x ₹3,050')).toBeTruthy();
    expect(within(first!).getByTestId('cart-line-print').textContent).toBe(
      'Printed: LUNA · 10 · sleeve patch (+₹650)',
    );
    expect(within(second!).getByText('Price : 1 x ₹2,900')).toBeTruthy();
    fireEvent.click(
      screen.getByRole('button', { name: 'One more Argentina Home 2026, printed MESSI · 10' }),
    );
    fireEvent.click(
      screen.getByRole('button', {
        name: 'Remove Argentina Home 2026, printed LUNA · 10 · sleeve patch',
      }),
    );
    expect(store.getState().cart.items).toEqual([line({ print: messi, selected_quantity: 2 })]);
  });
});
