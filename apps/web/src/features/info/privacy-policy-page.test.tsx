import { DEFAULT_SHIPPING_RATES } from '@kitroom/contract';
import { screen } from '@testing-library/react';
import { Route } from '@/ui/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callCacheKey, forgetApi } from '@/api/use-api';
import { fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import PrivacyPolicyPage from './privacy-policy-page';

const shop = {
  legal_name: 'Kitroom Sportswear',
  address: '2nd Floor, Mavoor Road',
  city: 'Kozhikode',
  state: 'Kerala',
  pincode: '673004',
  phone: '+91 495 272 1100',
  email: 'support@kitroom.in',
  support_hours: 'Monday to Saturday, 10 AM to 8 PM',
  shipping: DEFAULT_SHIPPING_RATES,
};
const routes = <Route path="/privacyPolicy" element={<PrivacyPolicyPage />} />;

afterEach(() => {
  vi.restoreAllMocks();
  forgetApi(callCacheKey('shop_details.php'));
});

describe('the privacy policy', () => {
  it('says how long data is kept, the shopper’s rights and who the grievance officer is', async () => {
    const api = fakeApi();
    api.on('shop_details.php', () =>
      ok({
        ...shop,
        grievance_officer_name: 'Fathima Rahman',
        grievance_officer_email: 'privacy@kitroom.in',
      }),
    );
    renderApp(routes, '/privacyPolicy');
    const officer = await screen.findByText('Fathima Rahman');
    expect(officer.closest('p')?.textContent).toContain(
      'Our grievance officer is Fathima Rahman. Write to them at privacy@kitroom.in',
    );
    expect(screen.getByRole('link', { name: 'privacy@kitroom.in' }).getAttribute('href')).toBe(
      'mailto:privacy@kitroom.in',
    );
    const page = document.body.textContent ?? '';
    expect(page).toContain('72 months from the due date of our annual GST return');
    expect(page).toContain('until you delete your account');
    expect(page).toContain('choose Download my data');
    expect(page).toContain('Delete my account in My Account erases your profile');
  });

  it('sends shoppers to the shop’s own email until an officer is named', async () => {
    const api = fakeApi();
    api.on('shop_details.php', () =>
      ok({ ...shop, grievance_officer_name: '', grievance_officer_email: '' }),
    );
    renderApp(routes, '/privacyPolicy');
    const link = await screen.findByRole('link', { name: 'support@kitroom.in' });
    expect(link.closest('p')?.textContent).toMatch(
      /^Write to our grievance officer at support@kitroom\.in about anything/,
    );
  });
});
