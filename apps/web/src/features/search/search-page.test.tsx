import type { ProductSummary } from '@kitroom/contract';
import { fireEvent, screen } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
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
});
