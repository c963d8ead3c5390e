import type { CartItem } from '@kitroom/contract';
import { configureStore } from '@reduxjs/toolkit';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import CartPanel from './cart-panel';
import { addItem, cartReducer, initialCartState } from './cart-slice';
import { cartSyncMiddleware } from './cart-sync';

function line(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: 3,
    selected_product_id: 3,
    image_url: 'images/products/3.webp',
    name: 'Manchester United Home 2025',
    price: 1999,
    discount_price: 1499,
    selected_quantity: 1,
    selected_size: 'L',
    stock_quantity: 2,
    ...overrides,
  };
}

function Where() {
  const location = useLocation();
  return (
    <output data-testid="where">
      {`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}
    </output>
  );
}

function renderPanel(items: CartItem[], at = '/') {
  const store = configureStore({
    reducer: { cart: cartReducer },
    preloadedState: { cart: initialCartState(items) },
    middleware: (getDefault) => getDefault().concat(cartSyncMiddleware),
  });
  const onClose = vi.fn();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <CartPanel open onClose={onClose} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { store, onClose };
}

/** The lines' checkboxes (not Select all). */
const lineBoxes = () =>
  screen.getAllByRole('checkbox', { name: /^Select .+, size / }) as HTMLInputElement[];

describe('cart panel', () => {
  it('shows each line with the truncated name, price, size and quantity limits', () => {
    renderPanel([line()]);
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('Manchester Unit..')).toBeTruthy();
    expect(within(item).getByText('Price : 1 x ₹1,499')).toBeTruthy();
    expect(within(item).getByText('Size : L')).toBeTruthy();
    const fewer = within(item).getByRole('button', { name: /^One fewer/ }) as HTMLButtonElement;
    const more = within(item).getByRole('button', { name: /^One more/ }) as HTMLButtonElement;
    expect(fewer.disabled).toBe(true);
    fireEvent.click(more);
    expect(more.disabled).toBe(true);
    expect(within(item).getByText('Price : 2 x ₹1,499')).toBeTruthy();
  });

  it('unticks every line when the cart changes', () => {
    const { store } = renderPanel([line(), line({ id: 4, selected_product_id: 4 })]);
    const [first] = lineBoxes();
    fireEvent.click(first!);
    expect(first!.checked).toBe(true);
    act(() => {
      store.dispatch(addItem(line({ id: 5, selected_product_id: 5 })));
    });
    expect(lineBoxes().every((c) => !c.checked)).toBe(true);
  });

  it('ticks a line from its whole left edge, named by product and size', () => {
    renderPanel([line()]);
    const box = screen.getByRole('checkbox', {
      name: 'Select Manchester United Home 2025, size L',
    }) as HTMLInputElement;
    const edge = box.closest('label')!;
    expect(edge.className).toMatch(/\bw-11\b/);
    expect(edge.className).toMatch(/\bself-stretch\b/);
    fireEvent.click(edge);
    expect(box.checked).toBe(true);
  });

  it('Select all ticks every line, and any change of the cart unticks them all', () => {
    const { store } = renderPanel([line(), line({ id: 4, selected_product_id: 4 })]);
    const all = screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
    fireEvent.click(all);
    expect(lineBoxes().every((c) => c.checked)).toBe(true);
    expect(all.checked).toBe(true);
    expect(screen.getByText('Selected (2)')).toBeTruthy();
    expect(screen.getByText('Prices include GST')).toBeTruthy();
    fireEvent.click(all);
    expect(lineBoxes().some((c) => c.checked)).toBe(false);

    fireEvent.click(all);
    act(() => {
      store.dispatch(addItem(line({ id: 5, selected_product_id: 5 })));
    });
    expect(lineBoxes().some((c) => c.checked)).toBe(false);
    expect(all.checked).toBe(false);
  });

  it('asks for a selection, then for a login that goes on to checkout with the ticked lines', () => {
    const { onClose } = renderPanel([line()], '/productCategory/team/real-madrid?page=2');
    fireEvent.click(screen.getByRole('button', { name: 'CheckOut' }));
    const notSelected = screen.getByRole('alertdialog', { name: 'Product Not Selected' });
    expect(notSelected.textContent).toContain('Please select a product before checking out.');
    fireEvent.click(within(notSelected).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(lineBoxes()[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'CheckOut' }));
    const login = screen.getByRole('alertdialog', { name: 'Login Required' });
    expect(login.textContent).toContain('Please login to continue your purchase.');
    fireEvent.click(within(login).getByRole('button', { name: 'Login & Continue' }));
    expect(onClose).toHaveBeenCalled();
    const ticked = {
      items: [
        {
          product_id: 3,
          price: 1499,
          image_url: 'images/products/3.webp',
          name: 'Manchester United Home 2025',
          quantity: 1,
          selectedSize: 'L',
        },
      ],
    };
    // The login page sends a user to the redirect with returnState as its navigation state.
    expect(screen.getByTestId('where').textContent).toBe(
      `/login?redirect=%2FcheckOut ${JSON.stringify({ returnState: ticked })}`,
    );
    // Kept in the tab too, for the way through Sign Up.
    expect(JSON.parse(sessionStorage.getItem('checkoutAfterLogin')!)).toEqual(ticked);
  });

  it('sends the selected lines to /checkOut for a logged-in shopper', () => {
    localStorage.setItem(
      'userData',
      JSON.stringify({ email: 'a@b.in', user_code: 9, session_id: 's' }),
    );
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"cart_items":[]}'));
    renderPanel([line({ selected_quantity: 2 }), line({ id: 8, selected_product_id: 8 })]);
    fireEvent.click(lineBoxes()[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'CheckOut' }));
    expect(screen.getByTestId('where').textContent).toBe(
      `/checkOut ${JSON.stringify({
        items: [
          {
            product_id: 3,
            price: 1499,
            image_url: 'images/products/3.webp',
            name: 'Manchester United Home 2025',
            quantity: 2,
            selectedSize: 'L',
          },
        ],
      })}`,
    );
  });

  it('offers Shop Now when empty, and Clear Cart empties it', () => {
    const { onClose } = renderPanel([line()]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));
    expect(screen.getByText('Your Cart is Currently Empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Shop Now' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the load error with a way to try again', () => {
    const store = configureStore({
      reducer: { cart: cartReducer },
      preloadedState: { cart: { items: [], loading: false, error: 'Failed to load cart' } },
    });
    render(
      <Provider store={store}>
        <MemoryRouter>
          <CartPanel open onClose={() => undefined} />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Failed to load cart');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
