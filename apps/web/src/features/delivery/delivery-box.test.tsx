import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '@/test/eventually';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { logInLocally, renderWithStore } from '@/test/render-app';
import { DeliveryBox } from './delivery-box';

const kozhikode = {
  pincode: '673001',
  city: 'Kozhikode',
  state: 'Kerala',
  states: ['Kerala'],
  date: '2026-11-27',
  text: 'Delivery by Fri, 27 Nov',
  cod: { available: false, fee: 49, reason: 'Cash on delivery is not available at the moment.' },
};

afterEach(() => localStorage.clear());

const box = () => screen.getByRole('region', { name: 'Delivery' });
const status = () => screen.getByRole('status');

describe('the product page’s pincode box', () => {
  it('asks nothing until a pincode is checked, then promises the day and remembers it', async () => {
    const api = fakeApi();
    api.on('delivery_estimate.php?pincode=673001', () => ok(kozhikode));
    renderWithStore(<DeliveryBox />);
    expect(box()).toBeTruthy();
    expect(status().textContent).toBe('');

    fireEvent.change(screen.getByLabelText('Delivery pincode'), { target: { value: '6730' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check delivery' }));
    expect(status().textContent).toBe('Please enter a 6-digit pincode.');
    expect(Object.keys(api.calls)).toEqual([]);

    fireEvent.change(screen.getByLabelText('Delivery pincode'), {
      target: { value: '673 001' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check delivery' }));
    await eventually(() =>
      expect(status().textContent).toBe(
        'Delivery by Fri, 27 Novto Kozhikode, Kerala · ₹60 shipping',
      ),
    );
    await eventually(() => expect(localStorage.getItem('kitroom.pincode')).toBe('673001'));
  });

  it('adds cash on delivery and its fee when the shop offers it there', async () => {
    fakeApi().on('delivery_estimate.php?pincode=673002', () =>
      ok({ ...kozhikode, pincode: '673002', cod: { available: true, fee: 49, reason: null } }),
    );
    renderWithStore(<DeliveryBox />);
    fireEvent.change(screen.getByLabelText('Delivery pincode'), { target: { value: '673002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check delivery' }));
    await eventually(() =>
      expect(status().textContent).toBe(
        'Delivery by Fri, 27 Nov · Cash on delivery available (₹49 fee)to Kozhikode, Kerala · ₹60 shipping',
      ),
    );
  });

  it('asks for a printed shirt’s day while the shopper has a print typed', async () => {
    const api = fakeApi();
    api.on('delivery_estimate.php?pincode=673004&printed=1', () =>
      ok({ ...kozhikode, pincode: '673004', date: '2026-12-01', text: 'Delivery by Tue, 1 Dec' }),
    );
    renderWithStore(<DeliveryBox printed />);
    fireEvent.change(screen.getByLabelText('Delivery pincode'), { target: { value: '673004' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check delivery' }));
    await eventually(() => expect(status().textContent).toContain('Delivery by Tue, 1 Dec'));
    expect(Object.keys(api.calls)).toEqual(['delivery_estimate.php?pincode=673004&printed=1']);
  });

  it('shows the server’s sentence for a pincode it does not know', async () => {
    const api = fakeApi();
    api.on('delivery_estimate.php?pincode=999999', () =>
      refuse(400, 'Pincode 999999 is not an Indian pincode. Please check it.'),
    );
    renderWithStore(<DeliveryBox />);
    fireEvent.change(screen.getByLabelText('Delivery pincode'), { target: { value: '999999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check delivery' }));
    await eventually(() =>
      expect(status().textContent).toBe(
        'Pincode 999999 is not an Indian pincode. Please check it.',
      ),
    );
    expect(localStorage.getItem('kitroom.pincode')).toBeNull();
  });

  it('starts from the remembered pincode once the page has loaded', async () => {
    localStorage.setItem('kitroom.pincode', '673001');
    const api = fakeApi();
    api.on('delivery_estimate.php?pincode=673001', () => ok(kozhikode));
    renderWithStore(<DeliveryBox />);
    await eventually(() => expect(status().textContent).toContain('Delivery by Fri, 27 Nov'));
    expect((screen.getByLabelText('Delivery pincode') as HTMLInputElement).value).toBe('673001');
  });

  it('keeps a pincode the shopper checked before the page had loaded', async () => {
    // A phone still loading the page: the shopper types and checks a pincode the shop does
    // not know; the one remembered from an earlier visit must not take its place at the load.
    localStorage.setItem('kitroom.pincode', '682001');
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    try {
      const api = fakeApi();
      api.on('delivery_estimate.php?pincode=999999', () =>
        refuse(400, 'Pincode 999999 is not an Indian pincode. Please check it.'),
      );
      api.on('delivery_estimate.php?pincode=682001', () =>
        ok({ ...kozhikode, pincode: '682001', city: 'Ernakulam' }),
      );
      renderWithStore(<DeliveryBox />);
      fireEvent.change(screen.getByLabelText('Delivery pincode'), { target: { value: '999999' } });
      fireEvent.click(screen.getByRole('button', { name: 'Check delivery' }));
      const refused = 'Pincode 999999 is not an Indian pincode. Please check it.';
      await eventually(() => expect(status().textContent).toBe(refused));
      act(() => {
        window.dispatchEvent(new Event('load'));
      });
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(status().textContent).toBe(refused);
      expect((screen.getByLabelText('Delivery pincode') as HTMLInputElement).value).toBe('999999');
      expect(Object.keys(api.calls)).toEqual(['delivery_estimate.php?pincode=999999']);
    } finally {
      delete (document as { readyState?: unknown }).readyState;
    }
  });

  it('starts a logged-in shopper who typed none from the profile’s pincode', async () => {
    logInLocally(5);
    const api = fakeApi();
    api.on('shipping_address.php', () =>
      ok({
        address: {
          first_name: 'Asha',
          last_name: 'Menon',
          street_name: '12 Beach Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          pincode: '560001',
          phone: '9876543210',
        },
      }),
    );
    api.on('delivery_estimate.php?pincode=560001', () =>
      ok({
        ...kozhikode,
        pincode: '560001',
        city: 'Bengaluru',
        state: 'Karnataka',
        text: 'Delivery by Mon, 30 Nov',
      }),
    );
    renderWithStore(<DeliveryBox />);
    await eventually(() => expect(status().textContent).toContain('Delivery by Mon, 30 Nov'));
    expect(api.calls['shipping_address.php']).toEqual([{ user_id: 5 }]);
  });
});
