import type { AdminLaunch } from '@kitroom/contract/admin';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

function launch(o: Partial<AdminLaunch> = {}): AdminLaunch {
  return {
    id: 4,
    name: 'Malabar FC Home 26/27',
    starts_at: '2026-11-30T13:30:00.000Z',
    limits_until: '2026-12-01T13:30:00.000Z',
    per_fan_limit: 2,
    cod_allowed: false,
    hold_minutes: 10,
    queue_opens_minutes: 10,
    admit_per_minute: 300,
    turn_minutes: 10,
    queued: 0,
    state: 'upcoming',
    products: [{ id: 12, name: 'Malabar FC Home 26/27', stock: 300 }],
    alerts: 41,
    alerts_sent_at: null,
    sold: 0,
    ...o,
  };
}

describe('the launches pages', { timeout: 20_000 }, () => {
  it('lists launches with their time in India, rules, fans waiting and pieces sold', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager')) },
      'GET /api/admin/launches': {
        body: {
          launches: [
            launch(),
            launch({
              id: 3,
              name: 'Derby Drop',
              state: 'over',
              sold: 287,
              alerts_sent_at: '2026-11-20T13:30:20.000Z',
              cod_allowed: true,
            }),
          ],
        },
      },
    });
    renderAdmin('/launches');
    expect(await screen.findByRole('heading', { name: 'Launches', level: 1 })).toBeTruthy();
    const rows = await screen.findAllByRole('row');
    expect(rows[1]!.textContent).toContain('Malabar FC Home 26/27');
    expect(rows[1]!.textContent).toContain('Upcoming');
    expect(rows[1]!.textContent).toContain('2 per size per fan · holds 10 min · COD off');
    expect(rows[1]!.textContent).toContain('41');
    expect(rows[2]!.textContent).toContain('Over');
    expect(rows[2]!.textContent).toContain('COD on');
    expect(rows[2]!.textContent).toContain('mailed');
    expect(rows[2]!.textContent).toContain('287');
    expect(screen.getByRole('link', { name: 'New launch' })).toBeTruthy();
  });

  it('checks the form with the contract, then schedules the launch', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager')) },
      'POST /api/admin/launches': { body: { launch: launch() } },
      'GET /api/admin/launches': { body: { launches: [launch()] } },
    });
    const view = renderAdmin('/launches/new');
    expect(await screen.findByRole('heading', { name: 'New launch', level: 1 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Malabar FC Home 26/27' } });
    fireEvent.change(screen.getByLabelText('On sale from (India time)'), {
      target: { value: '2026-11-30T19:00' },
    });
    fireEvent.change(screen.getByLabelText('Limits until (India time)'), {
      target: { value: '2026-11-30T18:00' },
    });
    fireEvent.change(screen.getByLabelText('Product ids'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule launch' }));
    expect(await screen.findByText('Limits until must be after the start')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Limits until (India time)'), {
      target: { value: '2026-12-01T19:00' },
    });
    fireEvent.change(screen.getByLabelText('Pieces of each size per fan'), {
      target: { value: '1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule launch' }));
    await waitFor(() => expect(view.path()).toBe('/admin/launches'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Malabar FC Home 26/27',
      starts_at: '2026-11-30T19:00:00+05:30',
      limits_until: '2026-12-01T19:00:00+05:30',
      per_fan_limit: 1,
      cod_allowed: false,
      hold_minutes: 10,
      queue_opens_minutes: 10,
      admit_per_minute: 300,
      turn_minutes: 10,
      product_ids: [12],
    });
  });

  it('a started launch keeps its time, rules and jerseys; a packer sees it read-only', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('packer')) },
      'GET /api/admin/launches/4': { body: { launch: launch({ state: 'on', sold: 12 }) } },
    });
    renderAdmin('/launches/4');
    expect(await screen.findByText('On sale, limits on')).toBeTruthy();
    expect(screen.getByText('12 sold')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel launch' })).toBeNull();
    expect(screen.getByText('#12 Malabar FC Home 26/27: 300 in stock')).toBeTruthy();
  });
});
