// The cart reminder's unsubscribe link (decision 065): opening it unsubscribes (one click),
// with the token from the link, and says so; a link not of ours says why.
import { screen } from '@testing-library/react';
import { CART_REMINDERS_STOPPED } from '@kitroom/contract';
import { Route } from '@/ui/router';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import UnsubscribePage from './unsubscribe-page';

const open = (path: string) =>
  renderApp(<Route path="/unsubscribe/:token" element={<UnsubscribePage />} />, path);

describe('the unsubscribe page', () => {
  it('unsubscribes with the link’s token and says what happened', async () => {
    const api = fakeApi();
    api.on('cart_reminders_unsubscribe.php', () => ok({ message: CART_REMINDERS_STOPPED }));
    open('/unsubscribe/abc_DEF-123');
    expect((await screen.findByText(CART_REMINDERS_STOPPED)).closest('[role=status]')).toBeTruthy();
    expect(api.calls['cart_reminders_unsubscribe.php']).toEqual([{ token: 'abc_DEF-123' }]);
    expect(screen.getByRole('link', { name: 'Keep shopping' }).getAttribute('href')).toBe('/');
  });

  it('says why a link does not work', async () => {
    fakeApi().on('cart_reminders_unsubscribe.php', () =>
      refuse(404, 'This unsubscribe link is not valid.'),
    );
    open('/unsubscribe/nope');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This unsubscribe link is not valid.',
    );
  });
});
