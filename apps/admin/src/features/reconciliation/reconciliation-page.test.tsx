import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

function setUp(body: unknown) {
  fakeApi({
    'GET /api/admin/me': { body: signedInAs(staffMember('owner', { name: 'Nisha' })) },
    'GET /api/admin/reconciliation': { body },
  });
  renderAdmin('/reconciliation');
}

describe('the reconciliation page', () => {
  it('says every order balances when none is out', async () => {
    setUp({ checked: 128, unbalanced: [] });
    expect((await screen.findByText('All 128 orders balance.')).getAttribute('role')).toBe(
      'status',
    );
  });

  it('lists an order that keeps a second payment, with what it should keep', async () => {
    setUp({
      checked: 40,
      unbalanced: [
        {
          order_id: 17,
          charged_paise: 135_900,
          captured_paise: 271_800,
          cash_paise: 0,
          refunded_paise: 0,
          kept_paise: 271_800,
          expected_paise: 135_900,
          because: 'It is paid, so it keeps its total.',
        },
      ],
    });
    const row = await screen.findByRole('row', { name: 'Order #17' });
    expect(within(row).getByRole('link', { name: 'Order #17' }).getAttribute('href')).toBe(
      '/admin/orders/17',
    );
    within(row).getByText('₹1,359 too much kept');
    within(row).getByText('It is paid, so it keeps its total.');
    screen.getByText(/1 of 40 orders do not balance/);
  });
});
