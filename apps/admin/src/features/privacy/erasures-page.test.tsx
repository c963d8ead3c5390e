import type { AdminErasure } from '@kitroom/contract/admin';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, type Sent } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const waiting: AdminErasure = {
  id: 2,
  user_id: 41,
  state: 'waiting',
  shopper: { name: 'Ravi Kumar', email: 'ravi@example.com' },
  waiting_reason: 'We will erase your account once order #123 is delivered or cancelled.',
  blocking_order_id: 123,
  requested_at: '2026-11-24T09:15:00.000Z',
  done_at: null,
};
const done: AdminErasure = {
  id: 1,
  user_id: 17,
  state: 'done',
  shopper: null,
  waiting_reason: null,
  blocking_order_id: null,
  requested_at: '2026-11-20T04:30:00.000Z',
  done_at: '2026-11-20T04:30:00.000Z',
};

describe('the account deletions page', () => {
  it('shows waiting requests first with the order holding each, then those done, and filters', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('support')) },
      'GET /api/admin/erasures': (sent: Sent) => ({
        body: {
          erasures: sent.query.get('state') === 'done' ? [done] : [waiting, done],
          waiting: 1,
        },
      }),
    });
    renderAdmin('/erasures');
    const first = await screen.findByRole('row', { name: 'Account deletion of shopper #41' });
    expect(first.textContent).toContain('Ravi Kumar · ravi@example.com');
    expect(within(first).getByRole('link', { name: 'Shopper #41' }).getAttribute('href')).toBe(
      '/admin/customers/41',
    );
    expect(first.textContent).toContain('Waiting');
    expect(within(first).getByRole('link', { name: 'order #123' }).getAttribute('href')).toBe(
      '/admin/orders/123',
    );
    const second = screen.getByRole('row', { name: 'Account deletion of shopper #17' });
    expect(second.textContent).toContain('Name and email erased');
    expect(second.textContent).toContain('Done');
    expect(screen.getByText('1 waiting')).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Account deletion of shopper #41',
      'Account deletion of shopper #17',
    ]);

    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'done' } });
    expect(
      await screen.findByText((_, el) => el?.tagName === 'TBODY' && el.children.length === 1),
    ).toBeTruthy();
    expect(api.calls.at(-1)?.path).toBe('/api/admin/erasures');
    expect(api.calls.at(-1)?.query.get('state')).toBe('done');
  });

  it('is in the navigation of staff who may see shoppers, and not of packers', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('packer')) },
    });
    renderAdmin('/erasures');
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    const nav = screen.getByRole('navigation');
    expect(within(nav).queryByRole('link', { name: 'Account deletions' })).toBeNull();
  });
});
