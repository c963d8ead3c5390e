import type { ProductSummary } from '@kitroom/contract';
import { fireEvent, screen } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it } from 'vitest';
import { eventually } from '@/test/eventually';
import { fakeApi, ok } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import SearchPage from './search-page';

const jersey: ProductSummary = {
  id: 7,
  name: 'Real Madrid Home 2026',
  price: 1999,
  discount_price: 1799,
  image_url: 'images/products/7.webp',
  stock_quantity: 9,
  size: { M: 9 },
  category_name: 'Club Jerseys',
  sub_category_name: null,
  team_name: 'Real Madrid',
  player_name: null,
  tag: 'real madrid',
  product_rating: 0,
  review_count: 0,
};

const routes = (
  <>
    <Route path="/searchPage" element={<SearchPage />} />
    <Route path="/searchPage/:term" element={<SearchPage />} />
  </>
);

describe('search page', () => {
  it('clears the results without a call when Search is pressed with an empty box', async () => {
    const api = fakeApi();
    api.on('search_result.php', () => ok({ products: [jersey] }));
    renderApp(routes, '/searchPage/real%20madrid');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(results.textContent).toContain('Real Madrid');
    expect(api.calls['search_result.php']).toEqual([{ search: 'real madrid' }]);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), {
      target: { value: '   ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByText(/Real Madrid/)).toBeNull();
    expect(screen.queryByText('Product Not Found')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search');
    expect(api.calls['search_result.php']).toHaveLength(1);
  });

  it("shows a wholesaler their price on every card, asked in one call for the page's cards", async () => {
    logInLocally(41);
    const api = fakeApi();
    const away = { ...jersey, id: 8, name: 'Real Madrid Away 2026' };
    api.on('search_result.php', () => ok({ products: [jersey, away] }));
    api.on('wholesale_prices.php', () =>
      ok({
        wholesale: true,
        pieces: 1,
        tier: null,
        next_tier: null,
        min_order: 0,
        min_pieces: 0,
        prices: [
          { product_id: 7, price: 1349.25 },
          { product_id: 8, price: 1200 },
        ],
      }),
    );
    renderApp(routes, '/searchPage/real%20madrid');
    const results = await screen.findByRole('list', { name: 'Search results' });
    await eventually(() => expect(results.textContent).toContain('Wholesale price ₹1,349.25'));
    expect(results.textContent).toContain('Wholesale price ₹1,200');
    expect(api.calls['wholesale_prices.php']).toEqual([
      { user_id: 41, product_ids: [7, 8], pieces: 1 },
    ]);
  });

  it('sorts the results as the address says, and keeps the sort for the next search', async () => {
    const api = fakeApi();
    api.on('search_result.php', () => ok({ products: [jersey] }));
    renderApp(routes, '/searchPage/real%20madrid?sort=price-asc');
    await screen.findByRole('list', { name: 'Search results' });
    expect(api.calls['search_result.php']).toEqual([{ search: 'real madrid', sort: 'price-asc' }]);
    const sortBy = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' });
    expect(sortBy.value).toBe('price-asc');

    fireEvent.change(sortBy, { target: { value: '' } });
    await eventually(() =>
      expect(api.calls['search_result.php']?.at(-1)).toEqual({ search: 'real madrid' }),
    );
    expect(screen.getByTestId('where').textContent).toBe('/searchPage/real%20madrid');
    expect(sortBy.options[0]?.textContent).toBe('Best match');

    fireEvent.change(sortBy, { target: { value: 'rating' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), {
      target: { value: 'kerala' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await eventually(() =>
      expect(screen.getByTestId('where').textContent).toBe('/searchPage/kerala?sort=rating'),
    );
    await eventually(() =>
      expect(api.calls['search_result.php']?.at(-1)).toEqual({ search: 'kerala', sort: 'rating' }),
    );
  });

  it('asks nothing for a guest, whose cards show retail prices only', async () => {
    const api = fakeApi();
    api.on('search_result.php', () => ok({ products: [jersey] }));
    renderApp(routes, '/searchPage/real%20madrid');
    const results = await screen.findByRole('list', { name: 'Search results' });
    await new Promise((r) => setTimeout(r, 100));
    expect(results.textContent).not.toContain('Wholesale');
    expect(api.calls['wholesale_prices.php']).toBeUndefined();
  });
});
