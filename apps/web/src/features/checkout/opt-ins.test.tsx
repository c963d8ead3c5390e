// Checkout's WhatsApp box (decision 066): shown only when the shop sends WhatsApp updates and
// the shopper does not get them yet, unticked, in the words the server stores; ticked, the
// order asks for the updates.
import { fireEvent, screen } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it, vi } from 'vitest';
import { respondToCheckoutStart, savedAddress, twoShirts } from '@/test/checkout-data';
import { eventually } from '@/test/eventually';
import { fakeApi, ok } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import CheckoutPage from './checkout-page';

const WORDS = 'Send me order updates on WhatsApp at +91 98765 43210';

function open(choice: { available: boolean; opted_in: boolean }) {
  const api = fakeApi();
  logInLocally(5);
  respondToCheckoutStart(api, {
    address: savedAddress(),
    whatsapp: {
      ...choice,
      phone: choice.opted_in ? '+91 98765 43210' : null,
      since: choice.opted_in ? '2026-11-20T10:00:00.000Z' : null,
    },
  });
  renderApp(<Route path="/checkOut" element={<CheckoutPage />} />, {
    pathname: '/checkOut',
    state: { items: twoShirts },
  });
  return api;
}

describe("checkout's WhatsApp box", () => {
  it('is unticked, in the stored words, and a ticked box asks for the updates', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = open({ available: true, opted_in: false });
    const box = await screen.findByRole('checkbox', { name: WORDS });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    api.on('process_order.php', () => ok({ payment_url: '/pay', order_id: 3 }));
    fireEvent.click(screen.getByRole('button', { name: /Pay Now/ }));
    await eventually(() => expect(assign).toHaveBeenCalledWith('/pay'));
    expect(api.calls['process_order.php']![0]).toMatchObject({ whatsapp_updates: true });
  });

  it('asks for nothing when left unticked', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = open({ available: true, opted_in: false });
    await screen.findByRole('checkbox', { name: WORDS });
    api.on('process_order.php', () => ok({ payment_url: '/pay', order_id: 4 }));
    fireEvent.click(screen.getByRole('button', { name: /Pay Now/ }));
    await eventually(() => expect(assign).toHaveBeenCalledWith('/pay'));
    expect(api.calls['process_order.php']![0]).not.toHaveProperty('whatsapp_updates');
  });

  it('is not offered when the shop sends no WhatsApp updates, or the shopper gets them', async () => {
    const api = open({ available: false, opted_in: false });
    await eventually(() => expect(api.calls['checkout_start.php']).toHaveLength(1));
    // The response has been drawn: the shipping form is there and the box is not.
    await screen.findByRole('button', { name: /Pay Now/ });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('is not offered again to a shopper who gets the updates', async () => {
    const api = open({ available: true, opted_in: true });
    await eventually(() => expect(api.calls['checkout_start.php']).toHaveLength(1));
    // The response has been drawn: the shipping form is there and the box is not.
    await screen.findByRole('button', { name: /Pay Now/ });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
