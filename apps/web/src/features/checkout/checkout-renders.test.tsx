// Checkout renders again as each of its calls answers (the saved address, the delivery date,
// cash on delivery, wholesale prices): on a phone each of those renders is a task before the
// page answers a tap. The address form, the page's largest part, renders only when its own
// props change.
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { expect, it, vi } from 'vitest';
import { eventually } from '@/test/eventually';
import { fakeApi, ok } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import { savedAddress, twoShirts } from '@/test/checkout-data';
import type * as FormFieldModule from '@/ui/form-field';
import CheckoutPage from './checkout-page';

/** Each committed render of a text field (StrictMode's second call of a render is not one). */
const textFieldRenders = vi.hoisted(() => new Set<object>());

vi.mock('@/ui/form-field', async (importOriginal) => {
  const actual = await importOriginal<typeof FormFieldModule>();
  const { useLayoutEffect } = await import('react');
  return {
    ...actual,
    TextField: (props: Parameters<typeof actual.TextField>[0]) => {
      const render = {};
      useLayoutEffect(() => {
        textFieldRenders.add(render);
      });
      return actual.TextField(props);
    },
  };
});

const saved = savedAddress('673002');
const estimate = {
  pincode: '673002',
  city: 'Kozhikode',
  state: 'Kerala',
  states: ['Kerala'],
  date: '2026-11-27',
  text: 'Delivery by Fri, 27 Nov',
  cod: { available: true, fee: 49, reason: null },
};

it('renders the address form when the address changes, not as each call answers', async () => {
  const api = fakeApi();
  logInLocally(5);
  api.on('shipping_address.php', () => ok({ address: saved }));
  api.on('wholesale_prices.php', () => ok({ wholesale: false }));
  api.on('delivery_estimate.php?pincode=673002', () => ok(estimate));
  // 2 × ₹899 and Kerala's ₹60.
  api.on('delivery_estimate.php?pincode=673002&amount=1858', () => ok(estimate));
  renderApp(<Route path="/checkOut" element={<CheckoutPage />} />, {
    pathname: '/checkOut',
    state: { items: twoShirts },
  });

  const summary = () => screen.getByRole('region', { name: 'Order Summary' });
  await eventually(() =>
    expect(within(summary()).getByText('Delivery by Fri, 27 Nov')).toBeTruthy(),
  );
  await eventually(() =>
    expect(
      (screen.getByRole('radio', { name: /Cash on delivery/ }) as HTMLInputElement).disabled,
    ).toBe(false),
  );
  expect(api.calls['wholesale_prices.php']).toHaveLength(1);
  expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Kozhikode');
  // Time for anything an answer set off to render.
  await new Promise((resolve) => setTimeout(resolve, 100));
  // Six text fields, drawn empty and then with the saved address: twice each.
  expect(textFieldRenders.size).toBe(12);
});
