import { screen } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import ReferralLinkPage from './referral-link-page';
import { eventually } from '@/test/eventually';

const routes = <Route path="/link/*" element={<ReferralLinkPage />} />;
const where = () => screen.getByTestId('where').textContent;

describe('the referral link page', () => {
  it('records a product link, keeps the code and opens the product', async () => {
    const api = fakeApi();
    api.on('tracking.php', () => ok({ success: true, valid: true, counted: true }));
    renderApp(routes, '/link/KOCHI10/42');
    await eventually(() => expect(where()).toBe('/product/42'));
    expect(api.calls['tracking.php']).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('affiliate_data')!)).toMatchObject({ id: 'KOCHI10' });
  });

  it('keeps a campaign code and lands on the giveaway page', async () => {
    const api = fakeApi();
    api.on('google_code.php', () => ok({ success: true, valid: true, counted: true }));
    renderApp(routes, '/link/giveaway/IGDROP');
    await eventually(() => expect(where()).toBe('/giveaway'));
    expect(JSON.parse(localStorage.getItem('google_code_data')!)).toMatchObject({ code: 'IGDROP' });
  });

  it('keeps nothing for an unknown code but still opens the page', async () => {
    const api = fakeApi();
    api.on('tracking.php', () => ok({ success: true, valid: false, counted: false }));
    renderApp(routes, '/link/NOBODY/42');
    await eventually(() => expect(where()).toBe('/product/42'));
    expect(localStorage.getItem('affiliate_data')).toBeNull();
  });

  it('goes home when the click is refused', async () => {
    const api = fakeApi();
    api.on('link_affiliates.php', () => refuse(400, 'Invalid request'));
    renderApp(routes, '/link/KOCHI10');
    await eventually(() => expect(where()).toBe('/'));
    expect(api.calls['link_affiliates.php']).toHaveLength(1);
    expect(localStorage.getItem('affiliate_data')).toBeNull();
  });

  it('goes home without a call for a link no handler takes', () => {
    const api = fakeApi();
    renderApp(routes, '/link/KOCHI10/shirt/extra');
    expect(where()).toBe('/');
    expect(api.calls).toEqual({});
  });

  it('goes home offline, keeps the code and retries the click once 10 s later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const api = fakeApi();
      api.on('tracking.php', () => 'offline');
      renderApp(routes, '/link/KOCHI10/42');
      await eventually(() => expect(where()).toBe('/'));
      expect(JSON.parse(localStorage.getItem('affiliate_data')!)).toMatchObject({ id: 'KOCHI10' });
      api.on('tracking.php', () => ok({ success: true, valid: true, counted: true }));
      await vi.advanceTimersByTimeAsync(9_900);
      expect(api.calls['tracking.php']).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(200);
      expect(api.calls['tracking.php']).toHaveLength(2);
      expect(sessionStorage.getItem('referral_retry')).toBeNull();
      await vi.advanceTimersByTimeAsync(20_000);
      expect(api.calls['tracking.php']).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
