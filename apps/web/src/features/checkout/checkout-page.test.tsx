import { CART_REMINDER_CONSENT, type ShippingAddress } from '@kitroom/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, refuse, type FakeApi } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import CheckoutPage from './checkout-page';
import { eventually } from '@/test/eventually';
import { respondToCheckoutStart, savedAddress, twoShirts } from '@/test/checkout-data';

const items = twoShirts;
const saved = savedAddress();

function open(api = fakeApi(), address: ShippingAddress | null = null) {
  logInLocally(5);
  if (!responded.has(api)) respondToCheckoutStart(api, { address });
  renderApp(<Route path="/checkOut" element={<CheckoutPage />} />, {
    pathname: '/checkOut',
    state: { items },
  });
  return api;
}

/** Tests that respond to the page's call themselves; open() responds to it for the others. */
const responded = new WeakSet<object>();
function respondToStart(api: FakeApi, start: Parameters<typeof respondToCheckoutStart>[1]) {
  responded.add(api);
  respondToCheckoutStart(api, start);
}

const bengaluru = {
  pincode: '560001',
  city: 'Bengaluru',
  state: 'Karnataka',
  states: ['Karnataka'],
  date: '2026-12-03',
  text: 'Delivery by Thu, 3 Dec',
  cod: { available: false, fee: 49, reason: 'Cash on delivery is not available at the moment.' },
};

const total = () => screen.getByTestId('order-total').textContent;
const summary = () => screen.getByRole('region', { name: 'Order Summary' });

describe('checkout', () => {
  it('goes home without lines', () => {
    logInLocally(5);
    respondToCheckoutStart(fakeApi());
    renderApp(<Route path="/checkOut" element={<CheckoutPage />} />, '/checkOut');
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('opens with one call, naming its lines (a cart reminder counts from it)', async () => {
    const api = open(fakeApi(), saved);
    await eventually(() => expect(screen.getByDisplayValue('Kozhikode')).toBeTruthy());
    expect(api.calls['checkout_start.php']).toEqual([
      { user_id: 5, lines: [{ product_id: 11, quantity: 2, price: 899 }] },
    ]);
  });

  it('asks for the cart-reminder consent when the shop says so; ticking gives it', async () => {
    const api = fakeApi();
    respondToStart(api, { address: saved, ask_consent: CART_REMINDER_CONSENT });
    api.on('cart_reminders.php', () =>
      ok({ consent: true, wording: CART_REMINDER_CONSENT, given_at: '2026-11-29T10:00:00.000Z' }),
    );
    open(api, saved);
    const box = await screen.findByRole('checkbox', { name: CART_REMINDER_CONSENT });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    await eventually(() =>
      expect(api.calls['cart_reminders.php']).toEqual([{ user_id: 5, consent: true }]),
    );
  });

  it('does not ask for the cart-reminder consent when the shop does not', async () => {
    const api = fakeApi();
    open(api, saved);
    await eventually(() => expect(screen.getByDisplayValue('Kozhikode')).toBeTruthy());
    expect(screen.queryByRole('checkbox', { name: CART_REMINDER_CONSENT })).toBeNull();
  });

  it('prefills the saved address and charges its state’s shipping', async () => {
    open(fakeApi(), saved);
    expect(total()).toBe('₹1,798');
    expect(within(summary()).getByText('Select a state')).toBeTruthy();
    await eventually(() =>
      expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Kozhikode'),
    );
    expect(total()).toBe('₹1,858');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Tamil Nadu' } });
    expect(total()).toBe('₹1,883');
    expect(within(summary()).getByText('Size: M · Qty: 2')).toBeTruthy();
  });

  it('says prices include GST and shows the GST in the total, as the invoice works it out', async () => {
    const api = open(fakeApi(), saved);
    const gst = () => screen.getByTestId('gst-included').textContent;
    expect(within(summary()).getByText('Prices include GST')).toBeTruthy();
    // 2 × ₹899 at 5%: 179800 × 100/105 = 171238.10 → 171238, ₹85.62 GST; before a state,
    // no shipping.
    expect(gst()).toBe('Includes ₹85.62 GST');
    // Kerala's ₹60 shipping at the goods' 5%: 6000 × 100/105 → 5714, ₹2.86 more.
    await eventually(() => expect(total()).toBe('₹1,858'));
    expect(gst()).toBe('Includes ₹88.48 GST');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Tamil Nadu' } });
    // ₹85 shipping: 8500 × 100/105 → 8095, ₹4.05.
    expect(gst()).toBe('Includes ₹89.67 GST');
    api.on('coupons.php', () =>
      ok({
        success: true,
        coupon_code: 'WELCOME10',
        discount_amount: 180,
        final_amount: 1703,
        line_discounts: [180],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Apply Coupon Code' }));
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'welcome10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    // 161800 × 100/105 = 154095.24 → 154095: ₹77.05 on the goods, ₹4.05 on shipping.
    await eventually(() => expect(gst()).toBe('Includes ₹81.10 GST'));
  });

  it('shows 18% on a ₹2,700 jersey, and 5% once a coupon brings it to ₹2,430', async () => {
    logInLocally(5);
    const api = fakeApi();
    respondToCheckoutStart(api, { address: saved });
    renderApp(<Route path="/checkOut" element={<CheckoutPage />} />, {
      pathname: '/checkOut',
      state: { items: [{ ...items[0], price: 2700, quantity: 1 }] },
    });
    const gst = () => screen.getByTestId('gst-included').textContent;
    await eventually(() => expect(total()).toBe('₹2,760'));
    // ₹2,700 is in the band where 5% and 18% disagree: 18% (decision 025). 270000 / 1.18 =
    // 228813.56 → 228814, ₹411.86; shipping 6000 / 1.18 → 5085, ₹9.15.
    expect(gst()).toBe('Includes ₹421.01 GST');
    api.on('coupons.php', () =>
      ok({
        success: true,
        coupon_code: 'WELCOME10',
        discount_amount: 270,
        final_amount: 2490,
        line_discounts: [270],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Apply Coupon Code' }));
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'welcome10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    // 243000 × 100/105 = 231428.57 → 231429, ₹115.71; shipping back at 5%, ₹2.86.
    await eventually(() => expect(gst()).toBe('Includes ₹118.57 GST'));
  });

  it('takes the lines the cart panel kept when the shopper signed up before checkout', async () => {
    sessionStorage.setItem('checkoutAfterLogin', JSON.stringify({ items }));
    logInLocally(5);
    respondToCheckoutStart(fakeApi());
    renderApp(<Route path="/checkOut" element={<CheckoutPage />} />, '/checkOut');
    expect(within(summary()).getByText('Kerala Blasters Home 2025')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/checkOut');
    // Taken once: the tab forgets them.
    expect(sessionStorage.getItem('checkoutAfterLogin')).toBeNull();
  });

  it('says a first address will be saved to the profile, and not when one is saved', async () => {
    open(fakeApi(), null);
    const form = screen.getByRole('region', { name: 'Shipping Information' });
    await eventually(() =>
      expect(within(form).getByText('We’ll save this address to your profile.')).toBeTruthy(),
    );
  });

  it('fills a first checkout’s name and phone from the account, never over what was typed', async () => {
    const api = fakeApi();
    respondToStart(api, { account: { name: 'Asha K Menon', phone_number: '9876543210' } });
    // The page's response waits until the shopper has typed a last name.
    let asked = false;
    let release: () => void = () => undefined;
    const fetched = vi.mocked(globalThis.fetch);
    const fake = fetched.getMockImplementation()!;
    fetched.mockImplementation((input, init) => {
      if (!String(input).endsWith('checkout_start.php')) return fake(input, init);
      asked = true;
      return new Promise<void>((resolve) => {
        release = resolve;
      }).then(() => fake(input, init));
    });
    open(api, null);
    const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    await eventually(() => expect(asked).toBe(true));
    fireEvent.change(field('Last Name'), { target: { value: 'Nair' } });
    release();
    await eventually(() => expect(field('First Name').value).toBe('Asha K'));
    expect(field('Last Name').value).toBe('Nair');
    expect(field('Phone').value).toBe('9876543210');
    expect(field('City').value).toBe('');
  });

  it('fills the saved address over the account’s name and phone', async () => {
    const api = fakeApi();
    respondToStart(api, {
      address: { ...saved, first_name: 'Asha', phone: '9000000001' },
      account: { name: 'Someone Else', phone_number: '9876543210' },
    });
    open(api, saved);
    await eventually(() => expect(screen.getByDisplayValue('Kozhikode')).toBeTruthy());
    expect(screen.getByDisplayValue('Asha')).toBeTruthy();
    expect(screen.getByDisplayValue('9000000001')).toBeTruthy();
  });

  it('does not offer to save over an address the profile has', async () => {
    open(fakeApi(), saved);
    await eventually(() => expect(screen.getByDisplayValue('Kozhikode')).toBeTruthy());
    expect(screen.queryByText('We’ll save this address to your profile.')).toBeNull();
    expect(screen.getByText('Filled in from the address in your profile.')).toBeTruthy();
  });

  it('asks for every shipping field before paying', async () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: /Pay Now/ }));
    const modal = await screen.findByRole('alertdialog', { name: 'Checkout' });
    expect(modal.textContent).toContain('Please fill all shipping details before payment.');
    fireEvent.click(within(modal).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('verifies a coupon, celebrates and hides the coupon box', async () => {
    const api = open(fakeApi(), saved);
    await eventually(() => expect(total()).toBe('₹1,858'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply Coupon Code' }));
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      'Please enter your coupon code',
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    api.on('coupons.php', () => ok({ success: false, error: 'This coupon has expired.' }));
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'monsoon25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await eventually(() =>
      expect(api.calls['coupons.php']?.at(-1)).toMatchObject({ coupon_code: 'MONSOON25' }),
    );
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      'This coupon has expired.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    api.on('coupons.php', () => 'offline');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      'Failed to verify coupon',
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    api.on('coupons.php', () =>
      ok({
        success: true,
        coupon_code: 'WELCOME10',
        discount_amount: 180,
        final_amount: 1678,
      }),
    );
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'welcome10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await eventually(() =>
      expect(screen.getByText((_, el) => el?.textContent === 'You saved ₹ 180')).toBeTruthy(),
    );
    expect(api.calls['coupons.php']?.at(-1)).toEqual({
      user_id: 5,
      coupon_code: 'WELCOME10',
      total_amount: 1858,
      product_id: [11],
      items: [{ product_id: 11, size: 'M', quantity: 2 }],
    });
    expect(total()).toBe('₹1,678');
    expect(screen.queryByRole('button', { name: 'Apply Coupon Code' })).toBeNull();
  });

  it('places the order with the exact amount and one key per attempt, then leaves for the payment page', async () => {
    localStorage.setItem(
      'affiliate_data',
      JSON.stringify({ id: 'KOCHI10', timestamp: Date.now() }),
    );
    localStorage.setItem(
      'google_code_data',
      JSON.stringify({ code: 'IGDROP', timestamp: Date.now() - 25 * 3600_000 }),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = open(fakeApi(), saved);
    await eventually(() => expect(total()).toBe('₹1,858'));

    api.on('process_order.php', () => refuse(502, 'The payment service is not responding.'));
    fireEvent.click(screen.getByRole('button', { name: /Pay Now/ }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      'The payment service is not responding.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    api.on('process_order.php', () =>
      ok({ payment_url: '/api/payments/sandbox/pay/t', order_id: 3 }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Pay Now/ }));
    expect(screen.getByRole('button', { name: /Processing\.\.\./ })).toBeTruthy();
    await eventually(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/pay/t'));

    const [first, second] = api.calls['process_order.php'] as Record<string, unknown>[];
    expect(second).toEqual({
      user_id: 5,
      shipping_address: saved,
      mobile_number: '9876543210',
      amount: 1858,
      affiliate_code: 'KOCHI10',
      google_code: null,
      coupon_code: null,
      state: 'Kerala',
      items: [{ product_id: 11, size: 'M', quantity: 2 }],
      payment_method: 'Online',
      idempotency_key: first!.idempotency_key,
    });
    expect(String(first!.idempotency_key)).toMatch(/^[0-9a-f-]{36}$/);
  });
  it('fills the city from the pincode and shows the day the order would arrive', async () => {
    const api = open(fakeApi(), null);
    // Asked without an amount until the pincode chose the state, then with the order's amount
    // (2 × ₹899 and Karnataka's ₹85) for cash on delivery.
    api.on('delivery_estimate.php?pincode=560001&products=11', () => ok(bengaluru));
    api.on('delivery_estimate.php?pincode=560001&amount=1883&products=11', () => ok(bengaluru));
    await eventually(() => expect(api.calls['checkout_start.php']).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('ZIP / PIN Code'), { target: { value: '560001' } });
    await eventually(() =>
      expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Bengaluru'),
    );
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('Karnataka');
    expect(within(summary()).getByText('Delivery by Thu, 3 Dec')).toBeTruthy();
    await eventually(() => expect(localStorage.getItem('kitroom.pincode')).toBe('560001'));
  });

  it('refuses to pay for a pincode outside the chosen state, naming both', async () => {
    const api = fakeApi();
    // The saved pincode's estimate comes with the page's call.
    respondToStart(api, {
      address: { ...saved, pincode: '110001' },
      amount: 1858,
      estimate: {
        pincode: '110001',
        city: 'Delhi',
        state: 'Delhi',
        states: ['Delhi'],
        date: '2026-11-30',
        text: 'Delivery by Mon, 30 Nov',
        cod: { available: false, fee: 0, reason: null },
      },
    });
    open(api, null);
    const problem = 'Pincode 110001 is in Delhi, not Kerala.';
    await eventually(() => expect(screen.getByText(problem)).toBeTruthy());
    // The city the profile had is kept, and no date is promised for a wrong address.
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Kozhikode');
    expect(within(summary()).queryByText('Delivery by Mon, 30 Nov')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Pay Now/ }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(problem);
    expect(api.calls['process_order.php']).toBeUndefined();
  });
});
