import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminWholesaleApplication, PriceList } from '@kitroom/contract/admin';
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
  gstin_check: null,
  price_list: null,
  reject_reason: null,
  decided_at: null,
  registered: null,
  ...o,
});

const clubs: PriceList = {
  id: 4,
  name: 'Club shops',
  rules: [],
  tiers: [
    { min_pieces: 10, percent_off: 25 },
    { min_pieces: 50, percent_off: 35 },
  ],
  min_order_paise: 500_000,
  min_order_pieces: 0,
  wholesalers: 1,
  updated_at: '2026-11-24T09:15:00.000Z',
};

const chennai = application(2, {
  shop_name: 'Chennai Kit House',
  shop_location: 'T Nagar, Chennai, Tamil Nadu',
  gst: '29ABCDE1234F1ZW',
  gstin_check: {
    format_ok: true,
    checksum_ok: true,
    gstin_state: 'Karnataka',
    location_state: 'Tamil Nadu',
    state_matches: false,
  },
});

describe('the wholesale page', () => {
  it('shows every detail and the GSTIN check of each application, and filters by status', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager')) },
      'GET /api/admin/wholesale/price-lists': { body: { price_lists: [clubs] } },
      'GET /api/admin/wholesale/applications': (sent: Sent) => ({
        body: {
          applications:
            sent.query.get('status') === 'rejected'
              ? []
              : [
                  application(3, {
                    shop_name: 'Kochi Kits',
                    status: 'approved',
                    price_list: { id: 4, name: 'Club shops' },
                  }),
                  chennai,
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
    const chennaiCard = within(screen.getByRole('listitem', { name: 'Chennai Kit House' }));
    expect(chennaiCard.getByText('29ABCDE1234F1ZW')).toBeTruthy();
    expect(
      chennaiCard.getByText('Check it: registered in Karnataka, the shop is in Tamil Nadu'),
    ).toBeTruthy();
    const kochi = within(screen.getByRole('listitem', { name: 'Kochi Kits' }));
    expect(kochi.getByText('Approved')).toBeTruthy();
    expect(kochi.getByText('Club shops')).toBeTruthy();
    expect(kochi.getByRole('button', { name: 'Change price list' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'rejected' } });
    expect(await screen.findByText('No applications.')).toBeTruthy();
    expect(api.calls.at(-1)?.query.get('status')).toBe('rejected');
  });

  it('approves onto a chosen price list and rejects with a reason', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager')) },
      'GET /api/admin/wholesale/price-lists': { body: { price_lists: [clubs] } },
      'GET /api/admin/wholesale/applications': {
        body: { applications: [chennai, application(1)], next_before: null },
      },
      'POST /api/admin/wholesale/applications/1/approve': {
        body: {
          application: application(1, {
            status: 'approved',
            price_list: { id: 4, name: 'Club shops' },
          }),
        },
      },
      'POST /api/admin/wholesale/applications/2/reject': {
        body: { application: { ...chennai, status: 'rejected', reject_reason: 'Wrong state.' } },
      },
    });
    renderAdmin('/wholesale');
    const malabar = within(
      await screen.findByRole('listitem', { name: 'Malabar Sports' }, { timeout: 5000 }),
    );
    fireEvent.click(malabar.getByRole('button', { name: 'Approve' }));
    const approve = within(await screen.findByRole('dialog', { name: 'Approve Malabar Sports?' }));
    expect((approve.getByLabelText('Price list') as HTMLSelectElement).value).toBe('4');
    fireEvent.click(approve.getByRole('button', { name: 'Approve' }));
    await screen.findByRole('listitem', { name: 'Malabar Sports' });
    await waitForCall(api.calls, '/api/admin/wholesale/applications/1/approve');
    expect(api.calls.find((c) => c.path.endsWith('/1/approve'))?.body).toEqual({
      price_list_id: 4,
    });

    const chennaiCard = within(screen.getByRole('listitem', { name: 'Chennai Kit House' }));
    fireEvent.click(chennaiCard.getByRole('button', { name: 'Reject' }));
    const reject = within(await screen.findByRole('dialog', { name: 'Reject Chennai Kit House?' }));
    fireEvent.click(reject.getByRole('button', { name: 'Reject' }));
    expect(await reject.findByText('Please give the shop a reason.')).toBeTruthy();
    fireEvent.change(reject.getByLabelText('Reason'), { target: { value: 'Wrong state.' } });
    fireEvent.click(reject.getByRole('button', { name: 'Reject' }));
    await waitForCall(api.calls, '/api/admin/wholesale/applications/2/reject');
    expect(api.calls.find((c) => c.path.endsWith('/2/reject'))?.body).toEqual({
      reason: 'Wrong state.',
    });
  });
});

describe('approving a registered shop', () => {
  const kerala = application(5, {
    shop_name: 'Malabar Club Supplies',
    gst: '32AABCK1234F1Z8',
    gstin_check: {
      format_ok: true,
      checksum_ok: true,
      gstin_state: 'Kerala',
      location_state: null,
      state_matches: null,
    },
  });
  const business = {
    legal_name: 'Malabar Club Supplies LLP',
    street: '14 Mavoor Road',
    city: 'Kozhikode',
    pincode: '673004',
    state: 'Kerala' as const,
  };

  it('asks for its registered business, checks it, and sends it with the price list', async () => {
    const approvedShop: AdminWholesaleApplication = {
      ...kerala,
      status: 'approved',
      price_list: { id: 4, name: 'Club shops' },
      registered: business,
    };
    let approvedYet = false;
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager')) },
      'GET /api/admin/wholesale/price-lists': { body: { price_lists: [clubs] } },
      'GET /api/admin/wholesale/applications': () => ({
        body: { applications: [approvedYet ? approvedShop : kerala], next_before: null },
      }),
      'POST /api/admin/wholesale/applications/5/approve': () => {
        approvedYet = true;
        return { body: { application: approvedShop } };
      },
    });
    renderAdmin('/wholesale');
    const card = within(
      await screen.findByRole('listitem', { name: 'Malabar Club Supplies' }, { timeout: 5000 }),
    );
    fireEvent.click(card.getByRole('button', { name: 'Approve' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Approve Malabar Club Supplies?' }),
    );
    expect(dialog.getByText(/taxpayer search shows GSTIN 32AABCK1234F1Z8/)).toBeTruthy();
    // The state starts at the one the GSTIN names.
    expect((dialog.getByLabelText('State') as HTMLSelectElement).value).toBe('Kerala');
    fireEvent.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await dialog.findByText('Please enter the legal name as registered.')).toBeTruthy();
    expect(dialog.getByText('Please enter a 6-digit pincode.')).toBeTruthy();
    expect(api.calls.some((c) => c.path.endsWith('/5/approve'))).toBe(false);

    const type = (label: string, value: string) =>
      fireEvent.change(dialog.getByLabelText(label), { target: { value } });
    type('Legal name', business.legal_name);
    type('Street address', business.street);
    type('City', business.city);
    type('Pincode', business.pincode);
    fireEvent.click(dialog.getByRole('button', { name: 'Approve' }));
    await waitForCall(api.calls, '/api/admin/wholesale/applications/5/approve');
    expect(api.calls.find((c) => c.path.endsWith('/5/approve'))?.body).toEqual({
      price_list_id: 4,
      registered: business,
    });
    const approved = within(await screen.findByRole('listitem', { name: 'Malabar Club Supplies' }));
    expect(
      await approved.findByText(
        'Malabar Club Supplies LLP, 14 Mavoor Road, Kozhikode, Kerala 673004',
      ),
    ).toBeTruthy();
  }, 15_000);

  it('links the approve dialog to the price lists', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager')) },
      'GET /api/admin/wholesale/price-lists': { body: { price_lists: [clubs] } },
      'GET /api/admin/wholesale/applications': {
        body: { applications: [kerala], next_before: null },
      },
    });
    renderAdmin('/wholesale');
    const card = within(
      await screen.findByRole('listitem', { name: 'Malabar Club Supplies' }, { timeout: 5000 }),
    );
    fireEvent.click(card.getByRole('button', { name: 'Approve' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Approve Malabar Club Supplies?' }),
    );
    fireEvent.click(dialog.getByRole('link', { name: 'See the price lists' }));
    expect(
      await screen.findByRole('heading', { name: 'Price lists', level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});

async function waitForCall(calls: Sent[], path: string) {
  await waitFor(() => expect(calls.some((c) => c.path === path)).toBe(true));
}
