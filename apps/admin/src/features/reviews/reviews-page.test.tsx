import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminReview } from '@kitroom/contract/admin';
import { fakeApi, type Sent } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const review = (id: number, o: Partial<AdminReview> = {}): AdminReview => ({
  id,
  product_id: 7,
  product_name: 'Kerala Blasters Home 2026',
  rating: 5,
  subject: 'Lovely fit',
  comment: 'True to size.',
  author_name: 'Anjali Menon',
  order_id: 40 + id,
  created_at: '2026-11-24T09:15:00.000Z',
  updated_at: '2026-11-24T09:15:00.000Z',
  hidden_at: null,
  ...o,
});

describe('the reviews page', () => {
  it('lists reviews with product, stars, text and writer; hides one; filters', async () => {
    let hidden = false;
    const spam = () =>
      review(2, {
        rating: 1,
        subject: 'Buy followers',
        author_name: 'Spam Bot',
        hidden_at: hidden ? '2026-11-25T10:00:00.000Z' : null,
      });
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('support')) },
      'GET /api/admin/reviews': (sent: Sent) =>
        sent.query.get('visibility') === 'hidden'
          ? { body: { reviews: hidden ? [spam()] : [], next_before: null } }
          : { body: { reviews: [spam(), review(1)], next_before: null } },
      'PATCH /api/admin/reviews/2': () => {
        hidden = true;
        return { body: { review: spam(), product_rating: 5 } };
      },
    });
    renderAdmin('/reviews');
    const card = within(
      await screen.findByRole('listitem', { name: 'Review by Spam Bot' }, { timeout: 5000 }),
    );
    expect(card.getByRole('img', { name: '1 out of 5 stars' })).toBeTruthy();
    expect(card.getByText('Kerala Blasters Home 2026').getAttribute('href')).toBe('/product/7');
    expect(card.getByText('Buy followers')).toBeTruthy();
    expect(card.getByText(/order #42/)).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Review by Anjali Menon' })).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Hide' }));
    expect(await card.findByRole('button', { name: 'Show again' })).toBeTruthy();
    expect(card.getByText('Hidden', { selector: 'span' })).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ hidden: true });

    fireEvent.change(screen.getByLabelText('Shown'), { target: { value: 'hidden' } });
    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(Object.fromEntries(api.calls.at(-1)!.query)).toEqual({
        visibility: 'hidden',
        rating: '1',
        limit: '50',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Review by Anjali Menon' })).toBeNull(),
    );
  });
});
