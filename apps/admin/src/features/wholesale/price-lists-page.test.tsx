import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PriceList } from '@kitroom/contract/admin';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const clubs: PriceList = {
  id: 4,
  name: 'Club shops',
  rules: [
    {
      target: 'category',
      target_id: 2,
      target_name: 'Club Jerseys',
      kind: 'percent',
      value: 10,
    },
  ],
  tiers: [
    { min_pieces: 10, percent_off: 25 },
    { min_pieces: 50, percent_off: 35 },
  ],
  min_order_paise: 500_000,
  min_order_pieces: 0,
  wholesalers: 3,
  updated_at: '2026-11-24T09:15:00.000Z',
};

describe('the price lists page', () => {
  it('shows each list and makes a new one from the form', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager')) },
      'GET /api/admin/wholesale/price-lists': { body: { price_lists: [clubs] } },
      'GET /api/admin/catalogue/choices': {
        body: {
          categories: [{ id: 2, name: 'Club Jerseys', sub_categories: [] }],
          teams: [],
          players: [],
        },
      },
      'POST /api/admin/wholesale/price-lists': (sent) => ({
        body: { price_list: { ...clubs, id: 5, name: (sent.body as { name: string }).name } },
      }),
    });
    renderAdmin('/wholesale/price-lists');
    const card = within(
      await screen.findByRole('listitem', { name: 'Club shops' }, { timeout: 5000 }),
    );
    expect(card.getByText('10+ pieces −25%, 50+ pieces −35%')).toBeTruthy();
    expect(card.getByText('Club Jerseys: 10% off retail')).toBeTruthy();
    expect(card.getByText('₹5,000')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New price list' }));
    const form = within(await screen.findByRole('form', { name: 'New price list' }));
    fireEvent.click(form.getByRole('button', { name: 'Save price list' }));
    expect(await form.findByText('Please name the price list.')).toBeTruthy();

    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Academies' } });
    fireEvent.change(form.getByLabelText('Minimum pieces'), { target: { value: '12' } });
    fireEvent.click(form.getByRole('button', { name: 'Add a rule' }));
    const rule = within(form.getByRole('listitem', { name: 'Rule 1' }));
    fireEvent.change(rule.getByLabelText('For'), { target: { value: 'category' } });
    fireEvent.change(rule.getByLabelText('Category'), { target: { value: '2' } });
    fireEvent.change(rule.getByLabelText('Price'), { target: { value: 'fixed' } });
    fireEvent.change(rule.getByLabelText('₹'), { target: { value: '650' } });
    fireEvent.click(form.getByRole('button', { name: 'Save price list' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Academies',
      min_order_paise: 0,
      min_order_pieces: 12,
      tiers: [
        { min_pieces: 10, percent_off: 25 },
        { min_pieces: 50, percent_off: 35 },
      ],
      rules: [{ target: 'category', target_id: 2, kind: 'fixed', value: 65_000 }],
    });
  });
});
