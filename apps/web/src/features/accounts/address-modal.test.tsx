import { fireEvent, screen } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_ADDRESS } from '@/ui/address-form';
import { eventually } from '@/test/eventually';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import { AddressModal } from './address-modal';

function open(onSaved = vi.fn()) {
  logInLocally(5);
  const api = fakeApi();
  renderApp(
    <Route
      path="/profile"
      element={
        <AddressModal userId={5} initial={EMPTY_ADDRESS} onClose={vi.fn()} onSaved={onSaved} />
      }
    />,
    '/profile',
  );
  return api;
}

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the profile’s address modal', () => {
  it('fills the city from the pincode and refuses a state the pincode is not in', async () => {
    const onSaved = vi.fn();
    const api = open(onSaved);
    api.on('delivery_estimate.php?pincode=110001', () =>
      ok({
        pincode: '110001',
        city: 'Delhi',
        state: 'Delhi',
        states: ['Delhi'],
        date: '2026-11-30',
        text: 'Delivery by Mon, 30 Nov',
        cod: { available: false, fee: 0, reason: null },
      }),
    );
    fill('First Name', 'Asha');
    fill('Last Name', 'Menon');
    fill('Street Address', '12 Janpath');
    fill('Phone', '9876543210');
    fill('State', 'Kerala');
    fill('Postal Code', '110001');
    await eventually(() =>
      expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Delhi'),
    );
    expect(screen.getByText('Pincode 110001 is in Delhi, not Kerala.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(api.calls['address.php']).toBeUndefined();

    api.on('address.php', () => ok({ success: true }));
    fill('State', 'Delhi');
    expect(screen.queryByText('Pincode 110001 is in Delhi, not Kerala.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await eventually(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls['address.php']).toEqual([
      {
        user_id: 5,
        shipping_address: {
          first_name: 'Asha',
          last_name: 'Menon',
          street_name: '12 Janpath',
          city: 'Delhi',
          state: 'Delhi',
          pincode: '110001',
          phone: '9876543210',
        },
      },
    ]);
  });

  it('shows the server’s refusal in the form', async () => {
    const api = open();
    api.on('delivery_estimate.php?pincode=673001', () => 'offline');
    api.on('address.php', () => refuse(400, 'Pincode 673001 is in Kerala, not Goa.'));
    fill('First Name', 'Asha');
    fill('Last Name', 'Menon');
    fill('Street Address', '12 Beach Road');
    fill('City', 'Kozhikode');
    fill('Phone', '9876543210');
    fill('State', 'Goa');
    fill('Postal Code', '673001');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Pincode 673001 is in Kerala, not Goa.')).toBeTruthy();
  });
});
