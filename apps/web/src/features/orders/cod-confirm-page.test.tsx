// The page the cash-on-delivery mail links to: nothing happens until the shopper presses
// Confirm order; then it says the order is confirmed, or why the link no longer works.
import { fireEvent, screen } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import CodConfirmPage from './cod-confirm-page';

const open = (path: string) =>
  renderApp(<Route path="/confirmOrder/:orderId" element={<CodConfirmPage />} />, path);

describe('the COD confirmation page', () => {
  it('confirms with the link’s token only when asked, and links to the order', async () => {
    const api = fakeApi();
    api.on('cod_confirm.php', () =>
      ok({
        order_id: 31,
        order_status: 'Processing',
        message: 'Thank you: order #31 is confirmed.',
      }),
    );
    open('/confirmOrder/31?token=abc_DEF-123');
    expect(screen.getByRole('heading', { name: /Confirm your order/ }).textContent).toContain(
      'Order #31',
    );
    expect(api.calls['cod_confirm.php']).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Thank you: order #31 is confirmed.',
    );
    expect(api.calls['cod_confirm.php']).toEqual([{ order_id: 31, token: 'abc_DEF-123' }]);
    expect(screen.getByRole('link', { name: 'View your order' }).getAttribute('href')).toBe(
      '/reviewOrdersDetails/31',
    );
  });

  it('says why an expired link does not work, and points to My Orders', async () => {
    fakeApi().on('cod_confirm.php', () =>
      refuse(
        400,
        'This confirmation link has expired. Please open order #31 from My Orders to confirm it.',
      ),
    );
    open('/confirmOrder/31?token=old');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect((await screen.findByRole('alert')).textContent).toContain('has expired');
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toBeTruthy();
  });

  it('says a link without its token is not complete, and asks nothing', () => {
    const api = fakeApi();
    open('/confirmOrder/31');
    expect(screen.getByRole('alert').textContent).toBe(
      'This confirmation link is not complete. Please open it again from the mail.',
    );
    expect(screen.queryByRole('button', { name: 'Confirm order' })).toBeNull();
    expect(api.calls).toEqual({});
  });
});
