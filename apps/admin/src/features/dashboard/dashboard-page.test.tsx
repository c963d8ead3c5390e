import type { DashboardResponse } from '@kitroom/contract/admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const days = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-11-${String(i + 1).padStart(2, '0')}`,
  orders: i === 29 ? 2 : 0,
  paise: i === 29 ? 192_000 : 0,
}));

const full: DashboardResponse = {
  today: '2026-11-30',
  sales: {
    today: { orders: 2, paise: 192_000, refunds_paise: 0, net_paise: 192_000 },
    month: { orders: 41, paise: 6_543_210, refunds_paise: 129_900, net_paise: 6_413_310 },
    days,
    top_products: [
      {
        product_id: 7,
        name: 'Kerala Blasters Home 2025/26',
        image_url: 'images/products/kbfc.webp',
        units: 12,
        paise: 1_198_800,
      },
    ],
  },
  to_pack: { count: 3, oldest_paid_at: '2026-11-28T06:30:00.000Z' },
  low_stock: {
    count: 25,
    more: false,
    sizes: [{ product_id: 9, name: 'Argentina Away', size: 'XL', stock: 0, threshold: 3 }],
  },
};

describe('the dashboard', () => {
  it('shows the owner sales, the chart, best sellers, orders to pack and low sizes', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('owner', { name: 'Fathima' })) },
      'GET /api/admin/dashboard': { body: full },
      'GET /api/admin/reports/cod': ({ query }) => ({
        body: {
          month: query.get('month'),
          orders: 40,
          cod_orders: 10,
          cod_share_percent: 25,
          confirmed: 8,
          unconfirmed_canceled: 2,
          confirmation_rate_percent: 80,
          shipped: 8,
          returned_to_origin: 1,
          rto_rate_percent: 12.5,
          collected: 6,
          collected_paise: 845_400,
        },
      }),
    });
    renderAdmin('/');
    const figure = async (label: string) =>
      (await screen.findByText(label)).parentElement!.textContent;
    expect(await figure('Net sales today')).toBe('Net sales today₹1,9202 paid orders');
    expect(await figure('Net sales this month')).toBe(
      'Net sales this month₹64,133.10₹65,432.10 in 41 paid orders, less ₹1,299 refunded',
    );
    expect(await figure('Orders to pack')).toBe(
      'Orders to pack3Oldest paid 28 Nov 2026, 12:00 pmOpen the orders to pack',
    );
    expect(screen.getByRole('link', { name: 'Open the orders to pack' }).getAttribute('href')).toBe(
      '/admin/orders?status=to-pack',
    );
    expect(await figure('Sizes running low')).toBe('Sizes running low25At or below threshold');
    const best = screen.getByRole('region', { name: 'Best sellers, last 30 days' });
    expect(within(best).getByText('Kerala Blasters Home 2025/26')).toBeTruthy();
    expect(within(best).getByText('12 pieces')).toBeTruthy();
    const low = screen.getByRole('region', { name: 'Low stock, emptiest first' });
    expect(within(low).getByText('XL')).toBeTruthy();
    expect(within(low).getByRole('link', { name: 'Argentina Away' }).getAttribute('href')).toBe(
      '/admin/products/9',
    );
    expect(low.querySelector('p')!.textContent).toBe(
      'Showing the 1 emptiest of 25 sizes. See the products with low sizes',
    );
    expect(
      within(low)
        .getByRole('link', { name: 'See the products with low sizes' })
        .getAttribute('href'),
    ).toBe('/admin/products?low_stock=true');
    // The chart's figures are in a table for screen readers.
    expect(screen.getByRole('table', { name: 'Sales per day' })).toBeTruthy();
    // Cash on delivery for this month, with its counts.
    const cod = screen.getByRole('region', { name: 'Cash on delivery' });
    expect((await within(cod).findByText('COD share')).parentElement!.textContent).toBe(
      'COD share25%10 of 40 orders',
    );
    expect(within(cod).getByText('Confirmed').parentElement!.textContent).toBe(
      'Confirmed80%8 of 10; 2 canceled unconfirmed',
    );
    expect(within(cod).getByText('Returned to origin').parentElement!.textContent).toBe(
      'Returned to origin12.5%1 of 8 shipped',
    );
    expect(within(cod).getByText('Cash collected').parentElement!.textContent).toBe(
      'Cash collected₹8,4546 COD orders delivered and paid',
    );
  });

  it('says 1,000+ when the low sizes are more than it counts', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('owner', { name: 'Fathima' })) },
      'GET /api/admin/dashboard': {
        body: { ...full, low_stock: { ...full.low_stock!, count: 1000, more: true } },
      },
      'GET /api/admin/reports/cod': { status: 403, body: { error: 'Not now.' } },
    });
    renderAdmin('/');
    const label = await screen.findByText('Sizes running low');
    expect(label.parentElement!.textContent).toBe('Sizes running low1,000+At or below threshold');
    const low = screen.getByRole('region', { name: 'Low stock, emptiest first' });
    expect(low.querySelector('p')!.textContent).toContain(
      'Showing the 1 emptiest of 1,000+ sizes.',
    );
  });

  it('shows a packer no sales, only what their role is sent', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('packer', { name: 'Ravi' })) },
      'GET /api/admin/dashboard': { body: { ...full, sales: null } },
    });
    renderAdmin('/');
    expect(await screen.findByText('Orders to pack')).toBeTruthy();
    expect(screen.queryByText('Net sales today')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Sales, last 30 days' })).toBeNull();
  });
});
