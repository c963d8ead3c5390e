import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@kitroom/contract/admin';
import { fakeApi, type Sent } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';
import { changedFields } from './changes';

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-24T09:15:00.000Z',
  actor: 'staff',
  staff_id: 1,
  staff_name: 'Fathima',
  ip: '203.0.113.9',
  entity: 'staff',
  entity_id: '2',
  action: 'update',
  before: { name: 'Ravi', role: 'support', disabled: false },
  after: { name: 'Ravi', role: 'packer', disabled: false },
  ...overrides,
});

describe('the audit log page', () => {
  it('shows entries newest first with what changed, filters, and loads more by cursor', async () => {
    const manager = staffMember('manager', { name: 'Anil' });
    const audit = (sent: Sent) => {
      if (sent.query.get('before') === '101') {
        return {
          body: {
            entries: [
              entry(100, {
                action: 'invite',
                entity: 'staff-invitation',
                entity_id: 'asha@kitroom.in',
                before: null,
                after: { role: 'support' },
              }),
            ],
            next_before: null,
          },
        };
      }
      if (sent.query.get('entity') === 'nothing')
        return { body: { entries: [], next_before: null } };
      return {
        body: {
          entries: [
            entry(102),
            entry(101, { actor: 'command_line', staff_id: null, staff_name: null, ip: null }),
          ],
          next_before: 101,
        },
      };
    };
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(manager) },
      'GET /api/admin/audit': audit,
    });
    renderAdmin('/audit');
    const table = await screen.findByRole('table', { name: /Audit entries/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('24 Nov 2026, 2:45 pm');
    expect(rows[0]!.textContent).toContain('203.0.113.9');
    expect(rows[0]!.textContent).toMatch(/role:\s*support\s*→\s*changed to\s*packer/);
    expect(rows[0]!.textContent).not.toContain('name:');
    expect(rows[1]!.textContent).toContain('Command line');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('asha@kitroom.in')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.calls.at(-1)?.query.get('before')).toBe('101');

    // A manager may not list staff: the people to filter by are those seen in the log.
    const who = screen.getByLabelText('Staff member');
    expect(
      within(who)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Anyone', 'Fathima']);
    expect(api.calls.some((c) => c.path === '/api/admin/staff')).toBe(false);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-24' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('must be on or after From')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText('Entity'), { target: { value: 'nothing' } });
    fireEvent.change(who, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
    expect(Object.fromEntries(api.calls.at(-1)!.query)).toEqual({
      entity: 'nothing',
      staff_id: '1',
      from: '2026-11-24',
      to: '2026-11-30',
      limit: '50',
    });
  });
});

describe('an entry no staff member made', () => {
  it('names the courier, shows only the fields the change set, and amounts in rupees', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('owner')) },
      'GET /api/admin/audit': {
        body: {
          entries: [
            entry(7, {
              actor: 'courier',
              staff_id: null,
              staff_name: null,
              ip: null,
              entity: 'order',
              entity_id: '41',
              action: 'deliver',
              before: {
                order_status: 'Shipped',
                payment_status: 'SUCCESS',
                tracking_id: 'SBX0000004101',
              },
              after: { order_status: 'Completed' },
            }),
            entry(6, {
              entity: 'order',
              entity_id: '40',
              action: 'refund',
              before: null,
              after: { refund_id: 3, amount_paise: 149_950, reason: 'Torn' },
            }),
          ],
          next_before: null,
        },
      },
    });
    renderAdmin('/audit');
    const table = await screen.findByRole('table', { name: /Audit entries/ });
    const [delivered, refunded] = within(table).getAllByRole('row').slice(1);
    expect(delivered!.textContent).toContain("Courier's tracking update");
    expect(delivered!.textContent).not.toContain('Command line');
    expect(delivered!.textContent).toMatch(/order status:\s*Shipped\s*→\s*changed to\s*Completed/);
    expect(delivered!.textContent).not.toContain('payment status');
    expect(delivered!.textContent).not.toContain('tracking id');
    expect(refunded!.textContent).toContain('amount: ₹1,499.50');
    expect(refunded!.textContent).not.toContain('149950');
    expect(refunded!.textContent).not.toContain('paise');
  });
});

describe('changedFields', () => {
  it('keeps only what changed, or what was set or removed', () => {
    expect(changedFields({ a: 1, b: true }, { a: 1, b: false })).toEqual([
      { field: 'b', before: 'yes', after: 'no' },
    ]);
    expect(changedFields(null, { role: 'packer' })).toEqual([{ field: 'role', after: 'packer' }]);
    expect(changedFields({ role: 'packer' }, null)).toEqual([{ field: 'role', before: 'packer' }]);
    expect(changedFields(null, null)).toEqual([]);
    // A field the change did not write was not cleared.
    expect(changedFields({ a: 1, b: 2 }, { a: 3 })).toEqual([
      { field: 'a', before: '1', after: '3' },
    ]);
    expect(changedFields({ total_paise: 100 }, { total_paise: 250, note: 'x' })).toEqual([
      { field: 'total', before: '₹1', after: '₹2.50' },
      { field: 'note', after: 'x' },
    ]);
  });
});
