import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const row = (id: number, name: string, o: object = {}) => ({
  id,
  name,
  image_url: '',
  status: 'active',
  category_id: 1,
  category_name: 'Club Jerseys',
  team_id: 3,
  team_name: 'Kerala Blasters',
  price_paise: 199_900,
  discount_price_paise: 149_900,
  stock: 12,
  low_stock_sizes: 0,
  ...o,
});

describe('the products list', () => {
  it('shows status, prices in rupees and low stock, filters and pages', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('support')) },
      'GET /api/admin/catalogue/choices': {
        body: {
          categories: [{ id: 1, name: 'Club Jerseys', sub_categories: [] }],
          teams: [],
          players: [],
        },
      },
      'GET /api/admin/products': ({ query }) =>
        query.get('after') === 'next'
          ? { body: { products: [row(1, 'Oldest Jersey')], next_after: null } }
          : {
              body: {
                products: [
                  row(3, 'Blasters Home', { low_stock_sizes: 2, stock: 3 }),
                  row(2, 'Blasters Away', { status: 'draft', discount_price_paise: 199_900 }),
                ],
                next_after: 'next',
              },
            },
    });
    renderAdmin('/products');
    const home = (
      await screen.findByText('Blasters Home', { selector: 'a.max-md\\:hidden' })
    ).closest('tr')!;
    expect(within(home).getByText('₹1,499')).toBeTruthy();
    expect(within(home).getByText('₹1,999')).toBeTruthy();
    expect(within(home).getByText('2 low')).toBeTruthy();
    const away = screen
      .getByText('Blasters Away', { selector: 'a.max-md\\:hidden' })
      .closest('tr')!;
    expect(within(away).getByText('Draft')).toBeTruthy();
    // Support reads the catalogue but may not add to it.
    expect(screen.queryByRole('link', { name: 'New product' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findAllByText('Oldest Jersey')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Draft' }));
    fireEvent.click(screen.getByLabelText('Low stock only'));
    fireEvent.change(screen.getByLabelText('Search by name'), { target: { value: 'blasters' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const last = api.calls.filter((c) => c.path === '/api/admin/products').at(-1)!;
      expect(Object.fromEntries(last.query)).toMatchObject({
        status: 'draft',
        low_stock: 'true',
        q: 'blasters',
        sort: 'newest',
      });
    });
  });
});
