import type { StorefrontGiveaway } from '@kitroom/contract';
import { GIVEAWAY_ENDED } from '@kitroom/contract';
import { act, screen } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it } from 'vitest';
import { eventually } from '@/test/eventually';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import GiveawayPage from './giveaway-page';

const routes = <Route path="/giveaway/:slug?" element={<GiveawayPage />} />;
const where = () => screen.getByTestId('where').textContent;

function giveaway(o: Partial<StorefrontGiveaway> = {}): StorefrontGiveaway {
  return {
    slug: 'derby-day',
    title: 'Signed derby jersey',
    rules: 'One entry per shopper.\nThe winner is drawn after the end.',
    picture: 'images/products/upload-abc.webp',
    // 20:30 and 22:00 in India.
    starts_at: '2026-11-20T15:00:00.000Z',
    ends_at: '2026-12-05T16:30:00.000Z',
    state: 'open',
    products: [],
    entered: false,
    drawn: false,
    ...o,
  };
}

describe('the giveaway page', () => {
  it('shows the giveaway and sends a visitor to log in and back', async () => {
    const api = fakeApi();
    api.on('giveaway.php', () => ok({ giveaway: giveaway() }));
    renderApp(routes, '/giveaway/derby-day');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Signed derby jersey' }),
    ).toBeTruthy();
    expect(screen.getByText('Open until 5 Dec 2026, 10:00 pm')).toBeTruthy();
    expect(screen.getByText(/One entry per shopper\.\s+The winner is drawn/)).toBeTruthy();
    expect(api.calls['giveaway.php']).toEqual([{ slug: 'derby-day' }]);
    act(() => screen.getByRole('link', { name: 'Log in to enter' }).click());
    expect(where()).toBe('/login?redirect=%2Fgiveaway%2Fderby-day');
  });

  it('enters a logged-in shopper with the kept affiliate code and says they are in', async () => {
    logInLocally(7);
    localStorage.setItem(
      'affiliate_data',
      JSON.stringify({ id: 'KOCHI10', timestamp: Date.now() }),
    );
    const api = fakeApi();
    api.on('giveaway.php', () => ok({ giveaway: giveaway() }));
    api.on('giveaway_entry.php', () => ok({ entered: true, already: false }));
    renderApp(routes, '/giveaway/derby-day');
    const button = await screen.findByRole('button', { name: 'Enter the giveaway' });
    act(() => button.click());
    expect((await screen.findByRole('status')).textContent).toContain('You’re in!');
    expect(api.calls['giveaway_entry.php']).toEqual([
      { user_id: 7, slug: 'derby-day', affiliate_code: 'KOCHI10', google_code: null },
    ]);
    expect(screen.queryByRole('button', { name: 'Enter the giveaway' })).toBeNull();
  });

  it("shows the server's refusal when the giveaway closed meanwhile", async () => {
    logInLocally(7);
    const api = fakeApi();
    api.on('giveaway.php', () => ok({ giveaway: giveaway() }));
    api.on('giveaway_entry.php', () => refuse(409, GIVEAWAY_ENDED));
    renderApp(routes, '/giveaway/derby-day');
    const button = await screen.findByRole('button', { name: 'Enter the giveaway' });
    act(() => button.click());
    expect((await screen.findByRole('alert')).textContent).toContain(GIVEAWAY_ENDED);
  });

  it('is closed before the start and after the end', async () => {
    logInLocally(7);
    const api = fakeApi();
    api.on('giveaway.php', (body) =>
      ok({
        giveaway:
          body?.slug === 'early'
            ? giveaway({ slug: 'early', state: 'upcoming' })
            : giveaway({ slug: 'late', state: 'ended', drawn: true }),
      }),
    );
    const early = renderApp(routes, '/giveaway/early');
    expect(await screen.findByText('Opens 20 Nov 2026, 8:30 pm')).toBeTruthy();
    expect(screen.getByText('Entries open when the giveaway starts.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enter the giveaway' })).toBeNull();
    early.unmount();
    renderApp(routes, '/giveaway/late');
    expect(await screen.findByText('Entries are closed.')).toBeTruthy();
    expect(screen.getByText(/The winner has been drawn/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enter the giveaway' })).toBeNull();
  });

  it('shows "You’re in" to a shopper who entered before', async () => {
    logInLocally(7);
    const api = fakeApi();
    api.on('giveaway.php', () => ok({ giveaway: giveaway({ entered: true }) }));
    renderApp(routes, '/giveaway/derby-day');
    expect(await screen.findByText(/You’re in!/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enter the giveaway' })).toBeNull();
  });

  it('says so for an unknown giveaway', async () => {
    const api = fakeApi();
    api.on('giveaway.php', () => refuse(404, 'Giveaway not found.'));
    renderApp(routes, '/giveaway/nope');
    expect(await screen.findByRole('heading', { name: 'Giveaway not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Back to Shopping' })).toBeTruthy();
  });

  it('opens the current giveaway at its own address from /giveaway', async () => {
    const api = fakeApi();
    api.on('giveaway.php', () => ok({ giveaway: giveaway() }));
    renderApp(routes, '/giveaway');
    await eventually(() => expect(where()).toBe('/giveaway/derby-day'));
    expect(api.calls['giveaway.php']![0]).toEqual({});
  });
});
