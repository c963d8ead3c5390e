import type { AdminGiveaway } from '@kitroom/contract/admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

function giveaway(o: Partial<AdminGiveaway> = {}): AdminGiveaway {
  return {
    id: 3,
    slug: 'derby-day',
    title: 'Signed derby jersey',
    rules: 'One entry per shopper.',
    picture: null,
    starts_at: '2026-11-20T04:30:00.000Z',
    ends_at: '2026-11-25T16:30:00.000Z',
    product_ids: [12, 48],
    state: 'ended',
    entries: 5,
    by_code: [
      { kind: 'affiliate', code: 'KOCHI10', name: 'Kochi Football Club', entries: 3 },
      { kind: 'none', code: null, name: null, entries: 2 },
    ],
    draw: null,
    ...o,
  };
}

const DRAW = {
  drawn_at: '2026-11-26T06:00:00.000Z',
  seed: 'ab'.repeat(32),
  entries: 5,
  index: 2,
  winner: { entry_id: 41, user_id: 9, name: 'Asha Menon', email: 'asha@example.com' },
};

describe('the giveaways pages', { timeout: 20_000 }, () => {
  it('lists giveaways with entries by referral code and the winner', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager')) },
      'GET /api/admin/giveaways': {
        body: {
          giveaways: [
            giveaway(),
            giveaway({
              id: 2,
              slug: 'kit-launch',
              title: 'Kit launch ball',
              entries: 1,
              by_code: [{ kind: 'campaign', code: 'IGDROP', name: 'Instagram', entries: 1 }],
              draw: DRAW,
            }),
          ],
        },
      },
    });
    renderAdmin('/giveaways');
    expect(await screen.findByRole('heading', { name: 'Giveaways', level: 1 })).toBeTruthy();
    const derby = await screen.findByRole('list', {
      name: 'Entries of Signed derby jersey by referral code',
    });
    expect(
      within(derby)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['KOCHI10 (Kochi Football Club): 3', 'No referral code: 2']);
    const launch = screen.getByRole('row', { name: /Kit launch ball/ });
    expect(within(launch).getByRole('listitem').textContent).toBe(
      'IGDROP (Instagram), campaign: 1',
    );
    expect(within(launch).getByText('asha@example.com')).toBeTruthy();
    expect(within(launch).getByText('Drawn')).toBeTruthy();
  });

  it('checks the form with the contract, then creates the giveaway', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('owner')) },
      'POST /api/admin/giveaways': ({ body }) => ({
        body: {
          giveaway: giveaway({
            id: 7,
            state: 'upcoming',
            entries: 0,
            by_code: [],
            ...(body as object),
          }),
        },
      }),
      'GET /api/admin/giveaways/7': { body: { giveaway: giveaway({ id: 7, entries: 0 }) } },
    });
    const view = renderAdmin('/giveaways/new');
    expect(await screen.findByRole('heading', { name: 'New giveaway', level: 1 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Title'), {
      target: { value: 'Derby Day: signed jersey!' },
    });
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe(
      'derby-day-signed-jersey',
    );
    fireEvent.change(screen.getByLabelText('Starts (India time)'), {
      target: { value: '2026-12-01T10:00' },
    });
    fireEvent.change(screen.getByLabelText('Ends (India time)'), {
      target: { value: '2026-11-30T10:00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create giveaway' }));
    expect(await screen.findByText('ends_at must be after starts_at')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Ends (India time)'));
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Ends (India time)'), {
      target: { value: '2026-12-08T22:00' },
    });
    fireEvent.change(screen.getByLabelText('Rules'), { target: { value: 'One entry each.' } });
    fireEvent.change(screen.getByLabelText('Featured product ids'), {
      target: { value: '12, 48' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create giveaway' }));
    await waitFor(() => expect(view.path()).toBe('/admin/giveaways/7'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Derby Day: signed jersey!',
      slug: 'derby-day-signed-jersey',
      rules: 'One entry each.',
      starts_at: '2026-12-01T10:00:00+05:30',
      ends_at: '2026-12-08T22:00:00+05:30',
      product_ids: [12, 48],
    });
  });

  it('draws the winner of an ended giveaway after a confirmation, and shows the seed', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager')) },
      'GET /api/admin/giveaways/3': { body: { giveaway: giveaway() } },
      'POST /api/admin/giveaways/3/draw': { body: { giveaway: giveaway({ draw: DRAW }) } },
    });
    renderAdmin('/giveaways/3');
    fireEvent.click(await screen.findByRole('button', { name: 'Draw the winner' }));
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, draw the winner' }));
    expect(await screen.findByText('Winner: Asha Menon (asha@example.com)')).toBeTruthy();
    expect(screen.getByText('ab'.repeat(32))).toBeTruthy();
    expect(screen.getByText(/picks entry 3 of 5 \(entry #41\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Draw the winner' })).toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('offers no draw before the end, and shows the server’s refusal', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager')) },
      'GET /api/admin/giveaways/3': { body: { giveaway: giveaway({ state: 'open' }) } },
    });
    renderAdmin('/giveaways/3');
    expect(await screen.findByText('The winner can be drawn once the giveaway ends.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Draw the winner' })).toBeNull();
  });

  it('is not for support staff', async () => {
    const api = fakeApi({ 'GET /api/admin/me': { body: signedInAs(staffMember('support')) } });
    renderAdmin('/giveaways');
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    expect(api.calls.map((c) => c.path)).toEqual(['/api/admin/me']);
  });
});
