import type { CartItem } from '@kitroom/contract';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@/ui/router';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { StoreProvider } from '@/ui/small-store';
import { logInLocally, makeStore } from '@/test/render-app';
import { AlertHost } from '@/ui/alert';
import CartPanel from './cart-panel';
import { addItem, cartFailed } from './cart-slice';

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
  const store = makeStore(items);
  const onClose = vi.fn();
  render(
    <StoreProvider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <CartPanel open onClose={onClose} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        <AlertHost />
      </MemoryRouter>
    </StoreProvider>,
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
    const store = makeStore([]);
    store.dispatch(cartFailed('Failed to load cart'));
    render(
      <StoreProvider store={store}>
        <MemoryRouter>
          <CartPanel open onClose={() => undefined} />
        </MemoryRouter>
      </StoreProvider>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Failed to load cart');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('cart panel and the server cart', () => {
  it("takes the server's response to a change: stock that dropped caps the line", async () => {
    logInLocally(9);
    const api = fakeApi();
    // Someone bought the last but one: the server holds 1 of the 2 the panel knew of.
    api.on('cart_manage.php', () =>
      ok({ cart_items: [line({ selected_quantity: 1, stock_quantity: 1 })] }),
    );
    renderPanel([line()]);
    fireEvent.click(screen.getByRole('button', { name: 'One more Manchester United Home 2025' }));
    expect(screen.getByText('Price : 2 x ₹1,499')).toBeTruthy();
    expect(await screen.findByText('Price : 1 x ₹1,499')).toBeTruthy();
    expect(
      screen.getByRole<HTMLButtonElement>('button', {
        name: 'One more Manchester United Home 2025',
      }).disabled,
    ).toBe(true);
    expect(api.calls['cart_manage.php']).toEqual([
      { action: 'add', user_id: 9, product_id: 3, size: 'L', quantity: 1 },
    ]);
  });

  it('tells the shopper a size sold out and corrects the lines from cart.php', async () => {
    logInLocally(9);
    const api = fakeApi();
    api.on('cart_manage.php', () => refuse(409, 'Size M is out of stock.'));
    api.on('cart.php', () => ok({ cart_items: [line()] }));
    const { store } = renderPanel([line()]);
    act(() => {
      store.dispatch(addItem(line({ id: 8, selected_product_id: 8, selected_size: 'M' })));
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    const alert = await screen.findByRole('alertdialog', { name: 'Cart' });
    expect(within(alert).getByText('Size M is out of stock.')).toBeTruthy();
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(store.getState().cart.items).toEqual([line()]);
    expect(api.calls['cart.php']).toEqual([{ user_id: 9 }]);
  });

  it('keeps what the shopper ticked when the response agrees with the cart', async () => {
    logInLocally(9);
    const api = fakeApi();
    api.on('cart_manage.php', () => ok({ cart_items: [line({ selected_quantity: 2 })] }));
    renderPanel([line()]);
    fireEvent.click(screen.getByRole('button', { name: 'One more Manchester United Home 2025' }));
    fireEvent.click(lineBoxes()[0]!);
    await vi.waitFor(() => expect(api.calls['cart_manage.php']).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(lineBoxes()[0]!.checked).toBe(true);
  });
});

describe('cart panel for a wholesaler', () => {
  it('shows the wholesale price as the line price, the retail one struck through', async () => {
    logInLocally(9);
    const api = fakeApi();
    api.on('wholesale_prices.php', () =>
      ok({
        wholesale: true,
        pieces: 12,
        tier: { min_pieces: 10, percent_off: 20 },
        next_tier: null,
        min_order: 0,
        min_pieces: 0,
        prices: [
          { product_id: 3, price: 919 },
          { product_id: 4, price: 999 },
        ],
      }),
    );
    renderPanel([
      line({ discount_price: 1149, selected_quantity: 12, stock_quantity: 20 }),
      line({ id: 4, selected_product_id: 4, name: 'Kerala Blasters Away', discount_price: 999 }),
    ]);
    const [wholesaleLine, retailLine] = screen.getAllByRole('listitem');
    await vi.waitFor(() =>
      expect(within(wholesaleLine!).getByText(/^Price :/).textContent).toBe(
        'Price : 12 x ₹919 retail ₹1,149',
      ),
    );
    expect(wholesaleLine!.querySelector('s')?.textContent).toBe('retail ₹1,149');
    // A product the list does not lower shows its one price, nothing struck through.
    expect(within(retailLine!).getByText(/^Price :/).textContent).toBe('Price : 1 x ₹999');
    expect(retailLine!.querySelector('s')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('Selected (2)').nextElementSibling?.textContent).toBe('₹12,027');
  });
});
