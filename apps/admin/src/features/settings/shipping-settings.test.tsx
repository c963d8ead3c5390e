import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { shopSettings } from '@/test/settings';
import { signedInAs, staffMember } from '@/test/staff';

function setUp() {
  const settings = shopSettings();
  const api = fakeApi({
    'GET /api/admin/me': { body: signedInAs(staffMember('owner', { name: 'Fathima' })) },
    'GET /api/admin/settings': { body: { settings } },
    'PATCH /api/admin/settings': {
      body: {
        settings: shopSettings({
          shipping_rates: {
            zones: [{ label: 'Kerala', states: ['Kerala'], fee_paise: 4000 }],
            other_fee_paise: 9900,
            free_above_paise: 199_900,
          },
        }),
      },
    },
    'GET /api/admin/audit': { body: { entries: [], next_before: null } },
  });
  renderAdmin('/settings');
  return api;
}

const section = async () =>
  within((await screen.findByRole('heading', { name: 'Shipping' })).closest('section')!);

describe('Settings → Shipping', () => {
  it("shows the spec's fees, and saves a zone's new fee, a removed zone and free shipping", async () => {
    const api = setUp();
    const s = await section();
    expect((s.getByLabelText('Zone 1 name') as HTMLInputElement).value).toBe('Kerala');
    expect((s.getByLabelText('Zone 2 name') as HTMLInputElement).value).toBe(
      'Tamil Nadu and Karnataka',
    );
    expect((s.getByLabelText('Every other state (₹)') as HTMLInputElement).value).toBe('100');

    fireEvent.change(s.getAllByLabelText('Fee (₹)')[0]!, { target: { value: '40' } });
    fireEvent.click(s.getAllByRole('button', { name: 'Remove zone' })[1]!);
    fireEvent.change(s.getByLabelText('Every other state (₹)'), { target: { value: '99' } });
    fireEvent.change(s.getByLabelText('Free shipping from (₹)'), { target: { value: '1999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save shipping' }));
    await screen.findByText('Saved: orders placed from now on are charged these fees.');
    const sent = api.calls.find((c) => c.method === 'PATCH');
    expect(sent?.body).toEqual({
      shipping_rates: {
        zones: [{ label: 'Kerala', states: ['Kerala'], fee_paise: 4000 }],
        other_fee_paise: 9900,
        free_above_paise: 199_900,
      },
    });
  });

  it('says which state is in two zones, and sends nothing', async () => {
    const api = setUp();
    const s = await section();
    fireEvent.click(s.getByRole('button', { name: 'Add a zone' }));
    fireEvent.change(s.getByLabelText('Zone 3 name'), { target: { value: 'South' } });
    fireEvent.change(s.getAllByLabelText('Fee (₹)')[2]!, { target: { value: '70' } });
    const states = s.getByRole('group', { name: 'States in South (0)' });
    fireEvent.click(within(states).getByText('Choose states'));
    fireEvent.click(await within(states).findByLabelText('Kerala'));
    fireEvent.click(screen.getByRole('button', { name: 'Save shipping' }));
    await waitFor(() => expect(s.getByText('Kerala is already in the zone Kerala')).toBeTruthy());
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});
