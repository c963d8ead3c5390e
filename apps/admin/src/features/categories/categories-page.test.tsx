import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

describe('the categories page', () => {
  it('lists counts, checks a name with the contract, and shows why a used one stays', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager')) },
      'GET /api/admin/categories': {
        body: {
          categories: [
            {
              id: 1,
              name: 'Club Jerseys',
              products: 40,
              sub_categories: [{ id: 5, category_id: 1, name: 'Home Kits', products: 1 }],
            },
          ],
        },
      },
      'DELETE /api/admin/categories/1': {
        status: 409,
        body: {
          error:
            'This category is used by 40 products: move them to another category before deleting it.',
        },
      },
      'POST /api/admin/categories': ({ body }) => ({
        body: {
          category: {
            id: 2,
            name: (body as { name: string }).name,
            products: 0,
            sub_categories: [],
          },
        },
      }),
    });
    renderAdmin('/categories');
    const clubs = (
      await screen.findByRole('heading', { name: /Club Jerseys/ }, { timeout: 5000 })
    ).closest('li')!;
    expect(within(clubs).getByText('40 products')).toBeTruthy();
    expect(within(clubs).getByText('1 product')).toBeTruthy();
    fireEvent.click(within(clubs).getByRole('button', { name: 'Delete Club Jerseys' }));
    expect(
      await within(clubs).findByText(
        'This category is used by 40 products: move them to another category before deleting it.',
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('name is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New category'), { target: { value: 'Retro Kits' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Retro Kits' }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('New category') as HTMLInputElement).value).toBe(''),
    );
  });
});
