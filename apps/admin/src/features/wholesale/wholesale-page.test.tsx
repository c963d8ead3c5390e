import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminWholesaleApplication } from '@kitroom/contract/admin';
import { fakeApi, type Sent } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const application = (
  id: number,
  o: Partial<AdminWholesaleApplication> = {},
): AdminWholesaleApplication => ({
  id,
  shop_name: 'Malabar Sports',
  shop_location: 'Mavoor Road, Kozhikode',
  gst: null,
  requesting_person: 'Shameer P',
  contact_number: '9847012345',
  about_shop: 'Football kits for clubs and schools.',
  status: 'pending',
  created_at: '2026-11-24T09:15:00.000Z',
  user: { id: 3, name: 'Shameer P', email: 'shameer@example.com' },
  ...o,
});

describe('the wholesale page', () => {
  it('shows every detail of each application, read-only, and filters by status', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager')) },
      'GET /api/admin/wholesale/applications': (sent: Sent) => ({
        body: {
          applications:
            sent.query.get('status') === 'rejected'
              ? []
              : [
                  application(2, {
                    shop_name: 'Chennai Kit House',
                    gst: '33ABCDE1234F1Z5',
                    status: 'approved',
                  }),
                  application(1),
                ],
          next_before: null,
        },
      }),
    });
    renderAdmin('/wholesale');
    const malabar = within(
      await screen.findByRole('listitem', { name: 'Malabar Sports' }, { timeout: 5000 }),
    );
    expect(malabar.getByText('Mavoor Road, Kozhikode')).toBeTruthy();
    expect(malabar.getByText('Not given')).toBeTruthy();
    expect(malabar.getByRole('link', { name: '9847012345' }).getAttribute('href')).toBe(
      'tel:+919847012345',
    );
    expect(malabar.getByText('Shameer P (shameer@example.com)')).toBeTruthy();
    expect(malabar.getByText('Football kits for clubs and schools.')).toBeTruthy();
    expect(malabar.getByText('24 Nov 2026, 2:45 pm')).toBeTruthy();
    expect(malabar.getByText('Pending')).toBeTruthy();
    const chennai = within(screen.getByRole('listitem', { name: 'Chennai Kit House' }));
    expect(chennai.getByText('33ABCDE1234F1Z5')).toBeTruthy();
    expect(chennai.getByText('Approved')).toBeTruthy();
    expect(screen.getByText(/Approval comes with wholesale prices/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /approve/i })).toBeNull();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'rejected' } });
    expect(await screen.findByText('No applications.')).toBeTruthy();
    expect(api.calls.at(-1)?.query.get('status')).toBe('rejected');
  });
});
