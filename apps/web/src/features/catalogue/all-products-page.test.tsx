import type { ShopListingResponse } from '@kitroom/contract';
import { fireEvent, screen } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it } from 'vitest';
import { eventually } from '@/test/eventually';
import { fakeApi, ok } from '@/test/fake-api';
import { renderLoadedApp } from '@/test/render-app';
import AllProductsPage from './all-products-page';
import { allProductsLoader } from './loaders';

const listing: ShopListingResponse = {
  products: [],
  categories: [{ category_name: 'Club Jerseys', count: 0 }],
  sub_categories: [],
  teams: [{ team_name: 'Kerala Blasters', count: 0 }],
  players: [],
  min_price: 0,
  max_price: 0,
  total: 0,
};

const where = () => screen.getByTestId('where').textContent;
const sortBy = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' });

describe('all products, sorted', () => {
  it('asks for the sort chosen with the filters kept, from the first page, and keeps it in the address', async () => {
    const api = fakeApi();
    api.on('shop.php', () => ok(listing));
    await renderLoadedApp(
      <Route path="/allProducts" element={<AllProductsPage />} loader={allProductsLoader} />,
      '/allProducts?team=Kerala+Blasters&start=50',
    );
    expect(api.calls['shop.php']).toEqual([{ limit: '50-100', team: ['Kerala Blasters'] }]);
    expect(sortBy().value).toBe('');

    fireEvent.change(sortBy(), { target: { value: 'price-asc' } });
    expect(sortBy().value).toBe('price-asc');
    await eventually(() =>
      expect(where()).toBe('/allProducts?team=Kerala+Blasters&sort=price-asc'),
    );
    expect(api.calls['shop.php']?.at(-1)).toEqual({
      limit: '0-50',
      sort: 'price-asc',
      team: ['Kerala Blasters'],
    });

    // A filter changed keeps the sort.
    fireEvent.click(screen.getAllByRole('checkbox', { name: /Club Jerseys/ })[0]!);
    await eventually(() =>
      expect(where()).toBe(
        '/allProducts?category=Club+Jerseys&team=Kerala+Blasters&sort=price-asc',
      ),
    );
    expect(api.calls['shop.php']?.at(-1)).toEqual({
      limit: '0-50',
      sort: 'price-asc',
      category: ['Club Jerseys'],
      team: ['Kerala Blasters'],
    });
  });

  it('shows the shop’s own order for a sort it does not know, and asks without one', async () => {
    const api = fakeApi();
    api.on('shop.php', () => ok(listing));
    await renderLoadedApp(
      <Route path="/allProducts" element={<AllProductsPage />} loader={allProductsLoader} />,
      '/allProducts?sort=cheapest',
    );
    expect(api.calls['shop.php']).toEqual([{ limit: '0-50' }]);
    expect(sortBy().value).toBe('');
  });
});
