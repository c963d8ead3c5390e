import type { ShopListingResponse } from '@kitroom/contract';
import { fireEvent, screen } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it } from 'vitest';
import AllProductsPage from '@/features/catalogue/all-products-page';
import { allProductsLoader } from '@/features/catalogue/loaders';
import { eventually } from '@/test/eventually';
import { fakeApi, ok } from '@/test/fake-api';
import { renderLoadedApp } from '@/test/render-app';
import { AppLayout } from './app-layout';

const listing: ShopListingResponse = {
  products: [],
  categories: [],
  sub_categories: [],
  teams: [],
  players: [],
  min_price: 0,
  max_price: 0,
  total: 0,
};

describe('the page shell', () => {
  it('leaves the focus on a control that changed the page’s query (a sort, a filter)', async () => {
    const api = fakeApi();
    api.on('shop.php', () => ok(listing));
    await renderLoadedApp(
      <Route element={<AppLayout />}>
        <Route path="/allProducts" element={<AllProductsPage />} loader={allProductsLoader} />
      </Route>,
      '/allProducts',
    );
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    sortBy.focus();
    fireEvent.change(sortBy, { target: { value: 'popular' } });
    await eventually(() => expect(api.calls['shop.php']).toHaveLength(2));
    await eventually(() =>
      expect(screen.getByTestId('where').textContent).toBe('/allProducts?sort=popular'),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(sortBy);
  });
});
