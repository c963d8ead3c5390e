// Checkout renders once per meaningful change (decision 071). Its data on open — the saved
// address, the delivery date, cash on delivery, wholesale prices, the opt-ins — comes in one
// call, so the page renders once as it opens and once with that response, not once per call as
// each responded (six calls and five commits before). The delivery estimate is asked once per
// pincode and amount: a pincode typed again is not asked again. The address form, the page's
// largest part, renders only when its own props change.
import { fireEvent, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import { Route } from '@/ui/router';
import { expect, it, vi } from 'vitest';
import { eventually } from '@/test/eventually';
import { fakeApi, ok } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import { respondToCheckoutStart, savedAddress, twoShirts } from '@/test/checkout-data';
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

const estimate = (pincode: string, city: string, text: string) => ({
  pincode,
  city,
  state: 'Kerala',
  states: ['Kerala'],
  date: '2026-11-27',
  text,
  cod: { available: true, fee: 49, reason: null },
});

it('opens with one call and two commits, and asks a pincode typed again nothing', async () => {
  const api = fakeApi();
  logInLocally(5);
  // 2 × ₹899 and Kerala's ₹60: the amount COD was judged for.
  respondToCheckoutStart(api, {
    address: savedAddress('673002'),
    estimate: estimate('673002', 'Kozhikode', 'Delivery by Fri, 27 Nov'),
    amount: 1858,
    whatsapp: { available: true, opted_in: false, phone: null, since: null },
  });
  api.on('delivery_estimate.php?pincode=682001&amount=1858&products=11', () =>
    ok(estimate('682001', 'Ernakulam', 'Delivery by Sat, 28 Nov')),
  );
  let commits = 0;
  renderApp(
    <Route
      path="/checkOut"
      element={
        <Profiler id="checkout" onRender={() => (commits += 1)}>
          <CheckoutPage />
        </Profiler>
      }
    />,
    { pathname: '/checkOut', state: { items: twoShirts } },
  );

  const summary = () => screen.getByRole('region', { name: 'Order Summary' });
  await eventually(() =>
    expect(within(summary()).getByText('Delivery by Fri, 27 Nov')).toBeTruthy(),
  );
  expect(
    (screen.getByRole('radio', { name: /Cash on delivery/ }) as HTMLInputElement).disabled,
  ).toBe(false);
  expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Kozhikode');
  expect(screen.getByRole('checkbox', { name: /WhatsApp/ })).toBeTruthy();
  // Time for anything the response set off to render.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(Object.keys(api.calls)).toEqual(['checkout_start.php']);
  // Drawn as it opens, and with the response. The third is the estimate's state taking the
  // pincode the response named (already shown: the response brought it).
  expect(commits).toBeLessThanOrEqual(3);
  // Six text fields, drawn empty and then with the saved address: twice each.
  expect(textFieldRenders.size).toBe(12);

  // Another pincode is asked once, with the order's amount; back to the saved one, nothing.
  const pin = screen.getByLabelText('ZIP / PIN Code');
  fireEvent.change(pin, { target: { value: '682001' } });
  await eventually(() =>
    expect(within(summary()).getByText('Delivery by Sat, 28 Nov')).toBeTruthy(),
  );
  fireEvent.change(pin, { target: { value: '673002' } });
  await eventually(() =>
    expect(within(summary()).getByText('Delivery by Fri, 27 Nov')).toBeTruthy(),
  );
  fireEvent.change(pin, { target: { value: '682001' } });
  await eventually(() =>
    expect(within(summary()).getByText('Delivery by Sat, 28 Nov')).toBeTruthy(),
  );
  expect(api.calls['delivery_estimate.php?pincode=682001&amount=1858&products=11']).toHaveLength(1);
  expect(Object.keys(api.calls).sort()).toEqual([
    'checkout_start.php',
    'delivery_estimate.php?pincode=682001&amount=1858&products=11',
  ]);
});
