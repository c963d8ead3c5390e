// The page a guest's Notify me confirmation mail links to: nothing happens until the guest
// presses Confirm my email; then it says so and links to the jersey, or why the link fails.
import { fireEvent, screen } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import NotifyConfirmPage from './notify-confirm-page';

const open = (path: string) =>
  renderApp(<Route path="/confirmNotify/:requestId" element={<NotifyConfirmPage />} />, path);

describe('the Notify me confirmation page', () => {
  it('confirms with the link’s token only when asked, and links to the jersey in its size', async () => {
    const api = fakeApi();
    api.on('back_in_stock_confirm.php', () =>
      ok({
        product_id: 12,
        size: 'XL',
        in_stock: false,
        message: "Thank you: we'll email you once when Goa Home is back in size XL.",
      }),
    );
    open('/confirmNotify/44?token=abc_DEF-123');
    expect(api.calls['back_in_stock_confirm.php']).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm my email' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      "Thank you: we'll email you once when Goa Home is back in size XL.",
    );
    expect(api.calls['back_in_stock_confirm.php']).toEqual([
      { request_id: 44, token: 'abc_DEF-123' },
    ]);
    expect(screen.getByRole('link', { name: 'See the jersey' }).getAttribute('href')).toBe(
      '/product/12?size=XL',
    );
  });

  it('says why a link does not work', async () => {
    fakeApi().on('back_in_stock_confirm.php', () =>
      refuse(400, 'This confirmation link has expired.'),
    );
    open('/confirmNotify/44?token=old');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm my email' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This confirmation link has expired.',
    );
    expect(screen.getByRole('link', { name: 'Keep shopping' })).toBeTruthy();
  });

  it('says an incomplete link is incomplete without calling', () => {
    const api = fakeApi();
    open('/confirmNotify/44');
    expect(screen.getByRole('alert').textContent).toContain('not complete');
    expect(api.calls['back_in_stock_confirm.php']).toBeUndefined();
  });
});
